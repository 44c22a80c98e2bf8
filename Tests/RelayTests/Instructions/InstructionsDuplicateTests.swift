import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: duplicates within one source")
struct InstructionsDuplicateTests {
    private func parse(_ text: String) -> [LocatedInstruction] {
        InstructionText.parseRelayFile(text, source: { .file("config/ui.relay", line: $0, column: $1) }, limits: .default).instructions
    }

    @Test func duplicateIsReportedWithANote() {
        let instructions = parse("type=MyApp.X,factory=A\ntype=MyApp.Y,factory=A\ntype=MyApp.X,factory=B,lifecycle=transient")
        let diagnostics = instructions.repeatDiagnostics
        #expect(diagnostics.map(\.description) == [
            """
            config/ui.relay:3:1: error: duplicate instruction for MyApp.X in scope global; each type may be bound once per scope in one source — remove one of them
            config/ui.relay:1:1: note: previous instruction for MyApp.X is here
            """,
        ])
        #expect(diagnostics.first?.notes.first?.severity == .note)
    }

    @Test func sameTypeInDifferentScopesIsFine() {
        let instructions = parse("type=MyApp.X,factory=A\n[checkout]\ntype=MyApp.X,factory=B")
        #expect(instructions.repeatDiagnostics.isEmpty)
    }

    @Test func everyRepeatPointsAtTheFirst() {
        let instructions = parse("[s]\ntype=X,factory=A\ntype=X,factory=B\ntype=X,factory=C")
        let diagnostics = instructions.repeatDiagnostics
        #expect(diagnostics.map(\.origin.line) == [3, 4])
        #expect(diagnostics.map { $0.notes.map(\.origin.line) } == [[2], [2]])
        #expect(diagnostics.first?.message.contains("in scope s;") == true)
    }
}
