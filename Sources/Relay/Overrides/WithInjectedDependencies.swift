// Layer: Overrides — in-process injection for tests. Uses DynamicInjection and below; not
// InstructionSources (a sibling). Builds RegistrationRequests; the engine installs them as
// an override layer.

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
    try ResolutionEngine.shared.withOverrides(overrides.registrations(), operation: operation)
}

/// The `async` form of ``withInjectedDependencies(_:operation:)``.
public func withInjectedDependencies<Result>(
    _ overrides: DependencyOverrides,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await ResolutionEngine.shared.withOverrides(overrides.registrations(), isolation: isolation, operation: operation)
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
///
/// When the closure's only `try` is inside `#expect(…)`, write its signature:
/// `{ () async throws in … }` (see the list form below for why).
public func withInjectedDependencies<Result>(
    _ instructions: String...,
    index: DynamicDependencyIndex = .shared,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await withInjectedDependencies(DependencyOverrides(instructions, index: index), isolation: isolation, operation: operation)
}

/// Runs `operation` with overrides given as a list of instruction strings (the `-d`
/// syntax), for instructions built at run time.
///
/// ```swift
/// let stubs = ["type=MyApp.BackendService,factory=MyApp.BackendService.Stub"]
/// let recipes = try withInjectedDependencies(stubs, index: .myApp) {
///     try DependencyContainer.global.resolve(RecipeStore.self).cachedRecipes()
/// }
/// ```
///
/// - Throws: ``DynamicInjectionError`` when an instruction does not parse, names an
///   unknown key or pairs a factory with another type (before `operation` runs), or what
///   `operation` throws.
public func withInjectedDependencies<Result>(
    _ instructions: [String],
    index: DynamicDependencyIndex = .shared,
    operation: () throws -> Result
) throws -> Result {
    try withInjectedDependencies(DependencyOverrides(instructions, index: index), operation: operation)
}

/// The `async` form of `withInjectedDependencies(_:index:operation:)` with a list of instructions.
///
/// ```swift
/// try await withInjectedDependencies(stubs, index: .myApp) { () async throws in
///     let store = DependencyContainer.global.resolve(RecipeStore.self)
///     #expect(try await store.backend.recipes() == ["Stub Pancakes"])
/// }
/// ```
///
/// Write the closure's signature, `{ () async throws in … }`, when its only `try` is inside
/// `#expect(…)`: Swift decides whether a closure throws before it expands macros, so
/// without it the compiler reports "errors thrown from here are not handled" inside the
/// macro (swiftlang/swift-testing#611). Returning the value and expecting outside the
/// closure works too.
///
/// - Throws: ``DynamicInjectionError`` (before `operation` runs), or what `operation` throws.
public func withInjectedDependencies<Result>(
    _ instructions: [String],
    index: DynamicDependencyIndex = .shared,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async throws -> Result {
    try await withInjectedDependencies(DependencyOverrides(instructions, index: index), isolation: isolation, operation: operation)
}
