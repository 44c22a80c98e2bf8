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

    @Test func mismatchedInstructionsAreRejected() {
        #expect(throws: RelayFormatError.unexpectedLine(1)) {
            try RelayFileFormatter.format("type=A,factory=B\n", instructions: [])
        }
    }
}
