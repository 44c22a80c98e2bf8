import RelayTestSupport

/// Inputs for the instruction tests: `SeededRandom` with generators of grammar-stressing text.
typealias InstructionsTestRandom = SeededRandom

extension SeededRandom {
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
