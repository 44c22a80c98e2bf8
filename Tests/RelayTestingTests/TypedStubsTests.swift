import Foundation
import Relay
@testable import RelayDemo
import RelayTesting
import Testing

/// One typed list of stubs — a tag and a parameter included — for every kind of test.
enum DemoStubs {
    /// The fixed clock (2025-03-14, a Friday), and the `Compact` formatter replaced by
    /// the marked one, marking with `→`.
    static let stubs = LaunchArgumentBuilder(arguments: [
        DependencyInstructionLaunchArgument(type: .clock, factory: .clockFixed),
        DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterMarked, tag: .compact, parameter: "→"),
    ])

    /// What the stubs give in-process: the clock's time, the tagged and the untagged
    /// formatter's lines.
    static func seen() -> (now: Date, lines: [String], untagged: [String]) {
        let clock = DependencyContainer.global.resolve((any RelayDemo.Clock).self)
        let formatter = DependencyContainer.global.resolve((any ListFormatter).self, tag: .compact)
        let untagged = DependencyContainer.global.resolve((any ListFormatter).self)
        return (clock.now, formatter.lines(for: ["eggs"]), untagged.lines(for: ["eggs"]))
    }
}

/// The same `static let stubs` in a driver test, an `.injecting` test and a
/// `withInjectedDependencies` block.
@Suite("Typed stubs: one list for driver and in-process tests")
struct TypedStubsTests {
    @Test("a driver test launches relay-demo with the stubs")
    func driver() async throws {
        let run = try await DriverLaunch(.product("relay-demo"), dependencies: DemoStubs.stubs, arguments: ["--compact"]).run()
        #expect(run.exitStatus == 0, "\(run)")
        #expect(run.standardOutputLines.first == "Recipe of the day (Friday 2025-03-14): Shakshuka", "\(run)")
        #expect(run.standardOutputLines.contains("  → 4 eggs"), "\(run)")
    }

    @Test("the .injecting trait takes the stubs", .injecting(DemoStubs.stubs, index: .relayDemo))
    func trait() {
        let seen = DemoStubs.seen()
        #expect(seen.now == Date(timeIntervalSince1970: 1_741_953_600))   // 2025-03-14 12:00 UTC
        #expect(seen.lines == ["  → eggs"])
        #expect(seen.untagged == ["  • eggs"], "only the tagged formatter is replaced")
    }

    @Test("withInjectedDependencies takes the stubs, sync and async")
    func block() async throws {
        let seen = try withInjectedDependencies(DemoStubs.stubs, index: .relayDemo) { DemoStubs.seen() }
        #expect(seen.now == Date(timeIntervalSince1970: 1_741_953_600))   // 2025-03-14 12:00 UTC
        #expect(seen.lines == ["  → eggs"])
        let lines = try await withInjectedDependencies(DemoStubs.stubs, index: .relayDemo) { () async throws in
            await Task { DemoStubs.seen().lines }.value
        }
        #expect(lines == ["  → eggs"])
    }

    @Test("the trait shows the stubs as instruction text")
    func traitInstructions() {
        let trait: InjectingTrait = .injecting(DemoStubs.stubs, index: .relayDemo)
        #expect(trait.instructions == [
            "type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed",
            "type=RelayDemo.ListFormatter,factory=RelayDemo.ListFormatter.Marked,tag=Compact,parameter=→",
        ])
    }

    @Test("a bad typed stub is reported at the file and line that created it")
    func errorsPointAtTheArgument() throws {
        let line = #line + 2
        let stubs = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .listFormatter, factory: .listFormatterMarked, parameter: "too long"),
            DependencyInstructionLaunchArgument(type: .clock, factory: DependencyFactoryKey("RelayDemo.Clock.Fixd")),
        ])
        let error = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(stubs, index: .relayDemo) {}
        }
        let lines = try #require(error).diagnostics.map(\.description)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("RelayTestingTests/TypedStubsTests.swift:\(line): error: ") == true, "\(lines)")
        #expect(lines.first?.contains("a marker of 1 to 3 characters") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("RelayTestingTests/TypedStubsTests.swift:\(line + 1): error: unknown factory key 'RelayDemo.Clock.Fixd' (did you mean 'RelayDemo.Clock.Fixed'?)") == true, "\(lines)")
    }
}
