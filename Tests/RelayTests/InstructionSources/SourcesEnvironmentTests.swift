import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: environment variables")
struct SourcesEnvironmentTests {
    private func read(_ value: String?, variable: String = "RELAY_DEPENDENCIES", context: InstructionReadContext = InstructionReadContext()) throws -> [LocatedInstruction] {
        let environment = value.map { [variable: $0] } ?? ["OTHER": "type=A,factory=B"]
        return try EnvironmentInstructionSource(environment: environment, variable: variable).readInstructions(context: context)
    }

    private func error(_ value: String, context: InstructionReadContext = InstructionReadContext()) -> String {
        sourcesErrorDescription { try read(value, context: context) }
    }

    @Test func constantsAndName() {
        #expect(EnvironmentInstructionSource.defaultVariable == "RELAY_DEPENDENCIES")
        #expect(EnvironmentInstructionSource.fileVariable == "RELAY_DEPENDENCIES_FILE")
        let source = EnvironmentInstructionSource(environment: [:])
        #expect(source.variable == "RELAY_DEPENDENCIES")
        #expect(source.name == "$RELAY_DEPENDENCIES")
        #expect(EnvironmentInstructionSource(environment: [:], variable: "UI_STUBS").name == "$UI_STUBS")
    }

    @Test func unsetAndEmptyGiveNoInstructions() throws {
        #expect(try read(nil).isEmpty)
        #expect(try read("").isEmpty)
        #expect(try read(" ; ;\n").isEmpty)
    }

    @Test func semicolonAndNewlineSeparated() throws {
        let instructions = try read("type=A,factory=B;  type=C,factory=D,scope=checkout\r\n;type=E\\;F,factory=G;")
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 1, column: 1)),
            LocatedInstruction(instruction: .init(type: "C", factory: "D", scope: "checkout"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 2, column: 3)),
            LocatedInstruction(instruction: .init(type: "E;F", factory: "G"), origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 4, column: 1)),
        ])
        #expect(instructions.map(\.origin.description) == ["$RELAY_DEPENDENCIES:1:1", "$RELAY_DEPENDENCIES:2:3", "$RELAY_DEPENDENCIES:4:1"])
    }

    @Test func customVariableNameAppearsInOrigins() throws {
        let instructions = try read("type=A,factory=B", variable: "UI_STUBS")
        #expect(instructions.map(\.origin.description) == ["$UI_STUBS:1:1"])
    }

    @Test func syntaxErrorsInEverySegment() {
        #expect(error("type=A,factroy=B;type=C;;type=D,factory=E,lifecycle=forever") == """
            $RELAY_DEPENDENCIES:1:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            $RELAY_DEPENDENCIES:2:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub
            $RELAY_DEPENDENCIES:4:28: error: invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'
            """)
    }

    @Test func controlCharactersArePositioned() {
        #expect(error("type=A,factory=B;type=C\u{7},factory=D")
            == #"$RELAY_DEPENDENCIES:2:7: error: control character U+0007 in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
        #expect(error("type=A,factory=B\n  type=\u{0}C,factory=D")
            == #"$RELAY_DEPENDENCIES:2:8: error: control character U+0000 in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
        #expect(error("type=A\r,factory=B")
            == #"$RELAY_DEPENDENCIES:1:7: error: control character U+000D in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
    }

    @Test func valueOverTheSizeLimit() {
        #expect(error("type=A,factory=B;type=C,factory=D", context: sourcesContext(maxBytes: 32))
            == "$RELAY_DEPENDENCIES: error: the value is 33 bytes; the limit is 32 bytes — move the instructions to a .relay file or raise InstructionSourceLimits.maxBytes")
    }

    @Test func valueOverTheCountLimit() {
        #expect(error("type=A,factory=X;type=B,factory=X;type=C,factory=X", context: sourcesContext(maxInstructions: 2))
            == "$RELAY_DEPENDENCIES:3:1: error: more than 2 instructions; move some to a .relay file or raise InstructionSourceLimits.maxInstructions")
    }

    @Test func duplicates() {
        #expect(error("type=A,factory=B;type=A,factory=C,scope=checkout;type=A,factory=D") == """
            $RELAY_DEPENDENCIES:3:1: error: duplicate instruction for A in scope global; each type may be bound once per scope in one source — remove one of them
            $RELAY_DEPENDENCIES:1:1: note: previous instruction for A is here
            """)
    }
}
