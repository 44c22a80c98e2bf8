/// Runs `operation` with `overrides` in force, for this code and every task it starts
/// with structured concurrency (child tasks, `async let`, task groups, and `Task { }`,
/// which inherits task-local values).
///
/// Inside, every resolve — from any container scope — looks at the overrides first (an
/// override for the container's own scope, then a global one; inner
/// `withInjectedDependencies` calls before outer ones), then at the normal registrations.
/// Every singleton resolved inside lives in a cache of this call alone — including
/// singletons of types that are not overridden, since they may depend on ones that are —
/// and is released when it returns, so nothing created here is visible outside. Code
/// outside, including tests running at the same moment, is unaffected.
///
/// Threads not started through Swift concurrency (`Thread`, `DispatchQueue.async`,
/// `Task.detached`) do not inherit task-local values, so they see the normal containers.
///
/// - Throws: ``DynamicInjectionError`` if an instruction in `overrides` names an unknown
///   key or an incompatible factory (before `operation` runs), or what `operation` throws.
public func withInjectedDependencies<Result>(
    _ overrides: DependencyOverrides,
    operation: () throws -> Result
) throws -> Result {
    let frame = try overrides.makeFrame(parent: OverrideContext.current)
    ResolutionEngine.activeOverrides.add(1, ordering: .relaxed)
    defer { ResolutionEngine.activeOverrides.subtract(1, ordering: .relaxed) }
    return try OverrideContext.$current.withValue(frame, operation: operation)
}

/// The `async` form of ``withInjectedDependencies(_:operation:)``.
public func withInjectedDependencies<Result>(
    _ overrides: DependencyOverrides,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    let frame = try overrides.makeFrame(parent: OverrideContext.current)
    ResolutionEngine.activeOverrides.add(1, ordering: .relaxed)
    defer { ResolutionEngine.activeOverrides.subtract(1, ordering: .relaxed) }
    return try await OverrideContext.$current.withValue(frame, operation: operation, isolation: isolation)
}

/// Runs `operation` with overrides given as instruction strings (the `-d` syntax).
public func withInjectedDependencies<Result>(
    _ instructions: String...,
    index: DynamicDependencyIndex = .shared,
    operation: () throws -> Result
) throws -> Result {
    try withInjectedDependencies(DependencyOverrides(instructions, index: index), operation: operation)
}

/// Runs `operation` with overrides given as instruction strings (the `-d` syntax).
public func withInjectedDependencies<Result>(
    _ instructions: String...,
    index: DynamicDependencyIndex = .shared,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await withInjectedDependencies(DependencyOverrides(instructions, index: index), isolation: isolation, operation: operation)
}
