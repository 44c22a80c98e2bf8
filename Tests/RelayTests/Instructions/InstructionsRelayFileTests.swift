import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: the .relay file format")
struct InstructionsRelayFileTests {
    private func parse(_ text: String, limits: InstructionSourceLimits = .default) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        InstructionText.parseRelayFile(text, source: { .file("config/ui.relay", line: $0, column: $1) }, limits: limits)
    }

    private func messages(_ text: String, limits: InstructionSourceLimits = .default) -> [String] {
        parse(text, limits: limits).diagnostics.map(\.description)
    }

    @Test func instructionsCommentsAndBlankLines() {
        let result = parse("""
            # Stubs for the UI tests.
              # an indented comment

            type=MyApp.Backend,factory=MyApp.Backend.Stub
            \t type=MyApp.Clock , factory=MyApp.Clock.Fixed\t\u{20}
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions == [
            LocatedInstruction(instruction: .init(type: "MyApp.Backend", factory: "MyApp.Backend.Stub"), origin: .file("config/ui.relay", line: 4, column: 1)),
            LocatedInstruction(instruction: .init(type: "MyApp.Clock", factory: "MyApp.Clock.Fixed"), origin: .file("config/ui.relay", line: 5, column: 3)),
        ])
    }

    @Test func crlfAndByteOrderMark() {
        let result = parse("\u{FEFF}type=A,factory=B\r\n\r\n[checkout]\r\ntype=C,factory=D\r\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions.map(\.instruction) == [
            .init(type: "A", factory: "B"),
            .init(type: "C", factory: "D", scope: "checkout"),
        ])
        #expect(result.instructions.map(\.origin.line) == [1, 4])
    }

    @Test func scopeHeaders() {
        let result = parse("""
            type=A,factory=G
            type=S,factory=S1,scope=somewhere
            [ checkout ]
            type=A,factory=C,lifecycle=transient
            type=B,factory=C,scope=checkout
            [global]
            type=B,factory=G
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions.map(\.instruction) == [
            .init(type: "A", factory: "G"),
            .init(type: "S", factory: "S1", scope: "somewhere"),
            .init(type: "A", factory: "C", scope: "checkout", lifecycle: .transient),
            .init(type: "B", factory: "C", scope: "checkout"),
            .init(type: "B", factory: "G"),
        ])
    }

    @Test func headerContradiction() {
        let result = parse("""
            [checkout]
            type=A,factory=B,scope=payment
            type=C,factory=D,scope=global
            """)
        #expect(result.instructions.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            """
            config/ui.relay:2:18: error: scope=payment contradicts the [checkout] header on line 1; remove scope= or move the line under [payment]
            config/ui.relay:1:1: note: the [checkout] header is here
            """,
            """
            config/ui.relay:3:18: error: scope=global contradicts the [checkout] header on line 1; remove scope= or move the line under [global]
            config/ui.relay:1:1: note: the [checkout] header is here
            """,
        ])
    }

    @Test func instructionErrorsArePositionedInTheLine() {
        #expect(messages("type=A,factory=B\n    type=A,factroy=B\n") == [
            "config/ui.relay:2:12: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)",
        ])
        #expect(messages("\ttype=A\r\n") == [
            "config/ui.relay:1:2: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub",
        ])
        #expect(messages("type=A,factory=B,lifecycle=forever") == [
            "config/ui.relay:1:28: error: invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'",
        ])
    }

    @Test func everyBadLineIsReported() {
        let result = parse("type=A\ntype=B,factory=C\nfactory=D\n")
        #expect(result.instructions.map(\.instruction) == [.init(type: "B", factory: "C")])
        #expect(result.diagnostics.map(\.origin.line) == [1, 3])
    }

    @Test func headerErrors() {
        #expect(messages("[ ]") == ["config/ui.relay:1:1: error: empty scope header; write a scope name between the brackets, e.g. [checkout]"])
        #expect(messages("  [checkout") == ["config/ui.relay:1:3: error: scope header is missing ']'; write it as [scope-name]"])
        #expect(messages("[checkout] # UI") == ["config/ui.relay:1:12: error: unexpected text after ']' in a scope header; put comments on their own line starting with '#'"])
        #expect(messages("[a[b]]") == ["config/ui.relay:1:3: error: '[' inside a scope header; write a header as [scope-name] (names in headers cannot contain brackets — use scope= on a line before the first header instead)"])
    }

    @Test func controlCharacterInAHeader() {
        // A CR that does not end a line is rejected before the header is read, as anywhere.
        #expect(messages("[a\rb]\r\n") == ["config/ui.relay:1:3: error: carriage return (U+000D) that does not end a line: a line ends with LF or CRLF; remove it, end the line with a line feed, or inside a value write it as the escape \\r"])
        let tab = parse("[a\tb]\ntype=A,factory=B")
        #expect(tab.diagnostics.isEmpty)
        #expect(tab.instructions.map(\.instruction.scope) == ["a\tb"])
    }

    @Test func linesUnderABadHeaderAreNotUsed() {
        let result = parse("[]\ntype=A,factory=B\ntype=C\n[ok]\ntype=D,factory=E")
        #expect(result.instructions.map(\.instruction) == [.init(type: "D", factory: "E", scope: "ok")])
        #expect(result.diagnostics.map(\.origin.line) == [1, 3])
    }

    @Test func controlCharacterInsideALine() {
        #expect(messages("type=A\rB,factory=C\r\n") == ["config/ui.relay:1:7: error: carriage return (U+000D) that does not end a line: a line ends with LF or CRLF; remove it, end the line with a line feed, or inside a value write it as the escape \\r"])
    }

    @Test func instructionCountLimit() {
        let result = parse("type=A,factory=F\n# c\ntype=B,factory=F\n  type=C,factory=F\ntype=D,factory=F\n", limits: InstructionSourceLimits(maxInstructions: 2))
        #expect(result.instructions.count == 2)
        #expect(result.diagnostics.map(\.description) == [
            "config/ui.relay:4:3: error: more than 2 instructions; split the file or raise InstructionSourceLimits.maxInstructions",
        ])
    }

    @Test func sizeLimit() {
        let result = parse("type=A,factory=F", limits: InstructionSourceLimits(maxBytes: 8))
        #expect(result.instructions.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            "config/ui.relay: error: the input is 16 bytes; the limit is 8 bytes — split the file or raise InstructionSourceLimits.maxBytes",
        ])
    }

    @Test func escapesAndGenericsInFiles() {
        let result = parse(##"type=MyApp.Cache<Swift.String, Swift.Int>,factory=A\#B\;C"##)
        #expect(result.diagnostics.isEmpty)
        #expect(result.instructions.map(\.instruction) == [.init(type: "MyApp.Cache<Swift.String, Swift.Int>", factory: "A#B;C")])
    }

    @Test func decodeThenParseKeepsPositions() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# é\r\n[checkout]\r\n  type=🙂,factroy=B\r\n".utf8)
        let text = try InstructionText.decode(bytes: bytes, origin: { .file("config/ui.relay", line: $0, column: $1) }, limits: .default).get()
        #expect(messages(text) == [
            "config/ui.relay:3:10: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)",
        ])
    }
}
