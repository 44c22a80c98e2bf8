import RelayToolCore
import Testing

@Suite("Argument parsing")
struct RelayToolArgumentsTests {
    private func parse(_ arguments: [String]) throws -> RelayInvocation {
        try RelayToolArguments.parse(arguments)
    }

    private func usageError(_ arguments: [String]) -> RelayUsageError? {
        do {
            _ = try RelayToolArguments.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func helpForms() throws {
        #expect(try parse(["--help"]) == .help(nil))
        #expect(try parse(["-h"]) == .help(nil))
        #expect(try parse(["help"]) == .help(nil))
        #expect(try parse(["help", "format"]) == .help(.format))
        #expect(try parse(["check", "--help"]) == .help(.check))
        #expect(try parse(["check", "a.relay", "-h"]) == .help(.check))
        #expect(try parse(["explain", "-d", "type=A,factory=B", "--help"]) == .help(.explain))
        #expect(try parse(["format", "--check", "--help"]) == .help(.format))
    }

    @Test func check() throws {
        #expect(try parse(["check", "a.relay", "config/b.relay"]) == .check(paths: ["a.relay", "config/b.relay"]))
        #expect(try parse(["check", "-"]) == .check(paths: ["-"]))
        #expect(try parse(["check", "--", "-odd.relay", "--help"]) == .check(paths: ["-odd.relay", "--help"]))
    }

    @Test func format() throws {
        #expect(try parse(["format", "a.relay"]) == .format(paths: ["a.relay"], checkOnly: false))
        #expect(try parse(["format", "a.relay", "--check", "b.relay"]) == .format(paths: ["a.relay", "b.relay"], checkOnly: true))
    }

    @Test func explainKeepsArgumentPositions() throws {
        let arguments = ["explain", "--json", "-d", "type=A,factory=B", "--file", "ui.relay", "--dependency", "@x.relay", "--dependency=-", "-d", "-"]
        let expected = RelayExplainOptions(
            dependencyArguments: ["", "", "-d", "type=A,factory=B", "", "", "--dependency", "@x.relay", "--dependency=-", "-d", "-"],
            file: "ui.relay",
            json: true
        )
        #expect(try parse(arguments) == .explain(expected))
        #expect(try parse(["explain"]) == .explain(RelayExplainOptions(dependencyArguments: [""])))
        #expect(try parse(["explain", "--file=a b.relay"]) == .explain(RelayExplainOptions(dependencyArguments: ["", ""], file: "a b.relay")))
    }

    @Test func missingCommand() {
        #expect(usageError([]) == RelayUsageError("missing command; use check, explain, format or help"))
    }

    @Test func unknownCommandAndOptions() {
        #expect(usageError(["chek"]) == RelayUsageError("unknown command 'chek'; use check, explain, format or help"))
        #expect(usageError(["--verbose"])?.message.hasPrefix("unknown option '--verbose'") == true)
        #expect(usageError(["check", "--strict", "a.relay"]) == RelayUsageError("unknown option '--strict' for 'relay check'", subcommand: .check))
        #expect(usageError(["check", "--check", "a.relay"]) == RelayUsageError("unknown option '--check' for 'relay check'", subcommand: .check))
        #expect(usageError(["explain", "--jsn"]) == RelayUsageError("unknown option '--jsn' for 'relay explain'", subcommand: .explain))
        #expect(usageError(["help", "frobnicate"])?.subcommand == .help)
    }

    @Test func missingArguments() {
        #expect(usageError(["check"]) == RelayUsageError("check needs at least one PATH, or - for standard input", subcommand: .check))
        #expect(usageError(["format", "--check"]) == RelayUsageError("format needs at least one PATH", subcommand: .format))
        #expect(usageError(["explain", "-d"]) == RelayUsageError("option '-d' needs a value", subcommand: .explain))
        #expect(usageError(["explain", "--file"]) == RelayUsageError("option '--file' needs a value", subcommand: .explain))
        #expect(usageError(["explain", "-d", "--json"]) == RelayUsageError("option '-d' needs a value, but the next argument, '--json', is an option", subcommand: .explain))
    }

    @Test func unexpectedArguments() {
        #expect(usageError(["check", "-", "-"])?.message == "standard input ('-') can be checked only once")
        #expect(usageError(["format", "-"])?.message.hasPrefix("format rewrites files in place") == true)
        #expect(usageError(["explain", "ui.relay"])?.message.hasPrefix("unexpected argument 'ui.relay'") == true)
        #expect(usageError(["explain", "--file", "a.relay", "--file=b.relay"])?.message == "--file can be given only once")
    }

    @Test func usageErrorDescriptionPointsAtHelp() {
        #expect(RelayUsageError("unknown option '--jsn' for 'relay explain'", subcommand: .explain).description == """
            relay: error: unknown option '--jsn' for 'relay explain'
            Run 'relay explain --help' for usage.
            """)
    }

    @Test func usageErrorsExitWithTwoOnStandardError() {
        let run = ToolRun(["check"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput == "relay: error: check needs at least one PATH, or - for standard input\nRun 'relay check --help' for usage.\n")
        #expect(ToolRun(["explain", "--bogus"]).status == 2)
        #expect(ToolRun([]).status == 2)
    }
}
