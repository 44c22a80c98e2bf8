import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: InstructionSourceParsing for custom sources")
struct SourcesParsingHelperTests {
    @Test func parsesRelayTextWithCustomOrigins() throws {
        let instructions = try InstructionSourceParsing.parseRelayText(
            "type=A,factory=B\n[checkout]\ntype=A,factory=C\n",
            source: "UserDefaults[relay]",
            context: InstructionReadContext()
        )
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .custom(source: "UserDefaults[relay]", line: 1, column: 1)),
            LocatedInstruction(instruction: .init(type: "A", factory: "C", scope: "checkout"), origin: .custom(source: "UserDefaults[relay]", line: 3, column: 1)),
        ])
    }

    @Test func reportsSyntaxErrorsAndDuplicates() {
        let description = sourcesErrorDescription {
            try InstructionSourceParsing.parseRelayText("type=A,factory=B\ntype=B,factory\ntype=A,factory=C", source: "defaults", context: InstructionReadContext())
        }
        #expect(description == """
            defaults:2:8: error: expected key=value, found 'factory'; write each pair as key=value and separate pairs with ','
            defaults:3:1: error: duplicate instruction for A in scope global; each type may be bound once per scope in one source — remove one of them
            defaults:1:1: note: previous instruction for A is here
            """)
    }

    @Test func enforcesLimits() {
        #expect(sourcesErrorDescription { try InstructionSourceParsing.parseRelayText("type=A,factory=B", source: "defaults", context: sourcesContext(maxBytes: 4)) }
            == "defaults: error: the input is 16 bytes; the limit is 4 bytes — split the file or raise InstructionSourceLimits.maxBytes")
    }

    @Test func parsesBytes() throws {
        let instructions = try InstructionSourceParsing.parseRelayBytes([0xEF, 0xBB, 0xBF] + Array("type=A,factory=B".utf8), source: "plist", context: InstructionReadContext())
        #expect(instructions.map(\.origin.description) == ["plist:1:1"])
        #expect(sourcesErrorDescription { try InstructionSourceParsing.parseRelayBytes([0x41, 0xC0], source: "plist", context: InstructionReadContext()) }
            == "plist:1:2: error: invalid UTF-8 byte 0xC0; save the file as UTF-8")
    }
}
