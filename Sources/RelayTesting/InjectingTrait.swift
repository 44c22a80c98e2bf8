#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Relay
import Testing

/// A Swift Testing trait that runs each test (each test case of a parameterized test)
/// inside `withInjectedDependencies(_:operation:)` with the given instructions.
///
/// ```swift
/// @Test(.injecting("type=MyApp.Backend,factory=MyApp.Backend.Stub", index: .myApp))
/// func showsStubbedRecipes() throws { /* … */ }
///
/// @Suite(.injecting("type=MyApp.Clock,factory=MyApp.Clock.Fixed", index: .myApp))
/// struct CheckoutTests { /* … */ }   // every test in the suite, each with fresh singletons
/// ```
///
/// The instructions are the ones a driver passes with `-d`, checked against the index like
/// any other source: an unknown key or incompatible factory fails the test with the
/// positioned message and its "did you mean" suggestion, before the test body runs.
/// Tests running in parallel each see only their own overrides.
///
/// The check happens before the test body and before a suite's `init`, so nothing in them
/// can fill the index in time. Pass the app's index made with
/// `DynamicDependencyIndex(prepare:)` (`index: .myApp` above): it fills itself — and
/// registers the defaults — right before the first check, whichever test runs first or
/// alone. With the default, `DynamicDependencyIndex.shared`, the test depends on other code
/// having filled it; when it is empty or lacks a key, the failure says so.
public struct InjectingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The instructions as given: strings in the `-d` syntax, or the typed list a driver
    /// passes.
    enum Stubs: Sendable {
        case text([String])
        case typed(LaunchArgumentBuilder)
    }

    let stubs: Stubs
    /// The index they are looked up in.
    public let index: DynamicDependencyIndex

    /// The instructions, in the `-d` syntax (for typed stubs, their canonical text).
    public var instructions: [String] {
        switch stubs {
        case let .text(instructions): instructions
        case let .typed(builder): builder.instructions.map(\.description)
        }
    }

    /// A suite-level trait applies to every test in the suite.
    public var isRecursive: Bool { true }

    /// Scopes each test case separately, so every case gets fresh singletons.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> InjectingTrait? {
        testCase == nil ? nil : self
    }

    /// The overrides this trait applies; throws what a test would fail with.
    func makeOverrides() throws -> DependencyOverrides {
        switch stubs {
        case let .text(instructions): try DependencyOverrides(instructions, index: index)
        case let .typed(builder): DependencyOverrides(builder, index: index)
        }
    }

    /// Runs `function` — the test case — inside `withInjectedDependencies(_:operation:)`
    /// with this trait's instructions; throws their `DynamicInjectionError` before
    /// running it when they name an unknown key or an incompatible factory.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withInjectedDependencies(makeOverrides()) {
            try await function()
        }
    }
}

extension Trait where Self == InjectingTrait {
    /// Runs the test with these instructions (the `-d` syntax) injected in-process, checked
    /// against `index` — pass the app's index that fills itself (see ``InjectingTrait``).
    public static func injecting(_ instructions: String..., index: DynamicDependencyIndex = .shared) -> Self {
        InjectingTrait(stubs: .text(instructions), index: index)
    }

    /// Runs the test with a list of instructions (the `-d` syntax) injected in-process,
    /// checked against `index` — pass the app's index that fills itself.
    public static func injecting(_ instructions: [String], index: DynamicDependencyIndex = .shared) -> Self {
        InjectingTrait(stubs: .text(instructions), index: index)
    }

    /// Runs the test with the dependency instructions of `stubs` injected in-process — the
    /// same typed list a driver test passes to `DriverLaunch` — checked against `index`.
    ///
    /// ```swift
    /// enum Stubs {
    ///     static let offline = LaunchArgumentBuilder(arguments: [
    ///         DependencyInstructionLaunchArgument(type: .backendService, factory: .backendStub),
    ///     ])
    /// }
    ///
    /// @Test(.injecting(Stubs.offline, index: .myApp)) func showsStubbedRecipes() { /* … */ }
    /// @Test func driverShowsStubbedRecipes() async throws {
    ///     let run = try await DriverLaunch(.product("my-app"), dependencies: Stubs.offline).run()
    ///     // …
    /// }
    /// ```
    ///
    /// A renamed or unindexed key fails the test before its body runs, positioned at the
    /// file and line that created the argument. Arguments that are not dependency
    /// instructions (the program's own flags) are left out.
    public static func injecting(_ stubs: LaunchArgumentBuilder, index: DynamicDependencyIndex = .shared) -> Self {
        InjectingTrait(stubs: .typed(stubs), index: index)
    }
}
#endif
