/// A tiny deterministic random number generator (SplitMix64) so that generated test
/// inputs are the same on every run and every platform.
struct InstructionsTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Characters that stress the grammar, plus ordinary letters.
    static let alphabet: [Unicode.Scalar] = [
        ",", "=", ";", "\\", "#", "<", ">", "(", ")", "[", "]", "-", " ", "\t", "\n", "\r",
        "é", "🙂", "\u{301}", "\u{7}", ".", "a", "b", "c", "X", "Y", "Z", "0", "1", "_",
    ]

    /// A string of `1...maxLength` scalars drawn from ``alphabet``.
    mutating func string(maxLength: Int) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...maxLength, using: &self) {
            view.append(Self.alphabet.randomElement(using: &self)!)
        }
        return String(view)
    }

    /// Text built from instruction-like fragments, to reach deeper parser paths than
    /// uniformly random characters.
    mutating func instructionLikeText(fragments: Int) -> String {
        let pieces = [
            "type", "factory", "scope", "lifecycle", "factroy", "=", ",", ";", "\n", "\r\n", "[", "]",
            "[checkout]", "#", " ", "\t", "\\", "\\,", "\\u{", "}", "<", ">", "->", "(", ")",
            "singleton", "transient", "MyApp.X", "é", "🙂", "\u{0}", "\u{7}", "\u{FEFF}",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...fragments, using: &self) {
            text += pieces.randomElement(using: &self)!
        }
        return text
    }
}
