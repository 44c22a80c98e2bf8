import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// Each instruction source on its own selects the same stubs.
@Suite("relay-demo: each source alone")
struct SourceDriverTests {
    /// The stub recipe and fixed clock, a clean run.
    private func expectStubToast(_ run: DriverRun) {
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.stubToast, "\(run)")
    }

    @Test("-d on the command line")
    func commandLine() async throws {
        let launch = DriverLaunch.demo(DemoFixtures.stubbed)
        #expect(launch.arguments == [
            "-d", "type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub",
            "-d", "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed",
        ])
        expectStubToast(try await launch.run())
    }

    @Test("$RELAY_DEPENDENCIES")
    func environmentVariable() async throws {
        let launch = DriverLaunch.demo(DemoFixtures.stubbed, channel: .environment)
        #expect(launch.arguments.isEmpty)
        #expect(launch.environment == [
            "RELAY_DEPENDENCIES": "type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub;type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed",
        ])
        expectStubToast(try await launch.run())
    }

    @Test("-d @config/stub-recipes.relay")
    func fileArgument() async throws {
        var launch = DriverLaunch.demo(arguments: ["-d", "@config/stub-recipes.relay"])
        try launch.addFixtures("stub-recipes.relay")
        expectStubToast(try await launch.run())
    }

    @Test("-d - reads the .relay text on standard input")
    func standardInput() async throws {
        let launch = DriverLaunch.demo(DemoFixtures.stubbed, channel: .standardInput)
        #expect(launch.arguments == ["-d", "-"])
        #expect(launch.standardInput == DemoFixtures.stubbed.buildConfigFile())
        expectStubToast(try await launch.run())
    }

    @Test("./.relay in the working directory")
    func workingDirectoryFile() async throws {
        let launch = DriverLaunch.demo(DemoFixtures.stubbed, channel: .configFile)
        #expect(launch.arguments.isEmpty)
        #expect(launch.files == [".relay": DemoFixtures.stubbed.buildConfigFile()])
        expectStubToast(try await launch.run())
    }

    @Test("$RELAY_DEPENDENCIES_FILE")
    func fileVariable() async throws {
        var launch = DriverLaunch.demo()
        try launch.addFixtures("stub-recipes.relay")
        launch.environment = ["RELAY_DEPENDENCIES_FILE": "config/stub-recipes.relay"]
        expectStubToast(try await launch.run())
    }

    @Test("an empty $RELAY_DEPENDENCIES_FILE switches ./.relay off")
    func emptyFileVariable() async throws {
        var launch = DriverLaunch.demo(LaunchArgumentBuilder(arguments: [DemoFixtures.fixedClock]))
        launch.files = [".relay": LaunchArgumentBuilder(arguments: [DemoFixtures.stubRecipes]).buildConfigFile()]
        launch.environment = ["RELAY_DEPENDENCIES_FILE": ""]
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(), "the bundled book, not the stub from ./.relay: \(run)")
    }
}
