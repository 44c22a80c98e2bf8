import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: environment instruction lists")
struct InstructionsListTests {
    private func parse(_ text: String, limits: InstructionSourceLimits = .default) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        InstructionText.parseInstructionList(text, variable: "RELAY_DEPENDENCIES", limits: limits)
    }

    @Test func semicolonsAndNewlinesSeparate() {
        let result = parse("type=A,factory=B;type=C,factory=D\ntype=E,factory=F,scope=checkout\r\ntype=G,factory=H")
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 1, column: 1)),
            LocatedInstruction(instruction: .init(type: "C", factory: "D"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 2, column: 1)),
            LocatedInstruction(instruction: .init(type: "E", factory: "F", scope: "checkout"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 3, column: 1)),
            LocatedInstruction(instruction: .init(type: "G", factory: "H"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 4, column: 1)),
        ])
    }

    @Test func emptySegmentsAreSkippedButCounted() {
        let result = parse("; ;  type=A,factory=B;;\r\n\ntype=C,factory=D;")
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions.map(\.origin.description) == ["$RELAY_DEPENDENCIES:3:3", "$RELAY_DEPENDENCIES:7:1"])
        #expect(parse("").instructions.isEmpty)
        #expect(parse("").diagnostics.isEmpty)
    }

    @Test func escapedSemicolonStaysInTheValue() {
        let result = parse(#"type=A\;B,factory=C\\;type=D,factory=E"#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions.map(\.instruction) == [.init(type: "A;B", factory: #"C\"#), .init(type: "D", factory: "E")])
    }

    @Test func errorsArePositionedInTheirSegment() {
        let result = parse("type=A,factory=B; type=C,factroy=D;type=E")
        #expect(result.instructions.map(\.instruction) == [.init(type: "A", factory: "B")])
        #expect(result.diagnostics.map(\.description) == [
            "$RELAY_DEPENDENCIES:2:9: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)",
            "$RELAY_DEPENDENCIES:3:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub",
        ])
    }

    @Test func aLineEndAlwaysEndsASegment() {
        let result = parse("type=A,factory=B\\\ntype=C,factory=D")
        #expect(result.instructions.map(\.instruction) == [.init(type: "C", factory: "D")])
        #expect(result.diagnostics.map(\.description) == [
            #"$RELAY_DEPENDENCIES:1:17: error: lone '\' at the end of the instruction; write '\\' for a literal backslash"#,
        ])
    }

    @Test func limits() {
        let count = parse("type=A,factory=F;type=B,factory=F;type=C,factory=F", limits: InstructionSourceLimits(maxInstructions: 2))
        #expect(count.instructions.count == 2)
        #expect(count.diagnostics.map(\.description) == [
            "$RELAY_DEPENDENCIES:3:1: error: more than 2 instructions; move some to a .relay file or raise InstructionSourceLimits.maxInstructions",
        ])
        let size = parse("type=A,factory=F", limits: InstructionSourceLimits(maxBytes: 4))
        #expect(size.instructions.isEmpty)
        #expect(size.diagnostics.map(\.description) == [
            "$RELAY_DEPENDENCIES: error: the value is 16 bytes; the limit is 4 bytes — move the instructions to a .relay file or raise InstructionSourceLimits.maxBytes",
        ])
    }
}
