import RelayTestSupport
import Relay
import RelayToolCore
import Testing

@Suite("Canonical layout")
struct RelayFileFormatterTests {
    private func format(_ text: String) throws -> String {
        let instructions = try InstructionSourceParsing.parseRelayText(text, source: "test", context: InstructionReadContext())
        return try RelayFileFormatter.format(text, instructions: instructions)
    }

    static let samples = [
        FormatCommandTests.messy,
        "# top, directly above\ntype=B,factory=C\ntype=A,factory=B\n",
        "type=B,factory=C\n# floating\n\n# more\n\ntype=A,factory=B\n# trailing\n\n# end",
        "# global header\n[global]\n[z]\n# z header\n[a]\ntype=A,factory=B\n# back\n[global]\ntype=Q,factory=R\n",
        "# a\n\n# b\n\n\n# c\n[ s p ]\r\ntype=A,factory=B,scope=s p\n",
    ]

    @Test(arguments: samples)
    func isIdempotentAndKeepsTheInstructions(text: String) throws {
        let once = try format(text)
        #expect(try format(once) == once)
        let before = try InstructionSourceParsing.parseRelayText(text, source: "t", context: InstructionReadContext()).map(\.instruction)
        let after = try InstructionSourceParsing.parseRelayText(once, source: "t", context: InstructionReadContext()).map(\.instruction)
        #expect(Set(before) == Set(after))
        #expect(!once.contains("\r"))
        #expect(once.isEmpty || once.hasSuffix("\n"))
    }

    @Test func commentsHeadersAndOrderStayWhereTheAuthorPutThem() throws {
        #expect(try format("type=B,factory=C\n# floating\n\n# more\n\ntype=A,factory=B\n# trailing\n\n# end") == """
            type=B,factory=C
            # floating

            # more

            type=A,factory=B
            # trailing

            # end

            """)
        let sections = "# global header\n[global]\n[z]\n# z header\n[a]\ntype=A,factory=B\n# back\n[global]\ntype=Q,factory=R\n"
        #expect(try format(sections) == sections)
        // A comment glued to the first instruction stays on top, and an explicit [global]
        // section and its teaching comment stay as written (the repository's own fixtures).
        let fixture = "# About this file.\ntype=B,factory=C\n\n[shop]\ntype=A,factory=B\n\n# [global] goes back to the global scope.\n[global]\ntype=D,factory=E\n"
        #expect(try format(fixture) == fixture)
    }

    /// A CR is part of a line end only right before a LF; anywhere else — in a comment
    /// too — it is an error at its line and column, like a NUL or an ESC, so no formatted
    /// file can hold one.
    @Test(arguments: [
        ("# c\r[ctyp", "1:4"), ("# \r ", "1:3"), ("# a\r\r\n# b\n", "1:4"),
        ("type=A,factory=B\r", "1:17"), ("#\r\ntype=A\r,factory=B\n", "2:7"),
    ])
    func aLoneCarriageReturnIsAnError(text: String, position: String) {
        let error = #expect(throws: DynamicInjectionError.self) { try format(text) }
        #expect(error?.description.hasPrefix("test:\(position): error: carriage return (U+000D) that does not end a line") == true, "\(String(describing: error))")
    }

    /// Formatting a formatted file changes nothing: `format(format(x)) == format(x)` for
    /// many generated `.relay`-like texts — comments, headers, blank lines, CR and CRLF,
    /// tabs, control characters — for every one that formats at all.
    @Test func formattingIsAFixedPointOnGeneratedFiles() throws {
        var random = FormatterTestRandom(seed: 0xF0_4A7)
        let pieces = [
            "type=A,factory=B", "type=C.D,factory=C.D.Stub,lifecycle=transient", "type=E,factory=F,scope=s",
            "scope=checkout,type=G,factory=H", "type=I\\,J,factory=K\\=1", "type=Cache<A, B>,factory=L",
            "[checkout]", "[ s p ]", "[global]", "[s]", "# note", "#", "# a\tb", "#\r", "# \r ", "# x\ry",
            " ", "\t", "\r", "\u{7}", "\u{0}", "\u{1B}", "\u{FEFF}", "é", "type", "=", ",", "#", "[", "]",
        ]
        let ends = ["\n", "\r\n", "\r", "", "\n\n"]
        var formatted = 0
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...10, using: &random) {
                for _ in 0..<Int.random(in: 1...3, using: &random) { text += pieces.randomElement(using: &random)! }
                text += ends.randomElement(using: &random)!
            }
            let loneCarriageReturn = text.utf8.indices.contains { text.utf8[$0] == 0x0D && text.utf8[text.utf8.index(after: $0)...].first != 0x0A }
            guard let once = try? format(text) else { continue }
            #expect(!loneCarriageReturn, "a lone CR was accepted: \(text.debugDescription)")
            #expect(!once.contains("\r"), "\(text.debugDescription) → \(once.debugDescription)")
            formatted += 1
            let twice = try format(once)
            #expect(twice == once, "\(text.debugDescription) → \(once.debugDescription) → \(twice.debugDescription)")
        }
        #expect(formatted > 400)   // a lone CR, in many generated texts, is an error
    }

    @Test func mismatchedInstructionsAreRejected() {
        #expect(throws: RelayFormatError.unexpectedLine(1)) {
            try RelayFileFormatter.format("type=A,factory=B\n", instructions: [])
        }
    }
}

/// Generated `.relay` files are the same on every run and platform.
typealias FormatterTestRandom = SeededRandom
