import RelayTestSupport
import Foundation
import Relay
import RelayToolCore
import Testing

@Suite("relay check --index and relay explain --index")
struct IndexOptionTests {
    protocol Clock {}
    protocol Backend {}

    /// The app's index: a clock with a fixed factory, a backend with a stub.
    private static func appIndex() -> DynamicDependencyIndex {
        let index = DynamicDependencyIndex()
        index.add(type: "MyApp.Clock", Clock.self)
        index.add(type: "MyApp.Backend", Backend.self)
        index.add(factory: "MyApp.Clock.Fixed", producing: Clock.self) { _ in fatalError("never built") }
        index.add(factory: "MyApp.Backend.Stub", producing: Backend.self) { _ in fatalError("never built") }
        return index
    }

    /// A directory holding the app's manifest, `relay-index.json`, a good fixture and one
    /// with a typo'd type key and a factory for another type.
    private static func fixtures() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try appIndex().manifest().write(to: directory.url.appendingPathComponent("relay-index.json"))
        try directory.write("good.relay", "type=MyApp.Clock,factory=MyApp.Clock.Fixed\n")
        try directory.write("bad.relay", """
            type=MyApp.Clok,factory=MyApp.Clock.Fixed
            type=MyApp.Backend,factory=MyApp.Clock.Fixed

            """)
        return directory
    }

    @Test func parsing() throws {
        #expect(try RelayToolArguments.parse(["check", "--index", "m.json", "a.relay"]) == .check(paths: ["a.relay"], index: "m.json"))
        #expect(try RelayToolArguments.parse(["check", "a.relay", "--index=m.json"]) == .check(paths: ["a.relay"], index: "m.json"))
        #expect(try RelayToolArguments.parse(["explain", "--index", "m.json"]) == .explain(RelayExplainOptions(dependencyArguments: ["", "", ""], index: "m.json")))
        #expect(throws: RelayUsageError("option '--index' needs a value", subcommand: .check)) { try RelayToolArguments.parse(["check", "a.relay", "--index"]) }
        #expect(throws: RelayUsageError("--index can be given only once", subcommand: .explain)) { try RelayToolArguments.parse(["explain", "--index", "a", "--index=b"]) }
        #expect(throws: RelayUsageError("unknown option '--index' for 'relay format'", subcommand: .format)) { try RelayToolArguments.parse(["format", "--index", "m.json", "a.relay"]) }
    }

    @Test("check --index reports unknown keys and wrong factories exactly as the app does, and fails")
    func checkReportsKeysLikeTheApp() throws {
        let directory = try Self.fixtures()
        let run = ToolRun(["check", "--index", "relay-index.json", "good.relay", "bad.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.output == "good.relay: 1 instruction OK, every key in relay-index.json\n")

        let app = DynamicDependencyRegistry(index: Self.appIndex(), sources: [ConfigFileInstructionSource(path: "bad.relay", isRequired: true, workingDirectory: directory.path)], policy: .enabled)
        let appError = #expect(throws: DynamicInjectionError.self) { try app.plan() }
        #expect(run.errorOutput == (appError?.description ?? "?") + "\n")
        #expect(run.errorOutput == """
            bad.relay:1:1: error: unknown type key 'MyApp.Clok' (did you mean 'MyApp.Clock'?); index it with add(type:_:) before injecting, or fix the instruction
            bad.relay:2:1: error: factory 'MyApp.Clock.Fixed' produces RelayToolTests.IndexOptionTests.Clock, but type key 'MyApp.Backend' is RelayToolTests.IndexOptionTests.Backend; use a factory that produces it: 'MyApp.Backend.Stub'

            """)
    }

    @Test("without --index, check looks at syntax only: the typo passes")
    func checkWithoutIndex() throws {
        let directory = try Self.fixtures()
        let run = ToolRun(["check", "bad.relay"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.output == "bad.relay: 2 instructions OK\n")
    }

    @Test("explain --index fails on a typo'd key with the app's message, and explains valid ones")
    func explain() throws {
        let directory = try Self.fixtures()
        let typo = ToolRun(["explain", "--index", "relay-index.json", "-d", "type=MyApp.Clock,factory=MyApp.Clock.Fixd"], in: directory.path)
        #expect(typo.status == 1)
        #expect(typo.output.isEmpty)
        #expect(typo.errorOutput == "argv[4]: error: unknown factory key 'MyApp.Clock.Fixd' (did you mean 'MyApp.Clock.Fixed'?); index it with add(factory:producing:_:) before injecting, or fix the instruction; factories indexed for MyApp.Clock: 'MyApp.Clock.Fixed'\n")

        let good = ToolRun(["explain", "--index=relay-index.json", "--file", "good.relay"], in: directory.path)
        #expect(good.status == 0, "\(good.errorOutput)")
        #expect(good.output.hasSuffix("1 binding:\n  MyApp.Clock [global] → MyApp.Clock.Fixed (from good.relay:1:1)\n"))
    }

    @Test("a missing or malformed manifest is an error that says how to export one")
    func unreadableManifest() throws {
        let directory = try Self.fixtures()
        try directory.write("not-a-manifest.json", #"{"types": {}}"#)
        let missing = ToolRun(["check", "--index", "nope.json", "good.relay"], in: directory.path)
        #expect(missing.status == 1)
        #expect(missing.output.isEmpty)
        #expect(missing.errorOutput == "nope.json: error: cannot read the index manifest: no such file; export it with DynamicDependencyIndex.manifest().write(to:) or by running the app with RELAY_MANIFEST_PATH set\n")
        let malformed = ToolRun(["explain", "--index", "not-a-manifest.json"], in: directory.path)
        #expect(malformed.status == 1)
        #expect(malformed.errorOutput.hasPrefix("not-a-manifest.json: error: cannot read the index manifest: "))
    }
}
