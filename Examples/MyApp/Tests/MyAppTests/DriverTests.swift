import Foundation
import Relay
import RelayTesting
import Testing
@testable import MyApp

@Test(arguments: InstructionChannel.allCases)   // -d, RELAY_DEPENDENCIES, ./.relay, -d -
func appPrintsStubbedRecipes(_ channel: InstructionChannel) async throws {
    let stubs = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .backend, factory: .backendStub),
    ])
    let run = try await DriverLaunch(.product("my-app"), dependencies: stubs, channel: channel).run()
    #expect(run.standardOutputLines == ["Stub Pancakes"], "\(run)")
    #expect(try run.injectionReport().bindings.map(\.factory) == [.backendStub])
}

@Test func appKeepsItsOwnFlags() async throws {
    var launch = DriverLaunch(.product("my-app"), arguments: ["-d", "@fixtures/stub.relay", "--shout"])
    launch.files["fixtures/stub.relay"] = "type=MyApp.BackendService,factory=MyApp.BackendService.Stub\n"
    let run = try await launch.run()
    #expect(run.standardOutputLines == ["STUB PANCAKES"], "\(run)")
    #expect(try run.injectionReport().bindings.map(\.origin.description) == ["fixtures/stub.relay:1:1"])
}

@Test func appRejectsAMisspeltKey() async throws {
    let run = try await DriverLaunch(.product("my-app"), arguments: ["-d", "type=MyApp.BackendServce,factory=MyApp.BackendService.Stub"]).run()
    #expect(run.exitStatus == 1, "\(run)")
    #expect(run.standardError.contains("unknown type key 'MyApp.BackendServce' (did you mean 'MyApp.BackendService'?)"), "\(run)")
    #expect(throws: DriverLaunchError.self) { try run.injectionReport() }
}

@Test func fixturesUseKnownKeys() throws {
    try DynamicDependencyIndex.myApp.manifest().checkFixtures(in: "Fixtures")
}

@Test func fixturesMatchTheManifestTheAppExports() async throws {
    let manifest = FileManager.default.temporaryDirectory.appendingPathComponent("my-app-index-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: manifest) }
    let run = try await DriverLaunch(.product("my-app"), environment: ["RELAY_MANIFEST_PATH": manifest.path]).run()
    #expect(run.exitStatus == 0, "\(run)")
    try DynamicDependencyIndex.Manifest(contentsOf: manifest).checkFixtures(in: "Fixtures")
}
