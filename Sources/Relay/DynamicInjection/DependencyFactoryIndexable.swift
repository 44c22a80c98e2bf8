/// Lists alternative factories (usually stubs and fixtures) that instructions may select,
/// by key.
///
/// ```swift
/// struct CheckoutStubs: DependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: @Sendable (DependencyContainer) throws -> Any] = [
///         .backendStub: { _ in BackendStub() },
///     ]
/// }
/// static let myApp = DynamicDependencyIndex { index in index.add(CheckoutStubs()) }
/// ```
///
/// Factories indexed this way are untyped: pairing one with the wrong type is only
/// detected when the type is resolved. Prefer
/// ``DynamicDependencyIndex/add(factory:producing:_:)``, which records what the factory
/// produces so that a mismatched instruction is rejected before anything runs.
public protocol DependencyFactoryIndexable {
    /// The indexed factories, by key. Each receives the container of the scope it is
    /// injected into. Resolve dependencies there with `try container.tryResolve(...)` so
    /// that a failure is reported (by ``DynamicDependencyIndex/validate()`` too) instead of
    /// stopping the program.
    var index: [DependencyFactoryKey: @Sendable (DependencyContainer) throws -> Any] { get }
}
