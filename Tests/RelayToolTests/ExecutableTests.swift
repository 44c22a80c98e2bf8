import Foundation
import RelayTesting
import Testing

/// Runs the built `relay` executable, to prove that `main.swift` wires arguments, the
/// working directory, standard error and the exit status to the core.
@Suite("relay executable")
struct ExecutableTests {
    @Test func brokenFileExitsWithOneAndAPositionedMessage() async throws {
        var launch = DriverLaunch(.product("relay"), arguments: ["check", "broken.relay"])
        launch.inheritsEnvironment = false
        launch.files = ["broken.relay": "# fixtures\ntype=MyApp.Backend,factroy=MyApp.Backend.Stub\n"]
        let run = try await launch.run()

        #expect(!run.terminatedBySignal, "\(run)")
        #expect(run.exitStatus == 1, "\(run)")
        #expect(run.standardOutput == "")
        #expect(run.standardError == "broken.relay:2:20: error: unknown key 'factroy'; did you mean 'factory'? (the valid keys are type, factory, scope, tag, lifecycle and parameter)\n")
    }
}
