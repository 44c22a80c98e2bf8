import Foundation
import Relay
import RelayDemo
import Testing

/// Scoped instructions and lifecycles, seen in the output.
@Suite("relay-demo: scopes and lifecycles")
struct ScopeAndLifecycleDriverTests {
    @Test("--shopping-list resolves the formatter the shopping scope registers in code")
    func shoppingScopeDefault() throws {
        let run = try DemoLaunch(LaunchArgumentBuilder(arguments: [DemoFixtures.fixedClock]), extraArguments: ["--shopping-list"]).run()
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == DemoFixtures.shakshuka(heading: "Shopping list:") { "  [ ] \($1)" }, "\(run)")
    }

    @Test("a [shopping] section changes the shopping list")
    func shoppingSection() throws {
        var launch = DemoLaunch(arguments: ["--shopping-list", "-d", "@config/shopping.relay"])
        launch.fixtures = ["shopping.relay"]
        let run = try launch.run()
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.lines == DemoFixtures.shakshuka(heading: "Shopping list:") { "  \($0). \($1)" }, "\(run)")
    }

    @Test("an instruction with scope=shopping leaves the global formatter alone")
    func scopedInstructionLeavesGlobal() throws {
        let run = try DemoLaunch(LaunchArgumentBuilder(arguments: [
            DemoFixtures.fixedClock,
            DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterNumbered, scope: .shopping),
        ])).run()
        #expect(run.status == 0, "\(run)")
        #expect(run.lines == DemoFixtures.shakshuka(), "bullets, as registered in the global container: \(run)")
    }

    @Test("lifecycle=transient gives each resolve a new kitchen (config/transient-kitchen.relay)")
    func transientFromFile() throws {
        var launch = DemoLaunch(arguments: ["-d", "@config/transient-kitchen.relay"])
        launch.fixtures = ["transient-kitchen.relay"]
        let run = try launch.run()
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.last == "Kitchen tickets: #1, #2 — each order opened a new kitchen", "\(run)")
    }

    @Test("lifecycle=transient from $RELAY_DEPENDENCIES, built with LaunchArgumentBuilder")
    func transientFromEnvironment() throws {
        var launch = DemoLaunch()
        launch.environment = LaunchArgumentBuilder(arguments: [
            DemoFixtures.fixedClock,
            DependencyInstructionLaunchArgument(type: .kitchen, factory: .kitchenLive, lifecycle: .transient),
        ]).buildEnvironment()
        let run = try launch.run()
        #expect(run.status == 0, "\(run)")
        #expect(run.lines.last == "Kitchen tickets: #1, #2 — each order opened a new kitchen", "\(run)")
        #expect(run.lines.first == "Recipe of the day (Friday 2025-03-14): Shakshuka", "\(run)")
    }
}
