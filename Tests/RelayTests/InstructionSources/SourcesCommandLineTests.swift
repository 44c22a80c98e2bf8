import Foundation
import RelayTestSupport
import Testing
@testable import Relay
@testable import RelayInstructions

@Suite("Sources: command-line arguments")
struct SourcesCommandLineTests {
    private let example = "type=MyApp.Backend,factory=MyApp.Backend.Stub"
    /// The example messages show when no index is known.
    private let messageExample = "type=MyApp.BackendService,factory=MyApp.BackendService.Stub"

    /// The note under every `-d` without its instruction, at `argv[index]`.
    private func reservedNote(_ index: Int) -> String {
        "argv[\(index)]: note: \(Self.reservedFlagsNote)"
    }

    static let reservedFlagsNote = "Relay reads -d and --dependency (up to a --) in every program that starts with DynamicDependencyRegistry.standard(), and the name cannot be changed; if -d is your program's own flag, start with DynamicDependencyRegistry.standard(index:arguments: []), which reads no argument, don't call CommandLine.withoutDependencyArguments(), and pass instructions in $RELAY_DEPENDENCIES or a .relay file"

    private func read(_ arguments: [String], context: InstructionReadContext = InstructionReadContext()) throws -> [LocatedInstruction] {
        try CommandLineInstructionSource(arguments: arguments, standardInput: SourcesReaderProbe().source("")).readInstructions(context: context)
    }

    private func error(_ arguments: [String], context: InstructionReadContext = InstructionReadContext()) -> String {
        sourcesErrorDescription { try read(arguments, context: context) }
    }

    @Test func nameAndArguments() {
        let source = CommandLineInstructionSource(arguments: ["-d", "type=A,factory=B"])
        #expect(source.name == "command line")
        #expect(source.arguments == ["-d", "type=A,factory=B"])
    }

    @Test func threeFlagForms() throws {
        let instructions = try read([
            "-d", "type=A,factory=B",
            "--dependency", "type=C,factory=D,scope=checkout",
            "--dependency=type=E,factory=F,lifecycle=transient",
        ])
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "A", factory: "B"), origin: .commandLine(argumentIndex: 1)),
            LocatedInstruction(instruction: .init(type: "C", factory: "D", scope: "checkout"), origin: .commandLine(argumentIndex: 3)),
            LocatedInstruction(instruction: .init(type: "E", factory: "F", lifecycle: .transient), origin: .commandLine(argumentIndex: 4)),
        ])
        #expect(instructions.map(\.origin.description) == ["argv[1]", "argv[3]", "argv[4]"])
    }

    @Test func genericTypeWithCommasInOneArgument() throws {
        let instructions = try read(["--dependency=type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory"])
        #expect(instructions.map(\.instruction) == [.init(type: "MyApp.Cache<Swift.String, Swift.Int>", factory: "MyApp.Cache.InMemory")])
    }

    @Test func unrelatedArgumentsAreIgnored() throws {
        let instructions = try read([
            "--mode", "type=X,factory=Y",       // the value of the app's own flag
            "type=P,factory=Q",                  // a positional argument that looks like an instruction
            "-debug", "-D", "--dependencies", "--dependency-file", "-v",
            "-d", "type=Mine,factory=Mine.Stub",
            "--", "-d", "type=Z,factory=Z",      // after "--" nothing is a flag
        ])
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "Mine", factory: "Mine.Stub"), origin: .commandLine(argumentIndex: 9)),
        ])
    }

    @Test("-dVALUE is read as -d VALUE, never ignored; an app's -debug is left alone")
    func attachedShortOption() throws {
        let instructions = try read(["-debug", "-dtype=App.Clock,factory=App.Clock.Fixed"])
        #expect(instructions == [
            LocatedInstruction(instruction: .init(type: "App.Clock", factory: "App.Clock.Fixed"), origin: .commandLine(argumentIndex: 1)),
        ])
        let error = #expect(throws: DynamicInjectionError.self) { try read(["-dtype=App.Clock"]) }
        #expect(error?.description == "argv[0]:3: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub")
    }

    @Test func noArgumentsGiveNoInstructions() throws {
        #expect(try read([]).isEmpty)
        #expect(try read(["--verbose", "input.txt"]).isEmpty)
    }

    @Test func flagWithoutValue() {
        #expect(error(["-v", "-d"]) == "argv[1]: error: -d needs an instruction after it, e.g. -d \(messageExample)\n\(reservedNote(1))")
        #expect(error(["--dependency"]) == "argv[0]: error: --dependency needs an instruction after it, e.g. --dependency \(messageExample)\n\(reservedNote(0))")
    }

    @Test("an app's own -d: the note says the flags are Relay's in every program, cannot be renamed, and what an app that needs -d does")
    func reservedFlags() {
        #expect(Self.reservedFlagsNote.contains("DynamicDependencyRegistry.standard(index:arguments: [])"))
        // An app's `-d` with a value of its own is an instruction that does not parse; a
        // bare `-d` or one followed by the app's next flag gets the note.
        #expect(error(["-d"]).hasSuffix("\n" + reservedNote(0)))
        #expect(error(["--verbose", "-d", "-x"]).hasSuffix("\n" + reservedNote(1)))
    }

    @Test func flagFollowedByAnotherFlag() {
        #expect(error(["-d", "--verbose", "-d", "type=A,factory=B"])
            == "argv[0]: error: -d needs an instruction after it, but the next argument, '--verbose', is a flag; e.g. -d \(messageExample)\n\(reservedNote(0))")
        // The following "-d" is still recognised: its own problem is reported too.
        #expect(error(["-d", "-d", "type=A,factroy=B"]) == """
            argv[0]: error: -d needs an instruction after it, but the next argument, '-d', is a flag; e.g. -d \(messageExample)
            \(reservedNote(0))
            argv[2]:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            """)
    }

    @Test func syntaxErrorsCarryArgumentAndColumn() {
        #expect(error(["--verbose", "-d", "type=A,factroy=B"])
            == "argv[2]:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        #expect(error(["-d", "type=A"])
            == "argv[1]:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub")
        #expect(error(["-d", ""]) == "argv[1]:1: error: empty instruction; write type=<type>,factory=<factory>")
        #expect(error(["-d", "type=Cache<String,factory=B"])
            == "argv[1]:11: error: unclosed '<'; close it with '>' or write '\\<' for a literal '<' (inside brackets ',' does not separate pairs)")
    }

    @Test func columnsOfTheEqualsFormCountTheWholeArgument() {
        // "--dependency=" is 13 scalars, so column 8 of the value is column 21 of the argument.
        #expect(error(["--dependency=type=A,factroy=B"])
            == "argv[0]:21: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)")
        #expect(error(["--dependency="]) == "argv[0]:14: error: empty instruction; write type=<type>,factory=<factory>")
    }

    @Test func controlCharacterInAValue() {
        #expect(error(["-d", "type=A\u{7},factory=B"])
            == #"argv[1]:7: error: control character U+0007 in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
        #expect(error(["-d", "type=A,factory=B\ntype=C,factory=D"])
            == #"argv[1]:17: error: control character U+000A in an instruction; write it as an escape (\n, \r, \t or \u{HEX}) or remove it"#)
    }

    @Test func atWithoutPath() {
        #expect(error(["-d", "@"]) == "argv[1]:1: error: '@' needs a file path after it, e.g. -d @UITests/checkout.relay")
        #expect(error(["--dependency=@"]) == "argv[0]:14: error: '@' needs a file path after it, e.g. -d @UITests/checkout.relay")
    }

    @Test func everyErrorIsCollectedInArgumentOrder() {
        #expect(error(["-d", "type=A", "--flag", "-d", "type=B,factory=C,lifecycle=forever", "--dependency=factory=X", "-d"]) == """
            argv[1]:1: error: missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub
            argv[4]:28: error: invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton', 'eagerSingleton' or 'unitOfWork'
            argv[5]:14: error: missing 'type'; add type=<type key>, e.g. type=MyApp.BackendService
            argv[6]: error: -d needs an instruction after it, e.g. -d \(messageExample)
            \(reservedNote(6))
            """)
    }

    @Test func duplicatesAcrossValues() {
        #expect(error(["-d", "type=A,factory=B", "-d", "type=C,factory=D", "--dependency=type=A,factory=E"]) == """
            argv[4]: error: duplicate instruction for A in scope global; each type may be bound once per scope in one source — remove one of them
            argv[1]: note: previous instruction for A is here
            """)
    }

    @Test func sameTypeInTwoScopesIsNotADuplicate() throws {
        let instructions = try read(["-d", "type=A,factory=B", "-d", "type=A,factory=C,scope=checkout"])
        #expect(instructions.map(\.instruction.scope) == [.global, "checkout"])
    }

    @Test func valueOverTheSizeLimit() {
        let value = "type=A,factory=Backend.Stub"  // 27 bytes
        #expect(error(["-d", "type=A,factory=B", "-d", value], context: sourcesContext(maxBytes: 26))
            == "argv[3]: error: the argument is 27 bytes; the limit is 26 bytes — move the instructions to a .relay file and pass -d @<path>, or raise InstructionSourceLimits.maxBytes")
        #expect(error(["--dependency=" + value], context: sourcesContext(maxBytes: 26))
            == "argv[0]: error: the argument is 27 bytes; the limit is 26 bytes — move the instructions to a .relay file and pass -d @<path>, or raise InstructionSourceLimits.maxBytes")
    }

    @Test func instructionCountLimitCoversTheWholeCommandLine() throws {
        let arguments = ["-d", "type=A,factory=X", "-d", "type=B,factory=X", "-d", "type=C,factory=X", "-d", "type=D,factory=X"]
        #expect(try read(Array(arguments.prefix(4)), context: sourcesContext(maxInstructions: 2)).count == 2)
        #expect(error(arguments, context: sourcesContext(maxInstructions: 2))
            == "argv[5]: error: more than 2 instructions on the command line; move some to a .relay file or raise InstructionSourceLimits.maxInstructions")
    }

    @Test func containsDependencyFlags() {
        #expect(DependencyArgumentScanner.containsDependencyFlags(["-d", "type=A,factory=B"]))
        #expect(DependencyArgumentScanner.containsDependencyFlags(["--verbose", "--dependency", "@ui.relay"]))
        #expect(DependencyArgumentScanner.containsDependencyFlags(["--dependency=-"]))
        #expect(DependencyArgumentScanner.containsDependencyFlags(["-d"]))  // malformed still counts
        #expect(!DependencyArgumentScanner.containsDependencyFlags([]))
        #expect(!DependencyArgumentScanner.containsDependencyFlags(["-v", "type=A,factory=B", "-dx", "--dependencies"]))
        #expect(!DependencyArgumentScanner.containsDependencyFlags(["--", "-d", "type=A,factory=B"]))
    }

    @Test func standardUsesTheArgumentsAfterTheProgramName() {
        #expect(CommandLineInstructionSource.standard().arguments == Array(CommandLine.arguments.dropFirst()))
    }
}

@Suite("Sources: bytes that are not UTF-8")
struct SourcesRawBytesTests {
    @Test("11. an argument that is not UTF-8 is reported at its bad byte")
    func argumentBytes() {
        let raw: [[UInt8]] = [Array("-d".utf8), Array("type=App.Cl".utf8) + [0xFF] + Array("ock,factory=B".utf8)]
        let arguments = raw.map { String(decoding: $0, as: UTF8.self) }
        let source = CommandLineInstructionSource(arguments: arguments, rawArguments: raw, standardInput: SourcesReaderProbe().source(""))
        #expect(sourcesErrorDescription { try source.readInstructions(context: InstructionReadContext()) }
            == "argv[1]:12: error: invalid UTF-8 byte 0xFF in the argument; pass instructions as UTF-8 text")
    }

    @Test("11. -d @path opens a file whose name is not UTF-8")
    func pathBytes() throws {
        let directory = try TemporaryDirectory()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".relay".utf8)
        let pathBytes = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = POSIX.create(pathBytes: pathBytes, mode: 0o644)
        #expect(descriptor >= 0)
        let text = Array("type=A,factory=B\n".utf8)
        _ = POSIX.write(descriptor, text)
        close(descriptor)
        let raw: [[UInt8]] = [Array("-d".utf8), [UInt8(ascii: "@")] + pathBytes]
        let source = CommandLineInstructionSource(arguments: raw.map { String(decoding: $0, as: UTF8.self) }, rawArguments: raw, standardInput: SourcesReaderProbe().source(""))
        let instructions = try source.readInstructions(context: InstructionReadContext())
        #expect(instructions.map(\.instruction) == [DependencyInjectionInstruction(type: "A", factory: "B")])
    }

    @Test("11. $RELAY_DEPENDENCIES that is not UTF-8 is reported at its segment and column")
    func environmentBytes() async {
        await #expect(processExitsWith: .success) {
            var bytes = Array("type=A,factory=B;type=C".utf8) + [0xFE] + Array(",factory=D".utf8) + [0]
            _ = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { setenv("RELAY_DEPENDENCIES", $0, 1) }
            }
            let source = EnvironmentInstructionSource()
            do {
                _ = try source.readInstructions(context: InstructionReadContext())
                exit(2)
            } catch {
                exit("\(error)" == "$RELAY_DEPENDENCIES:2:7: error: invalid UTF-8 byte 0xFE; set the variable to UTF-8 text" ? 0 : 3)
            }
        }
    }
}
