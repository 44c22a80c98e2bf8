/// An instance of `Value` resolved on first use, then kept: every later use returns that
/// same instance, whatever the registration's lifecycle.
///
/// Like ``Provider``, it needs no registration of its own: resolving `Lazy<Value>` works
/// whenever `Value` is registered, and ``DependencyContainer/lazy(_:tag:)`` makes one directly.
///
/// ```swift
/// final class ReportScreen {
///     @Injected var exporter: Lazy<Downloader>
/// }
///
/// c.register(RequestLog.self, lifecycle: .transient) { _ in RequestLog() }
/// let log = try c.tryResolve(Lazy<RequestLog>.self) // nothing built yet
/// let first = log.value                               // resolves RequestLog
/// let again = log.value                               // the same instance
/// ```
///
/// The first use resolves `Value` from the container that made the `Lazy`, with its
/// tag, as ``DependencyContainer/tryResolve(_:tag:)`` does at that moment: for a
/// ``LifecycleType/transient`` registration one new instance (kept by this `Lazy`, so
/// two `Lazy` values hold two instances), for a ``LifecycleType/singleton`` the
/// container's. Copies of a `Lazy` share it: it is a reference.
///
/// The first use is a resolve of its own, with the graph identity ``Provider`` describes:
/// a ``LifecycleType/graph`` registration gets a new instance unless it is used while a
/// resolve is running on the same thread. (Swinject's `Lazy` returns to the graph that
/// made it.)
///
/// When several threads use it first at the same moment, one resolves and the others
/// wait: `Value` is resolved once. A failed resolve is not kept: the next use tries again.
/// A use from inside `Value`'s own resolve on the same thread fails with
/// ``DependencyResolutionError/Reason/circularDependency(cycle:acrossThreads:)``.
/// `Lazy` is `Sendable` when `Value` is.
public final class Lazy<Value> {
    /// The container the first use resolves from.
    public let container: DependencyContainer
    /// The tag the first use resolves with; `nil` for the untagged registration.
    public let tag: DependencyTag?
    /// The instance, made by the first use.
    private let instance = OnceValue<Value, ResolutionThread.ID>()

    init(container: DependencyContainer, tag: DependencyTag?) {
        self.container = container
        self.tag = tag
    }

    /// The instance: resolved on first use, the same one afterwards. A failed first
    /// resolve stops the program with a full diagnostic, as
    /// ``DependencyContainer/resolve(_:file:line:)`` does; use ``tryResolve()`` to handle it.
    public var value: Value {
        do {
            return try tryResolve()
        } catch {
            fatalError("\(error.description)")
        }
    }

    /// The instance, resolving it on first use; or the ``DependencyResolutionError`` of
    /// that resolve, after which the next use tries again.
    public func tryResolve() throws(DependencyResolutionError) -> Value {
        let thread = ResolutionThread.current()
        return try instance.get(by: thread.id, reentered: {
            let key = DependencyKey(Value.self)
            let chain = thread.chain(appending: key)
            return DependencyResolutionError.circularDependency(key: key, scope: container.scope, chain: chain, cycleStart: chain.firstIndex(of: key) ?? 0, acrossThreads: nil)
        }) { () throws(DependencyResolutionError) -> Value in
            if let tag { return try container.tryResolve(Value.self, tag: tag) }
            return try container.tryResolve(Value.self)
        }
    }
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: ResolvableByType {
    static var wrappedKey: DependencyKey { DependencyKey(Value.self) }
}
