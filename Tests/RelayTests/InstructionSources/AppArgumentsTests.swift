import Relay
import Testing

@Suite("CommandLine.withoutDependencyArguments")
struct AppArgumentsTests {
    @Test("removes the three -d forms with their values and keeps the app's own arguments in order", arguments: [
        (["--verbose", "-d", "type=A,factory=B", "input.txt"], ["--verbose", "input.txt"]),
        (["--dependency", "type=A,factory=B", "--count", "3"], ["--count", "3"]),
        (["--dependency=type=A,factory=B", "-n"], ["-n"]),
        (["-d", "@fixtures/ui.relay", "-d", "-", "x"], ["x"]),
        (["-x", "type=A,factory=B"], ["-x", "type=A,factory=B"]),
        (["-debug", "-destination", "x"], ["-debug", "-destination", "x"]),
        ([], []),
    ])
    func removesRelayArguments(arguments: [String], expected: [String]) {
        #expect(CommandLine.withoutDependencyArguments(arguments) == expected)
    }

    @Test("stops at --: it and everything after it are the app's, even -d")
    func stopsAtEndOfOptions() {
        #expect(CommandLine.withoutDependencyArguments(["-d", "type=A,factory=B", "--", "-d", "file"]) == ["--", "-d", "file"])
    }

    @Test("a -d without its instruction loses only the -d; Relay reports it, the app keeps the next flag")
    func malformed() throws {
        #expect(CommandLine.withoutDependencyArguments(["-d", "--verbose"]) == ["--verbose"])
        #expect(CommandLine.withoutDependencyArguments(["--verbose", "-d"]) == ["--verbose"])
        let error = #expect(throws: DynamicInjectionError.self) {
            try CommandLineInstructionSource(arguments: ["-d", "--verbose"]).readInstructions(context: InstructionReadContext())
        }
        #expect(error?.description.hasPrefix("argv[0]: error: -d needs an instruction after it, but the next argument, '--verbose', is a flag") == true)
    }

    @Test("what is left holds nothing the command-line source reads, whatever form it accepts", arguments: [
        ["a", "-d", "type=A,factory=B", "b"],
        ["--dependency=type=A,factory=B", "-dtype=C,factory=D", "-d@fixtures/x.relay", "c"],
        ["-d", "-", "--dependency", "@x.relay", "-v"],
        ["-d", "--verbose", "-d"],
    ])
    func leavesNothingForTheSource(arguments: [String]) throws {
        let kept = CommandLine.withoutDependencyArguments(arguments)
        #expect(try CommandLineInstructionSource(arguments: kept).readInstructions(context: InstructionReadContext()).isEmpty, "left for the app: \(kept)")
    }

    @Test("what is left holds nothing Relay would read, and what was removed is everything it reads")
    func complementsTheSource() throws {
        let arguments = ["a", "-d", "type=A,factory=B", "--dependency", "type=C,factory=D", "b", "--dependency=type=E,factory=F", "c"]
        let kept = CommandLine.withoutDependencyArguments(arguments)
        #expect(kept == ["a", "b", "c"])
        #expect(try CommandLineInstructionSource(arguments: kept).readInstructions(context: InstructionReadContext()).isEmpty)
        let read = try CommandLineInstructionSource(arguments: arguments).readInstructions(context: InstructionReadContext())
        #expect(read.map(\.instruction.type) == ["A", "C", "E"])
    }
}
