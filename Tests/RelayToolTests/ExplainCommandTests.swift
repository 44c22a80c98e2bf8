import RelayTestSupport
import Foundation
import Relay
import Testing

@Suite("relay explain")
struct ExplainCommandTests {
    /// A file with three bindings, named by `$RELAY_DEPENDENCIES_FILE`.
    private func writeFixture(in directory: TemporaryDirectory) throws {
        try directory.write("config/ui.relay", """
            # UI fixtures
            type=MyApp.Backend,factory=MyApp.Backend.Live
            type=MyApp.Clock,factory=MyApp.Clock.System
            [checkout]
            type=MyApp.Clock,factory=MyApp.Clock.Frozen

            """)
    }

    private let environment = [
        "RELAY_DEPENDENCIES": "type=MyApp.Backend,factory=MyApp.Backend.EnvStub;type=MyApp.Clock,factory=MyApp.Clock.Fixed",
        "RELAY_DEPENDENCIES_FILE": "config/ui.relay",
    ]

    @Test func precedenceWithOriginsAndOverrides() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeFixture(in: directory)
        let run = ToolRun(
            ["explain", "-d", "type=MyApp.Backend,factory=MyApp.Backend.Offline", "--dependency=type=MyApp.Logger,factory=MyApp.Logger.Silent,lifecycle=transient"],
            in: directory.path,
            environment: environment
        )
        #expect(run.status == 0)
        #expect(run.errorOutput.isEmpty)
        #expect(run.output == """
            Sources, highest precedence first: command line, $RELAY_DEPENDENCIES, config/ui.relay ($RELAY_DEPENDENCIES_FILE)
            4 bindings:
              MyApp.Backend [global] → MyApp.Backend.Offline (from argv[2]; overrides $RELAY_DEPENDENCIES:1:1, config/ui.relay:2:1)
              MyApp.Clock [global] → MyApp.Clock.Fixed (from $RELAY_DEPENDENCIES:2:1; overrides config/ui.relay:3:1)
              MyApp.Logger [global, transient] → MyApp.Logger.Silent (from argv[3])
              MyApp.Clock [checkout] → MyApp.Clock.Frozen (from config/ui.relay:5:1; reaches resolves from 'checkout' only, not global types that depend on it)

            """)
    }

    @Test func jsonDecodesAsTheReport() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeFixture(in: directory)
        let run = ToolRun(["explain", "--json", "-d", "type=MyApp.Backend,factory=MyApp.Backend.Offline"], in: directory.path, environment: environment)
        #expect(run.status == 0)
        let report = try JSONDecoder().decode(DynamicInjectionReport.self, from: Data(run.output.utf8))
        #expect(report.sources.map(\.name) == ["command line", "$RELAY_DEPENDENCIES", "config/ui.relay"])
        #expect(report.policy == .enabled)
        #expect(report.bindings.map(\.instruction.description) == [
            "type=MyApp.Backend,factory=MyApp.Backend.Offline",
            "type=MyApp.Clock,factory=MyApp.Clock.Fixed",
            "type=MyApp.Clock,factory=MyApp.Clock.Frozen,scope=checkout",
        ])
        #expect(report.bindings[0].origin == .commandLine(argumentIndex: 3))
        #expect(report.bindings[0].overridden.map(\.origin.description) == ["$RELAY_DEPENDENCIES:1:1", "config/ui.relay:2:1"])
        #expect(run.output.hasPrefix("{\n  \"bindings\" : ["))
    }

    @Test func fileOptionReplacesTheStandardFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeFixture(in: directory)
        try directory.write(".relay", "type=MyApp.Ignored,factory=MyApp.Ignored.Stub\n")
        try directory.write("other.relay", "type=MyApp.Clock,factory=MyApp.Clock.Other\n")
        let run = ToolRun(["explain", "--file", "other.relay"], in: directory.path, environment: environment)
        #expect(run.status == 0)
        #expect(run.output == """
            Sources, highest precedence first: command line (no -d), $RELAY_DEPENDENCIES, other.relay (--file)
            2 bindings:
              MyApp.Backend [global] → MyApp.Backend.EnvStub (from $RELAY_DEPENDENCIES:1:1)
              MyApp.Clock [global] → MyApp.Clock.Fixed (from $RELAY_DEPENDENCIES:2:1; overrides other.relay:1:1)

            """)
    }

    @Test func readsDotRelayInTheWorkingDirectoryAndStandardInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(".relay", "type=MyApp.Clock,factory=MyApp.Clock.Dot\n")
        let run = ToolRun(["explain", "-d", "-"], in: directory.path, standardInput: "\ntype=MyApp.Clock,factory=MyApp.Clock.Piped\n")
        #expect(run.status == 0)
        #expect(run.output == """
            Sources, highest precedence first: command line, $RELAY_DEPENDENCIES (not set), .relay
            1 binding:
              MyApp.Clock [global] → MyApp.Clock.Piped (from <stdin>:2:1; overrides .relay:1:1)

            """)
    }

    @Test func noSources() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = ToolRun(["explain"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.output == """
            Sources, highest precedence first: command line (no -d), $RELAY_DEPENDENCIES (not set), no file (./.relay does not exist)
            No bindings: no source holds an instruction.

            """)
        let switchedOff = ToolRun(["explain"], in: directory.path, environment: ["RELAY_DEPENDENCIES_FILE": ""])
        #expect(switchedOff.output.hasPrefix("Sources, highest precedence first: command line (no -d), $RELAY_DEPENDENCIES (not set), no file ($RELAY_DEPENDENCIES_FILE is empty)\n"))
    }

    @Test func errorsInEverySourceExitWithOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("fixtures/a.relay", "type=MyApp.Clock,factory=A\n")
        let run = ToolRun(
            ["explain", "-d", "type=MyApp.Clock,factory=B", "-d", "@" + file, "--file", "missing.relay"],
            in: directory.path,
            environment: ["RELAY_DEPENDENCIES": "type=A,factroy=B"]
        )
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput == """
            \(file):1:1: error: duplicate instruction for MyApp.Clock in scope global; each type may be bound once per scope in one source — remove one of them
            argv[2]: note: previous instruction for MyApp.Clock is here
            $RELAY_DEPENDENCIES:1:8: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            missing.relay: error: no such file; check the path (relative paths are resolved against the working directory, \(directory.path))

            """)
    }
}
