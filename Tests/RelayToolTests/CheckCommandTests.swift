import RelayTestSupport
import Foundation
import Testing

@Suite("relay check")
struct CheckCommandTests {
    @Test func goodFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("config/ui.relay", """
            # UI fixtures
            type=MyApp.Backend,factory=MyApp.Backend.Stub
            [checkout]
            type=MyApp.Clock,factory=MyApp.Clock.Fixed

            """)
        let run = ToolRun(["check", "config/ui.relay"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.output == "config/ui.relay: 2 instructions OK\n")
        #expect(run.errorOutput.isEmpty)
    }

    @Test func brokenFileReportsEveryPositionedError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", """
            type=MyApp.Backend,factroy=MyApp.Backend.Stub
            [checkout] # note
            type=MyApp.Clock,factory=MyApp.Clock.Fixed
            type=MyApp.Clock,factory=MyApp.Clock.Frozen

            """)
        let run = ToolRun(["check", "ui.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput == """
            ui.relay:1:20: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)
            ui.relay:2:12: error: unexpected text after ']' in a scope header; put comments on their own line starting with '#'

            """)
    }

    @Test func duplicateHasANote() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", "type=MyApp.X,factory=A\n\ntype=MyApp.X,factory=B\n")
        let run = ToolRun(["check", "ui.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errorOutput == """
            ui.relay:3:1: error: duplicate instruction for MyApp.X in scope global; each type may be bound once per scope in one source — remove one of them
            ui.relay:1:1: note: previous instruction for MyApp.X is here

            """)
    }

    @Test func standardInput() {
        let good = ToolRun(["check", "-"], standardInput: "type=A,factory=B\n")
        #expect(good.status == 0)
        #expect(good.output == "<stdin>: 1 instruction OK\n")

        let bad = ToolRun(["check", "-"], standardInput: "\ntype=A,factory=B,lifecycle=forever\n")
        #expect(bad.status == 1)
        #expect(bad.errorOutput == "<stdin>:2:28: error: invalid lifecycle 'forever'; lifecycle must be 'singleton', 'transient', 'graph', 'weakSingleton' or 'eagerSingleton'\n")
    }

    @Test func oneBadOneGoodReportsBoth() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("bad.relay", "[checkout\ntype=A,factory=B\n")
        try directory.write("good.relay", "type=A,factory=B\ntype=C,factory=D,scope=x\n")
        let run = ToolRun(["check", "bad.relay", "good.relay", "-"], in: directory.path, standardInput: "")
        #expect(run.status == 1)
        #expect(run.output == "good.relay: 2 instructions OK\n<stdin>: 0 instructions OK\n")
        #expect(run.errorOutput == "bad.relay:1:1: error: scope header is missing ']'; write it as [scope-name]\n")
    }

    @Test func fileSafety() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("open.relay", "type=A,factory=B\n", permissions: 0o666)
        try FileManager.default.createDirectory(atPath: directory.path + "/fixtures", withIntermediateDirectories: true)
        let run = ToolRun(["check", "open.relay", "fixtures", "missing.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errorOutput == """
            open.relay: error: the file is writable by every user, so anyone on this machine could change which implementations the app runs — run: chmod o-w open.relay
            fixtures: error: this is a directory; name a .relay file instead
            missing.relay: error: no such file; check the path (relative paths are resolved against the working directory, \(directory.path))

            """)
    }
}
