/// A factory from a ``DependencyFactoryIndexable``: a plain closure, not `@Sendable`, as
/// Relay 0.3 declared them — so Relay makes sure no two threads ever run it at once.
///
/// `@unchecked Sendable` is safe: `factory` is only ever called inside `lock.withLock`, so
/// calls from different threads never overlap, and each happens after the previous one
/// (the mutex orders them). Whatever the closure captures is therefore touched by one
/// thread at a time, which is all a non-`Sendable` closure needs. The lock is recursive
/// so that a factory may resolve a type whose registration uses the same factory (a type
/// bound to one factory key in two scopes) on the same thread.
///
/// The lock is held while the factory runs. Two such factories that need each other on
/// two threads at once would wait for each other; that is a dependency cycle, which the
/// same two factories on one thread report as a ``DependencyResolutionError``.
final class SerializedFactory: @unchecked Sendable {
    private let lock = RecursiveLock()
    private let factory: (DependencyContainer) -> Any

    init(_ factory: @escaping (DependencyContainer) -> Any) {
        self.factory = factory
    }

    func make(_ container: DependencyContainer) -> Any {
        lock.withLock { factory(container) }
    }
}
