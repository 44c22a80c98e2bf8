import Testing
@testable import Relay
@testable import RelayInstructions

/// `.relay` content gives one answer whether it arrives as a `String`
/// (``InstructionSourceParsing/parseRelayText(_:source:context:)``) or as bytes
/// (``InstructionSourceParsing/parseRelayBytes(_:source:context:)``): the same
/// instructions, or the same diagnostics.
@Suite("Instructions: .relay text and bytes give one answer")
struct InstructionsTextAndBytesTests {
    /// The instructions, or the description of the error, for `text` read as a `String`
    /// and as its UTF-8 bytes.
    private func bothReadings(_ text: String) -> (text: String, bytes: String) {
        func describe(_ read: () throws -> [LocatedInstruction]) -> String {
            do {
                return try read().map { "\($0.origin): \($0.instruction)" }.joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
        let context = InstructionReadContext()
        return (
            describe { try InstructionSourceParsing.parseRelayText(text, source: "f.relay", context: context) },
            describe { try InstructionSourceParsing.parseRelayBytes(Array(text.utf8), source: "f.relay", context: context) }
        )
    }

    @Test(arguments: [
        "# a NUL \u{0} in a comment\ntype=A,factory=B\n",
        "type=A,factory=B\n  # an escape \u{1B}[31m in a comment\n",
        "# a BEL \u{7}\n[checkout\n",
        "\u{FEFF}# C1 \u{85}\n",
        "[check\u{0}out]\ntype=A,factory=B\n",
        "type=A\u{7},factory=B\n",
    ])
    func controlCharactersAreRejectedFromTextAsFromBytes(_ text: String) {
        let readings = bothReadings(text)
        #expect(readings.text == readings.bytes)
        #expect(readings.text.contains("error:"), "\(readings.text)")
    }

    @Test func generatedContentGivesOneAnswer() {
        var random = InstructionsTestRandom(seed: 0x0AE5)
        let pieces = [
            "type=A,factory=B", "type=C,factory=D,scope=x", "[checkout]", "[bad", "# note", "#\u{0}", "# \u{1B}",
            " ", "\t", "\r", "\u{7}", "\u{85}", "\u{FEFF}", "type=é,factory=🙂", "type=A # no", "x", "=",
        ]
        let ends = ["\n", "\r\n", ""]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                text += pieces.randomElement(using: &random)! + ends.randomElement(using: &random)!
            }
            let readings = bothReadings(text)
            #expect(readings.text == readings.bytes, "\(text.debugDescription)")
        }
    }
}
