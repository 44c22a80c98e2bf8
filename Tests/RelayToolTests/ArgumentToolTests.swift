import RelayTestSupport
import Foundation
import Relay
import RelayToolCore
import Testing

@Suite("relay check and explain --index with argument factories")
struct ArgumentToolTests {
    /// An app's manifest: `MyApp.Greeter` registered with a `Swift.String` argument and
    /// `MyApp.Downloader` with a `Foundation.URL` one, an argument stub for each taking a
    /// `Swift.String`, and a plain greeter stub.
    private static let manifest = DynamicDependencyIndex.Manifest(
        types: ["MyApp.Greeter": "MyApp.Greeter", "MyApp.Downloader": "MyApp.Downloader"],
        factories: ["MyApp.Greeter.Stub": "MyApp.Greeter", "MyApp.Greeter.Plain": "MyApp.Greeter", "MyApp.Downloader.Stub": "MyApp.Downloader"],
        arguments: ["MyApp.Greeter.Stub": "Swift.String", "MyApp.Downloader.Stub": "Swift.String"],
        registeredArguments: ["MyApp.Greeter": ["Swift.String"], "MyApp.Downloader": ["Foundation.URL"]]
    )

    private static func directory(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try manifest.write(to: directory.url.appendingPathComponent("relay-index.json"))
        for (name, text) in files { try directory.write(name, text) }
        return directory
    }

    @Test("check --index accepts an argument stub for a registration taking its argument type")
    func checkAccepts() throws {
        let directory = try Self.directory(["good.relay": "type=MyApp.Greeter,factory=MyApp.Greeter.Stub\n"])
        defer { directory.remove() }
        let run = ToolRun(["check", "--index", "relay-index.json", "good.relay"], in: directory.path)
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output == "good.relay: 1 instruction OK, every key in relay-index.json\n")
    }

    @Test("check --index rejects another argument type and a lifecycle other than transient, as the app does")
    func checkRejects() throws {
        let directory = try Self.directory(["bad.relay": """
            type=MyApp.Downloader,factory=MyApp.Downloader.Stub
            type=MyApp.Greeter,factory=MyApp.Greeter.Stub,lifecycle=weakSingleton

            """])
        defer { directory.remove() }
        let run = ToolRun(["check", "--index", "relay-index.json", "bad.relay"], in: directory.path)
        #expect(run.status == 1)
        #expect(run.errorOutput == """
            bad.relay:1:1: error: factory 'MyApp.Downloader.Stub' takes a runtime argument of type Swift.String, but type key 'MyApp.Downloader' has no argument registration taking Swift.String, so the binding would never be resolved — \
            register it in code with register(_:argument: Swift.String.self), or index a stub taking the type's argument with add(factory:producing:argument:_:); MyApp.Downloader is registered with arguments of type Foundation.URL
            bad.relay:2:1: error: factory 'MyApp.Greeter.Stub' takes a runtime argument, and argument registrations are always transient; remove lifecycle=weakSingleton (or write lifecycle=transient)

            """)
    }

    @Test("explain --index shows the argument type, in text and JSON")
    func explainShowsArgument() throws {
        let directory = try Self.directory([:])
        defer { directory.remove() }
        let text = ToolRun(["explain", "--index", "relay-index.json", "-d", "type=MyApp.Greeter,factory=MyApp.Greeter.Stub"], in: directory.path)
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("MyApp.Greeter [global, transient] → MyApp.Greeter.Stub (argument: Swift.String) (from argv[4])"), "\(text.output)")
        let json = ToolRun(["explain", "--json", "--index", "relay-index.json", "-d", "type=MyApp.Greeter,factory=MyApp.Greeter.Stub"], in: directory.path)
        #expect(json.status == 0, "\(json.errorOutput)")
        #expect(json.output.contains(#""argument" : "Swift.String""#), "\(json.output)")
        #expect(json.output.contains(#""lifecycle" : "transient""#), "\(json.output)")
    }
}
