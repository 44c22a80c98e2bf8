/// Finds the valid key closest to a misspelled one, for "did you mean" hints.
enum InstructionKeySuggestion {
    /// The valid key within edit distance 2 of `key` (a swap of neighbours counts as one
    /// edit), preferring the closest and then the earliest in canonical order.
    static func suggestion(for key: String) -> String? {
        var best: (key: String, distance: Int)?
        for candidate in InstructionSyntax.keys where abs(key.unicodeScalars.count - candidate.unicodeScalars.count) <= 2 {
            let distance = editDistance(Array(key.lowercased().unicodeScalars), Array(candidate.unicodeScalars))
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent scalars.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
