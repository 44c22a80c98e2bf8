import RelayTestSupport
import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: -d @file and -d - on the command line")
struct SourcesCommandLineInputsTests {
    @Test func filesAndStandardInputKeepArgumentOrder() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=F1,factory=X\n[checkout]\ntype=F2,factory=X\n")
        let probe = SourcesReaderProbe()
        let source = CommandLineInstructionSource(
            arguments: ["-d", "type=A,factory=X", "--app-flag", "-d", "@" + file, "-d", "-", "--dependency=type=Z,factory=X"],
            standardInput: probe.source("# from the test runner\ntype=S,factory=X\n")
        )
        let instructions = try source.readInstructions(context: InstructionReadContext())
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "A", factory: "X"), origin: .commandLine(argumentIndex: 1)),
            LocatedInstruction(instruction: .init(type: "F1", factory: "X"), origin: .file(file, line: 1, column: 1)),
            LocatedInstruction(instruction: .init(type: "F2", factory: "X", scope: "checkout"), origin: .file(file, line: 3, column: 1)),
            LocatedInstruction(instruction: .init(type: "S", factory: "X"), origin: .standardInput(line: 2, column: 1)),
            LocatedInstruction(instruction: .init(type: "Z", factory: "X"), origin: .commandLine(argumentIndex: 7)),
        ])
        #expect(probe.limits == [1_048_577])
    }

    @Test func equalsFormsReadFilesAndStandardInputToo() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=F,factory=X")
        let probe = SourcesReaderProbe()
        let source = CommandLineInstructionSource(arguments: ["--dependency=@" + file, "--dependency=-"], standardInput: probe.source("type=S,factory=X"))
        let instructions = try source.readInstructions(context: InstructionReadContext())
        #expect(instructions.map(\.instruction.type) == ["F", "S"])
    }

    @Test func standardInputIsNeverReadWithoutDash() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=F,factory=X")
        let probe = SourcesReaderProbe()
        let source = CommandLineInstructionSource(
            arguments: ["-d", "type=A,factory=B", "-d", "@" + file, "--input", "-", "--", "-d", "-"],
            standardInput: probe.source("type=S,factory=X")
        )
        #expect(try source.readInstructions(context: InstructionReadContext()).count == 2)
        #expect(probe.limits.isEmpty)
        // A failing command line does not read it either.
        _ = sourcesErrorDescription { try CommandLineInstructionSource(arguments: ["-d"], standardInput: probe.source("")).readInstructions(context: InstructionReadContext()) }
        #expect(probe.limits.isEmpty)
    }

    @Test func secondDashIsAnError() {
        let probe = SourcesReaderProbe()
        let source = CommandLineInstructionSource(arguments: ["-d", "-", "-v", "--dependency=-"], standardInput: probe.source("type=S,factory=X"))
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            argv[3]: error: standard input can be read only once; remove one of the '-d -' arguments
            argv[1]: note: standard input is first read here
            """)
        #expect(probe.limits.count == 1)
    }

    @Test func duplicatesAcrossValuesFilesAndStandardInput() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=B,factory=X\ntype=A,factory=Y\n")
        let source = CommandLineInstructionSource(
            arguments: ["-d", "type=A,factory=X", "-d", "@" + file, "-d", "-"],
            standardInput: SourcesReaderProbe().source("type=B,factory=Z")
        )
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            \(file):2:1: error: duplicate instruction for A in scope global; each type may be bound once per scope in one source — remove one of them
            argv[1]: note: previous instruction for A is here
            <stdin>:1:1: error: duplicate instruction for B in scope global; each type may be bound once per scope in one source — remove one of them
            \(file):1:1: note: previous instruction for B is here
            """)
    }

    @Test func missingFileNamesTheArgument() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.relay")
        let source = CommandLineInstructionSource(arguments: ["-v", "-d", "@" + missing])
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            \(missing): error: no such file; check the path
            argv[2]: note: the file is named here
            """)
    }

    @Test func missingRelativeFileMentionsTheWorkingDirectory() {
        let name = "relay-sources-test-\(UInt64.random(in: 0...UInt64.max)).relay"
        let source = CommandLineInstructionSource(arguments: ["-d", "@" + name])
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            \(name): error: no such file; check the path (relative paths are resolved against the working directory, \(FileManager.default.currentDirectoryPath))
            argv[1]: note: the file is named here
            """)
    }

    @Test func fileErrorsCarryFilePositions() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=A,factory=B\n  type=C,factroy=D\n")
        let source = CommandLineInstructionSource(arguments: ["-d", "type=X,factory=Y,scope=", "-d", "@" + file])
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            argv[1]:24: error: empty value for 'scope'; write a value after 'scope='
            \(file):2:10: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            """)
    }

    @Test func fileChecksApplyToAtPaths() throws {
        let directory = try TemporaryDirectory()
        let open = try directory.write("open.relay", "type=A,factory=B", permissions: 0o666)
        let source = CommandLineInstructionSource(arguments: ["-d", "@" + directory.path, "-d", "@" + open])
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) } == """
            \(directory.path): error: this is a directory; name a .relay file instead
            argv[1]: note: the file is named here
            \(open): error: the file is writable by every user, so anyone on this machine could change which implementations the app runs — run: chmod o-w \(open)
            argv[3]: note: the file is named here
            """)
    }

    @Test func standardInputErrors() {
        let failing = StandardInputInstructionSource { _ in throw SourcesFakeReadError() }
        #expect(sourcesErrorDescription { try CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: failing).readInstructions(context: InstructionReadContext()) } == """
            <stdin>: error: cannot read standard input: the pipe broke
            argv[1]: note: standard input is read because of this argument
            """)
        let bad = SourcesReaderProbe().source("type=A,factory=B\ntype=C,lifecycle=x,factory=D\n")
        #expect(sourcesErrorDescription { try CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: bad).readInstructions(context: InstructionReadContext()) }
            == "<stdin>:2:18: error: invalid lifecycle 'x'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'")
    }

    @Test func countLimitSpansFiles() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ui.relay", "type=B,factory=X\ntype=C,factory=X\n")
        let source = CommandLineInstructionSource(arguments: ["-d", "type=A,factory=X", "-d", "@" + file])
        #expect(sourcesErrorDescription { try source.readInstructions(context: sourcesContext(maxInstructions: 2)) }
            == "\(file):2:1: error: more than 2 instructions on the command line; move some to a .relay file or raise InstructionSourceLimits.maxInstructions")
    }
}
