// Typed stubs in-process: the LaunchArgumentBuilder a driver passes to the program it
// launches, applied as overrides in this process instead.

extension DependencyOverrides {
    /// Overrides from the dependency instructions of `stubs`, the list a driver launches
    /// the program with, in order. Arguments that are not dependency instructions (the
    /// program's own flags) have no meaning in-process and are left out, as
    /// ``LaunchArgumentBuilder/buildEnvironment(variable:)`` leaves them out.
    ///
    /// ```swift
    /// var overrides = DependencyOverrides(Stubs.offline, index: .myApp)
    /// overrides.register(Clock.self) { _ in FixedClock(.distantPast) }
    /// ```
    ///
    /// The instructions are checked against `index` when the overrides are applied; a
    /// problem is reported at the file and line where its argument was created.
    public init(_ stubs: LaunchArgumentBuilder, index: DynamicDependencyIndex = .shared) {
        self.init(index: index)
        for located in stubs.locatedInstructions {
            add(located.instruction, origin: located.origin)
        }
    }
}

/// Runs `operation` with the dependency instructions of `stubs` injected in-process — the
/// same typed list a driver test passes to `DriverLaunch` and an iOS UI test appends to
/// `launchArguments`.
///
/// ```swift
/// let total = try withInjectedDependencies(Stubs.offline, index: .myApp) {
///     try DependencyContainer.global.tryResolve(Checkout.self).total()
/// }
/// ```
///
/// Everything ``withInjectedDependencies(_:operation:)`` says holds: who sees the
/// overrides, and that singletons resolved inside are released when it returns.
///
/// - Throws: ``DynamicInjectionError`` when an instruction names a key `index` lacks, pairs
///   a factory with another type, or lacks or misuses a parameter — positioned at the file
///   and line that created its ``DependencyInstructionLaunchArgument`` (before `operation`
///   runs) — or what `operation` throws.
public func withInjectedDependencies<Result>(
    _ stubs: LaunchArgumentBuilder,
    index: DynamicDependencyIndex = .shared,
    operation: () throws -> Result
) throws -> Result {
    try withInjectedDependencies(DependencyOverrides(stubs, index: index), operation: operation)
}

/// The `async` form of `withInjectedDependencies(_:index:operation:)` with a
/// ``LaunchArgumentBuilder``.
///
/// ```swift
/// try await withInjectedDependencies(Stubs.offline, index: .myApp) { () async throws in
///     #expect(try await RecipeStore.current().recipes() == ["Stub Pancakes"])
/// }
/// ```
///
/// - Throws: ``DynamicInjectionError`` (before `operation` runs), or what `operation` throws.
public func withInjectedDependencies<Result>(
    _ stubs: LaunchArgumentBuilder,
    index: DynamicDependencyIndex = .shared,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await withInjectedDependencies(DependencyOverrides(stubs, index: index), isolation: isolation, operation: operation)
}
