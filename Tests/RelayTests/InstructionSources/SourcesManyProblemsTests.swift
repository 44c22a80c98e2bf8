import RelayTestSupport
import Foundation
import Testing
@testable import Relay

/// Inputs with tens of thousands of problems: every route keeps every diagnostic, in order.
/// (How fast each route is, is measured by `relay-bench`, row (n).)
@Suite("Sources: inputs with very many problems")
struct SourcesManyProblemsTests {
    static let lineCount = 20_000

    /// `count` malformed lines, each `x`.
    static let malformedText = String(repeating: "x\n", count: lineCount)

    static let message = "expected key=value, found 'x'; write each pair as key=value and separate pairs with ','"

    /// The diagnostics of the `DynamicInjectionError` that `body` throws.
    func diagnostics(_ body: () throws -> [LocatedInstruction]) -> [RelayDiagnostic] {
        do {
            _ = try body()
            Issue.record("no error")
        } catch let error as DynamicInjectionError {
            return error.diagnostics
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return []
    }

    @Test func everyRouteForAFileKeepsEveryDiagnostic() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.relay", Self.malformedText)
        let context = InstructionReadContext()
        let fromVariable = diagnostics {
            try ConfigFileInstructionSource.standard(environment: ["RELAY_DEPENDENCIES_FILE": path])!.readInstructions(context: context)
        }
        let fromArgument = diagnostics {
            try CommandLineInstructionSource(arguments: ["-d", "@" + path]).readInstructions(context: context)
        }
        let fromStandardInput = diagnostics {
            try CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: SourcesReaderProbe().source(Self.malformedText)).readInstructions(context: context)
        }
        #expect(fromVariable.count == Self.lineCount)
        #expect(fromVariable.first == .error(Self.message, at: .file(path, line: 1, column: 1)))
        #expect(fromVariable.last == .error(Self.message, at: .file(path, line: Self.lineCount, column: 1)))
        #expect(fromArgument == fromVariable)
        #expect(fromStandardInput.count == Self.lineCount)
        #expect(fromStandardInput.last == .error(Self.message, at: .standardInput(line: Self.lineCount, column: 1)))
    }
}
