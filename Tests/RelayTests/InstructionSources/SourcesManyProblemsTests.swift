import RelayTestSupport
import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

/// Inputs with tens of thousands of problems: every route keeps every diagnostic, in
/// order, and the error's description shows only the first ``DynamicInjectionError/descriptionLimit``.
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

    @Test func oneHundredThousandBadArgumentsAreAllKeptAndTheDescriptionIsCapped() {
        let count = 100_000
        let source = CommandLineInstructionSource(arguments: Array(repeating: ["-d", "x"], count: count).flatMap { $0 })
        do {
            _ = try source.readInstructions(context: InstructionReadContext())
            Issue.record("no error")
        } catch let error as DynamicInjectionError {
            #expect(error.diagnostics.count == count)
            #expect(error.diagnostics.last == .error(Self.message, at: .commandLine(argumentIndex: 2 * count - 1, column: 1)))
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == DynamicInjectionError.descriptionLimit + 1)
            #expect(lines.first == "argv[1]:1: error: \(Self.message)")
            #expect(lines.last == "… and 99900 more problems (100000 in all); fix the ones above first, or read DynamicInjectionError.diagnostics for every one")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func theDescriptionShowsUpToTheLimitWithNotes() {
        let origin = InstructionOrigin.file("a.relay", line: 1, column: 1)
        let diagnostic = RelayDiagnostic.error("bad", at: origin, notes: [.note("see here", at: origin)])
        let atLimit = DynamicInjectionError(diagnostics: Array(repeating: diagnostic, count: DynamicInjectionError.descriptionLimit))
        #expect(atLimit.description.split(separator: "\n").count == 2 * DynamicInjectionError.descriptionLimit)
        #expect(!atLimit.description.contains("more problem"))
        let overLimit = DynamicInjectionError(diagnostics: atLimit.diagnostics + [diagnostic])
        #expect(overLimit.description.hasPrefix(atLimit.description + "\n"))
        #expect(overLimit.description.hasSuffix("\n… and 1 more problem (101 in all); fix the ones above first, or read DynamicInjectionError.diagnostics for every one"))
    }
}
