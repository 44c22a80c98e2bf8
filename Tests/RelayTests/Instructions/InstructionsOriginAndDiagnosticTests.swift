import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Instructions: origins, diagnostics and source errors")
struct InstructionsOriginAndDiagnosticTests {
    @Test func originDescriptions() {
        #expect(InstructionOrigin.file("config/ui.relay", line: 4, column: 1).description == "config/ui.relay:4:1")
        #expect(InstructionOrigin.environment(variable: "RELAY_DEPENDENCIES", segment: 2, column: 7).description == "$RELAY_DEPENDENCIES:2:7")
        #expect(InstructionOrigin.environment(variable: "$RELAY_DEPENDENCIES", segment: 1, column: 1).source == "$RELAY_DEPENDENCIES")
        #expect(InstructionOrigin.standardInput(line: 3, column: 1).description == "<stdin>:3:1")
        #expect(InstructionOrigin.commandLine(argumentIndex: 3).description == "argv[3]")
        #expect(InstructionOrigin.commandLine(argumentIndex: 3, column: 12).description == "argv[3]:12")
        #expect(InstructionOrigin.code.description == "code")
        #expect(InstructionOrigin.custom(source: "remote", line: nil, column: nil).description == "remote")
        #expect(InstructionOrigin.custom(source: "remote", line: 2, column: nil).description == "remote:2")
        #expect(InstructionOrigin.custom(source: "remote", line: 2, column: 5).description == "remote:2:5")
    }

    @Test func originParts() {
        let environment = InstructionOrigin.environment(variable: "RELAY_DEPENDENCIES", segment: 2, column: 7)
        #expect(environment.kind == .environment)
        #expect(environment.line == 2)
        #expect(environment.column == 7)
        let argument = InstructionOrigin.commandLine(argumentIndex: 3)
        #expect(argument.kind == .commandLine)
        #expect(argument.source == "argv")
        #expect(argument.argumentIndex == 3)
    }

    @Test func offsetByColumns() {
        #expect(InstructionOrigin.file("a.relay", line: 2, column: 3).offset(byColumns: 4) == .file("a.relay", line: 2, column: 7))
        #expect(InstructionOrigin.commandLine(argumentIndex: 1).offset(byColumns: 5) == .commandLine(argumentIndex: 1, column: 6))
        #expect(InstructionOrigin.commandLine(argumentIndex: 1, column: 2).offset(byColumns: 5) == .commandLine(argumentIndex: 1, column: 7))
    }

    @Test func originIsCodable() throws {
        let origin = InstructionOrigin.commandLine(argumentIndex: 2, column: 9)
        let data = try JSONEncoder().encode(origin)
        #expect(try JSONDecoder().decode(InstructionOrigin.self, from: data) == origin)
    }

    @Test func diagnosticDescriptionIsGNUStyle() {
        let diagnostic = RelayDiagnostic.error(
            "duplicate instruction for MyApp.X in scope global; each type may be bound once per scope in one source — remove one of them",
            at: .file("config/ui.relay", line: 7, column: 1),
            notes: [.note("previous instruction for MyApp.X is here", at: .file("config/ui.relay", line: 3, column: 1))]
        )
        #expect(diagnostic.description == """
            config/ui.relay:7:1: error: duplicate instruction for MyApp.X in scope global; each type may be bound once per scope in one source — remove one of them
            config/ui.relay:3:1: note: previous instruction for MyApp.X is here
            """)
        let warning = RelayDiagnostic(origin: .code, severity: .warning, message: "w")
        #expect(warning.description == "code: warning: w")
    }

    @Test func sourceErrorDescriptions() {
        let error = DynamicInjectionError(diagnostics: [
            .error("first", at: .standardInput(line: 1, column: 2)),
            .error("second", at: .environment(variable: "RELAY_DEPENDENCIES", segment: 3, column: 4)),
        ])
        let expected = "<stdin>:1:2: error: first\n$RELAY_DEPENDENCIES:3:4: error: second"
        #expect(error.description == expected)
        #expect(error.errorDescription == expected)
        #expect((error as any Error).localizedDescription == expected)
    }

    @Test func defaultLimits() {
        #expect(InstructionSourceLimits.default.maxBytes == 1_048_576)
        #expect(InstructionSourceLimits.default.maxInstructions == 10_000)
    }
}
