import RelayTestSupport
import Foundation
import Relay
import RelayToolCore
import Testing

@Suite("relay check, format and explain with tag= and parameter=")
struct TagAndParameterToolTests {
    protocol Clock {}
    protocol Network {}

    /// An app index with a parameterized clock and a network type with two declared tags.
    private static func appIndex() -> DynamicDependencyIndex {
        let index = DynamicDependencyIndex()
        index.add(type: "MyApp.Clock", Clock.self)
        index.add(type: "MyApp.NetworkLayer", Network.self)
        index.add(factory: "MyApp.Clock.Fixed", producing: Clock.self, parameter: DependencyParameter<Int>(expecting: "seconds since 1970, e.g. 1741953600")) { _, _ in fatalError("never built") }
        index.add(factory: "MyApp.Clock.System", producing: Clock.self) { _ in fatalError("never built") }
        index.add(factory: "MyApp.NetworkLayer.Stub", producing: Network.self) { _ in fatalError("never built") }
        index.add(tag: "Production", for: Network.self)
        index.add(tag: "Staging", for: Network.self)
        index.add(scope: "checkout")
        return index
    }

    private static func directory(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try appIndex().manifest().write(to: directory.url.appendingPathComponent("relay-index.json"))
        for (name, text) in files { try directory.write(name, text) }
        return directory
    }

    @Test("check --index accepts known tags and needed parameters, and names each value it cannot check")
    func checkNamesUncheckedParameters() throws {
        let directory = try Self.directory(["good.relay": """
            type=MyApp.NetworkLayer,factory=MyApp.NetworkLayer.Stub,tag=Production
            [checkout]
            type=MyApp.Clock,factory=MyApp.Clock.Fixed,parameter=1741953600

            """])
        defer { directory.remove() }
        let run = ToolRun(["check", "--index", "relay-index.json", "good.relay"], in: directory.path)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.errorOutput.isEmpty)
        #expect(run.output == """
            good.relay:3:1: note: parameter '1741953600' for factory 'MyApp.Clock.Fixed' is not checked here — only the app's parser can read it (expected seconds since 1970, e.g. 1741953600); run the app or a test with this instruction to check the value
            good.relay: 2 instructions OK, every key in relay-index.json (1 parameter value left to the app's parser)

            """)
    }

    @Test("check --index rejects an unknown tag and a parameter given or missing, as the app does")
    func checkRejectsLikeTheApp() throws {
        let directory = try Self.directory(["bad.relay": """
            type=MyApp.NetworkLayer,factory=MyApp.NetworkLayer.Stub,tag=Prodution
            type=MyApp.Clock,factory=MyApp.Clock.Fixed
            [checkout]
            type=MyApp.Clock,factory=MyApp.Clock.System,parameter=now

            """])
        defer { directory.remove() }
        let run = ToolRun(["check", "--index", "relay-index.json", "bad.relay"], in: directory.path)
        #expect(run.status == 1)
        let app = DynamicDependencyRegistry(index: Self.appIndex(), sources: [ConfigFileInstructionSource(path: "bad.relay", isRequired: true, workingDirectory: directory.path)], policy: .enabled)
        let appError = #expect(throws: DynamicInjectionError.self) { try app.plan() }
        #expect(run.errorOutput == (appError?.description ?? "?") + "\n")
        #expect(run.errorOutput == """
            bad.relay:1:1: error: unknown tag 'Prodution' for type key 'MyApp.NetworkLayer' (did you mean 'Production'?); nothing registers the type with it, so the binding would never be resolved — register the type with this tag in code (register(_:tag:…)), declare it with DynamicDependencyIndex.add(tag:for:), or fix the instruction; tags known for MyApp.NetworkLayer: 'Production', 'Staging'
            bad.relay:2:1: error: factory 'MyApp.Clock.Fixed' needs a parameter: expected seconds since 1970, e.g. 1741953600; add parameter=<value> to the instruction
            bad.relay:4:1: error: factory 'MyApp.Clock.System' takes no parameter, but the instruction gives parameter='now'; remove parameter=, or choose a factory indexed with add(factory:producing:parameter:_:)

            """)
    }

    @Test("check --index reads a version 1 manifest: tags and parameters are then unknown to it")
    func versionOneManifest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("v1.json", #"{"version": 1, "types": {"MyApp.Clock": "C"}, "factories": {"MyApp.Clock.System": "C"}}"#)
        try directory.write("a.relay", "type=MyApp.Clock,factory=MyApp.Clock.System\n")
        let run = ToolRun(["check", "--index", "v1.json", "a.relay"], in: directory.path)
        #expect(run.status == 0)
        #expect(run.output == "a.relay: 1 instruction OK, every key in v1.json\n")
    }

    @Test("format writes the keys in canonical order: type, factory, scope, tag, lifecycle, parameter")
    func formatOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("ui.relay", """
            parameter= 2025-03-14T09:00:00Z ,lifecycle=Transient,tag=Production,factory=MyApp.Clock.Fixed,type=MyApp.Clock
            [checkout]
            tag=Staging,type=MyApp.Clock,factory=MyApp.Clock.Fixed,scope=checkout,parameter=a\\=b

            """)
        let run = ToolRun(["format", "ui.relay"], in: directory.path)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(try String(contentsOf: directory.url.appendingPathComponent("ui.relay"), encoding: .utf8) == """
            type=MyApp.Clock,factory=MyApp.Clock.Fixed,tag=Production,lifecycle=transient,parameter=2025-03-14T09:00:00Z
            [checkout]
            type=MyApp.Clock,factory=MyApp.Clock.Fixed,tag=Staging,parameter=a\\=b

            """)
        #expect(ToolRun(["format", "--check", "ui.relay"], in: directory.path).status == 0)
    }

    @Test("explain --index says, like check, that it cannot check a parameter= value — after the bindings, or on standard error with --json")
    func explainNamesUncheckedParameters() throws {
        let directory = try Self.directory([:])
        defer { directory.remove() }
        let instruction = "type=MyApp.Clock,factory=MyApp.Clock.Fixed,parameter=yesterday"
        let note = "argv[4]: note: parameter 'yesterday' for factory 'MyApp.Clock.Fixed' is not checked here — only the app's parser can read it "
            + "(expected seconds since 1970, e.g. 1741953600); run the app or a test with this instruction to check the value\n"
        let run = ToolRun(["explain", "--index", "relay-index.json", "-d", instruction], in: directory.path)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.hasSuffix("MyApp.Clock [global] → MyApp.Clock.Fixed parameter=yesterday (from argv[4])\n" + note), "\(run.output)")
        let json = ToolRun(["explain", "--index", "relay-index.json", "--json", "-d", instruction], in: directory.path)
        #expect(json.status == 0, "\(json.errorOutput)")
        #expect(json.errorOutput == note.replacingOccurrences(of: "argv[4]", with: "argv[5]"))
        #expect(!json.output.contains("note:"), "standard output stays one JSON document")
    }

    @Test("explain shows the tag with the scope and the parameter after the factory")
    func explain() throws {
        let run = ToolRun(["explain", "-d", "type=MyApp.Clock,factory=MyApp.Clock.Fixed,tag=Checkout,lifecycle=transient,parameter=2025-03-14T09:00:00Z"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("MyApp.Clock [global, tag=Checkout, transient] → MyApp.Clock.Fixed parameter=2025-03-14T09:00:00Z (from argv[2])"), "\(run.output)")
    }
}
