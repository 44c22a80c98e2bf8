/// Lists alternative factories (usually stubs and fixtures) that instructions may select,
/// by key.
///
/// ```swift
/// struct CheckoutStubs: DependencyFactoryIndexable {
///     let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = [
///         .backendStub: { _ in BackendStub() },
///     ]
/// }
/// static let myApp = DynamicDependencyIndex { index in index.add(CheckoutStubs()) }
/// ```
///
/// This is the seed API's shape, kept so that Relay 0.3 indexes compile and run
/// unchanged in both language modes. The factories are plain closures, not `@Sendable`:
/// Relay calls each one under a lock, so no two threads ever run the same factory at once.
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
    var index: [DependencyFactoryKey: (DependencyContainer) -> Any] { get }
}
