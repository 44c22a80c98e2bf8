import Foundation
import Relay
import RelayDemo
import Testing

/// Each instruction source on its own selects the same stubs.
@Suite("relay-demo: each source alone")
struct SourceDriverTests {
    /// The stub recipe and fixed clock, a clean run.
    private func expectStubToast(_ run: DemoRun) {
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.lines == DemoFixtures.stubToast, "\(run)")
    }

    @Test("-d on the command line")
    func commandLine() throws {
        let launch = DemoLaunch(DemoFixtures.stubbed)
        #expect(launch.arguments == [
            "-d", "type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub",
            "-d", "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed",
        ])
        expectStubToast(try launch.run())
    }

    @Test("$RELAY_DEPENDENCIES")
    func environmentVariable() throws {
        var launch = DemoLaunch()
        launch.environment = DemoFixtures.stubbed.buildEnvironment()
        #expect(launch.environment == [
            "RELAY_DEPENDENCIES": "type=RelayDemo.RecipeBook,factory=RelayDemo.RecipeBook.Stub;type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed",
        ])
        expectStubToast(try launch.run())
    }

    @Test("-d @config/stub-recipes.relay")
    func fileArgument() throws {
        var launch = DemoLaunch(arguments: ["-d", "@config/stub-recipes.relay"])
        launch.fixtures = ["stub-recipes.relay"]
        expectStubToast(try launch.run())
    }

    @Test("-d - reads the .relay text on standard input")
    func standardInput() throws {
        var launch = DemoLaunch(arguments: ["-d", "-"])
        launch.standardInput = DemoFixtures.stubbed.buildConfigFile()
        expectStubToast(try launch.run())
    }

    @Test("./.relay in the working directory")
    func workingDirectoryFile() throws {
        var launch = DemoLaunch()
        launch.files = [".relay": DemoFixtures.stubbed.buildConfigFile()]
        expectStubToast(try launch.run())
    }

    @Test("$RELAY_DEPENDENCIES_FILE")
    func fileVariable() throws {
        var launch = DemoLaunch()
        launch.fixtures = ["stub-recipes.relay"]
        launch.environment = ["RELAY_DEPENDENCIES_FILE": "config/stub-recipes.relay"]
        expectStubToast(try launch.run())
    }

    @Test("an empty $RELAY_DEPENDENCIES_FILE switches ./.relay off")
    func emptyFileVariable() throws {
        var launch = DemoLaunch(LaunchArgumentBuilder(arguments: [DemoFixtures.fixedClock]))
        launch.files = [".relay": LaunchArgumentBuilder(arguments: [DemoFixtures.stubRecipes]).buildConfigFile()]
        launch.environment = ["RELAY_DEPENDENCIES_FILE": ""]
        let run = try launch.run()
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == DemoFixtures.shakshuka(), "the bundled book, not the stub from ./.relay: \(run)")
    }
}
