import Foundation
import Relay
import RelayTestSupport
import RelayTesting
import Testing

/// Exporting the index's manifest from a program that never exits by itself — a server —
/// with `RELAY_MANIFEST_PATH` and `RELAY_MANIFEST_ONLY`, against the built
/// `RelayTestingFixture` (its `inject forever` steps inject, then run until stopped).
@Suite("Exporting the manifest from a server")
struct ManifestExportTests {
    @Test("RELAY_MANIFEST_ONLY=1: the program injects, writes the manifest and exits with status 0, before serving")
    func exportReturns() async throws {
        let folder = try TemporaryDirectory()
        let manifest = folder.url.appendingPathComponent("relay-manifest.json")
        var launch = DriverLaunch(.product("RelayTestingFixture"), arguments: ["inject", "forever"],
                                  environment: ["RELAY_MANIFEST_PATH": manifest.path, "RELAY_MANIFEST_ONLY": "1"])
        launch.timeout = 60
        let run = try await launch.run()
        #expect(run.exitStatus == 0 && !run.terminatedBySignal, "\(run)")
        #expect(run.standardOutput.isEmpty, "it exits inside inject(), before its own code runs on: \(run)")
        let written = try DynamicDependencyIndex.Manifest(contentsOf: manifest)
        #expect(written.types.keys.map(\.tag) == ["Fixture.Greeting"])
    }
}
