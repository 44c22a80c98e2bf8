import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// Command line beats `$RELAY_DEPENDENCIES` beats the `.relay` file beats code.
@Suite("relay-demo: precedence between sources")
struct PrecedenceDriverTests {
    /// `./.relay` asking for the empty recipe book and the fixed clock (lines 2 and 3,
    /// after the generated comment).
    private let emptyBookFile = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .recipeBook, factory: .recipeBookEmpty),
        DemoFixtures.fixedClock,
    ]).buildConfigFile()

    @Test("the command line beats $RELAY_DEPENDENCIES, which beats ./.relay; RELAY_EXPLAIN=1 lists what was overridden")
    func commandLineBeatsEnvironmentBeatsFile() async throws {
        var launch = DriverLaunch.demo(
            LaunchArgumentBuilder(arguments: [DependencyInstructionLaunchArgument(type: .recipeBook, factory: .recipeBookBundled)])
        )
        launch.environment = LaunchArgumentBuilder(arguments: [DemoFixtures.stubRecipes]).buildEnvironment()
        launch.environment["RELAY_EXPLAIN"] = "1"
        launch.files = [".relay": emptyBookFile]
        let run = try await launch.run()

        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(), "the bundled book from the command line: \(run)")
        let report = run.standardErrorLines
        try #require(report.count == 3, "\(run)")
        #expect(report[0] == "Relay dynamic injection: 2 bindings from command line, $RELAY_DEPENDENCIES, .relay")
        #expect(report[1].hasPrefix("  RelayDemo.Clock [global] → RelayDemo.Clock.Fixed (from .relay:3:1; replaces the registration at RelayDemo/"), "\(run)")
        #expect(report[2].hasPrefix("  RelayDemo.RecipeBook [global] → RelayDemo.RecipeBook.Bundled (from argv[1]; overrides $RELAY_DEPENDENCIES:1:1, .relay:2:1; replaces"), "\(run)")
        // The same report, as data, from $RELAY_REPORT_PATH.
        #expect(try run.injectionReport().bindings.map(\.description) == Array(report.dropFirst().map { String($0.dropFirst(2)) }))
    }

    @Test("$RELAY_DEPENDENCIES beats ./.relay; RELAY_EXPLAIN=1 prints the report")
    func environmentBeatsFile() async throws {
        var launch = DriverLaunch.demo()
        launch.environment = LaunchArgumentBuilder(arguments: [DemoFixtures.stubRecipes]).buildEnvironment()
        launch.environment["RELAY_EXPLAIN"] = "1"
        launch.files = [".relay": emptyBookFile]
        let run = try await launch.run()

        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.stubToast, "\(run)")
        #expect(run.standardErrorLines.contains { $0.hasPrefix("  RelayDemo.RecipeBook [global] → RelayDemo.RecipeBook.Stub (from $RELAY_DEPENDENCIES:1:1; overrides .relay:2:1;") }, "\(run)")
    }

    @Test("./.relay beats the code defaults, which stay for every type it does not name")
    func fileBeatsCode() async throws {
        var launch = DriverLaunch.demo()
        launch.files = [".relay": emptyBookFile]
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines == [
            "Recipe of the day (Friday 2025-03-14): none — the recipe book is empty",
            "Kitchen tickets: #1, #1 — one kitchen took both orders",
        ], "\(run)")
    }

    @Test("the higher source wins whole: its singleton replaces the file's transient instruction")
    func higherSourceWinsWhole() async throws {
        var launch = DriverLaunch.demo(LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .kitchen, factory: .kitchenLive),
        ]))
        try launch.addFixtures("transient-kitchen.relay")
        launch.environment = ["RELAY_DEPENDENCIES_FILE": "config/transient-kitchen.relay"]
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(), "one kitchen: the command line's lifecycle wins: \(run)")
    }
}
