/// Lists alternative factories (usually stubs and fixtures) that instructions may select,
/// by key.
///
/// ```swift
/// struct CheckoutStubs: DependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: @Sendable (DependencyContainer) -> Any] = [
///         .backendStub: { _ in BackendStub() },
///     ]
/// }
/// DynamicDependencyIndex.shared.add(CheckoutStubs())
/// ```
///
/// This is the seed API's shape, kept so Relay 0.3 indexes compile unchanged (in the
/// Swift 5 language mode, a `[DependencyFactoryKey: (DependencyContainer) -> Any]`
/// conforms with a warning about sendability; in Swift 6, write `@Sendable`).
///
/// Factories indexed this way are untyped and cannot throw: pairing one with the wrong
/// type is only detected when the type is resolved, and a dependency it cannot resolve
/// stops the program. Prefer ``DynamicDependencyIndex/add(factory:producing:_:)``, which
/// records what the factory produces — so a mismatched instruction is rejected before
/// anything runs — and takes a throwing factory, whose failures
/// ``DynamicDependencyIndex/validate()`` reports.
public protocol DependencyFactoryIndexable {
    /// The indexed factories, by key. Each receives the container of the scope it is
    /// injected into.
    var index: [DependencyFactoryKey: @Sendable (DependencyContainer) -> Any] { get }
}
