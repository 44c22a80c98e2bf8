#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import RelayContainer
/// Finds the valid key closest to a misspelled one, for "did you mean" hints.
enum InstructionKeySuggestion {
    /// The valid key within edit distance 2 of `key` (a swap of neighbours counts as one
    /// edit), preferring the closest and then the earliest in canonical order.
    static func suggestion(for key: String) -> String? {
        var best: (key: String, distance: Int)?
        for candidate in InstructionSyntax.keys where abs(key.unicodeScalars.count - candidate.unicodeScalars.count) <= 2 {
            let distance = NearMatch.distance(key, candidate)
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }
}
#endif
