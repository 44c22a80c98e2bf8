/// A factory from a ``DependencyFactoryIndexable``: a plain closure, not `@Sendable`, as
/// Relay 0.3 declared them — so Relay makes sure no two threads ever run it at once.
///
/// The lock is held while the factory runs, so a thread that needs the factory while
/// another thread runs it waits — a wait the engine's wait-for graph does not see. It
/// ends when the other thread's run returns, unless that run needs, directly or through
/// other threads, something the waiting thread holds: a singleton it is building, or
/// another serialized factory it is running. That is a dependency cycle through this
/// factory (type A's untyped factory resolves B, B's resolves A, and two threads
/// resolve A and B at once): on one thread it is reported as
/// ``DependencyResolutionError/Reason/circularDependency(cycle:acrossThreads:)``, across
/// two threads both wait for good (docs/architecture.md, "Locking").
///
/// `@unchecked Sendable` is safe: `factory` is only ever called inside `lock.withLock`, so
/// calls from different threads never overlap, and each happens after the previous one
/// (the mutex orders them). Whatever the closure captures is therefore touched by one
/// thread at a time, which is all a non-`Sendable` closure needs. The lock is recursive
/// so that a factory may resolve a type whose registration uses the same factory (a type
/// bound to one factory key in two scopes) on the same thread.
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
