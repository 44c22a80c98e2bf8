import Foundation
import Relay
import RelayDemo
import RelayTesting
import Testing

/// Scoped instructions and lifecycles, seen in the output.
@Suite("relay-demo: scopes and lifecycles")
struct ScopeAndLifecycleDriverTests {
    @Test("--shopping-list resolves the formatter the shopping scope registers in code")
    func shoppingScopeDefault() async throws {
        let run = try await DriverLaunch.demo(LaunchArgumentBuilder(arguments: [DemoFixtures.fixedClock]), extraArguments: ["--shopping-list"]).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(heading: "Shopping list:") { "  [ ] \($1)" }, "\(run)")
    }

    @Test("a [shopping] section changes the shopping list")
    func shoppingSection() async throws {
        var launch = DriverLaunch.demo(arguments: ["--shopping-list", "-d", "@config/shopping.relay"])
        try launch.addFixtures("shopping.relay")
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardError.isEmpty, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(heading: "Shopping list:") { "  \($0). \($1)" }, "\(run)")
    }

    @Test("an instruction with scope=shopping leaves the global formatter alone")
    func scopedInstructionLeavesGlobal() async throws {
        let run = try await DriverLaunch.demo(LaunchArgumentBuilder(arguments: [
            DemoFixtures.fixedClock,
            DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterNumbered, scope: .shopping),
        ])).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines == DemoFixtures.shakshuka(), "bullets, as registered in the global container: \(run)")
    }

    @Test("lifecycle=transient gives each resolve a new kitchen (config/transient-kitchen.relay)")
    func transientFromFile() async throws {
        var launch = DriverLaunch.demo(arguments: ["-d", "@config/transient-kitchen.relay"])
        try launch.addFixtures("transient-kitchen.relay")
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines.last == "Kitchen tickets: #1, #2 — each order opened a new kitchen", "\(run)")
    }

    @Test("lifecycle=transient from $RELAY_DEPENDENCIES, built with LaunchArgumentBuilder")
    func transientFromEnvironment() async throws {
        let launch = DriverLaunch.demo(LaunchArgumentBuilder(arguments: [
            DemoFixtures.fixedClock,
            DependencyInstructionLaunchArgument(type: .kitchen, factory: .kitchenLive, lifecycle: .transient),
        ]), channel: .environment)
        let run = try await launch.run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines.last == "Kitchen tickets: #1, #2 — each order opened a new kitchen", "\(run)")
        #expect(run.standardOutputLines.first == "Recipe of the day (Friday 2025-03-14): Shakshuka", "\(run)")
    }
}
