/// A factory for `Value` to hand a component: each call is a new resolve of `Value` from
/// the container that made it, with its tag.
///
/// Nothing needs to be registered for `Provider<Value>` itself: resolving it — from a
/// container, a factory or an ``Injected`` property — works whenever `Value` is
/// registered. ``DependencyContainer/provider(_:tag:)`` makes one directly.
///
/// ```swift
/// final class Inbox {
///     @Injected var makeSession: Provider<Session>
///     func refresh() { let session = makeSession() /* a new resolve each call */ }
/// }
///
/// c.register(Session.self, lifecycle: .transient) { _ in LiveSession() }
/// let provider = try c.tryResolve(Provider<Session>.self)
/// let first = provider(), second = provider() // two Sessions
/// ```
///
/// What a call returns is decided by the registration's lifecycle, exactly as for
/// ``DependencyContainer/tryResolve(_:)`` at the moment of the call: the same instance
/// each time for a ``LifecycleType/singleton`` or ``LifecycleType/eagerSingleton``, a new
/// one for a ``LifecycleType/transient``, the live one (or a new one) for a
/// ``LifecycleType/weakSingleton``, the current unit's for a ``LifecycleType/unitOfWork``
/// (a call outside any ``DependencyContainer/withUnitOfWork(_:)`` block fails with
/// ``DependencyResolutionError/Reason/noUnitOfWork``). The registration is looked up at
/// each call, so a later registration, an override or an injected binding is seen.
///
/// **Graph identity.** A call is a resolve of its own, not part of the resolve that made
/// the provider. Made during one resolve and called after it returned — the usual case, a
/// component keeping the provider — each call is an *outermost* resolve: a
/// ``LifecycleType/graph`` registration gets a new instance per call, shared only by what
/// that call builds. A call made while a resolve is running on the same thread (inside a
/// factory or a `completing:` hook) is nested in that resolve, as any resolve there is,
/// and shares its `graph` instances. (Swinject's `Provider` starts a new graph even
/// then.)
///
/// Resolving `Provider<Value>` when `Value` has no registration (with the tag, nor the
/// untagged one it falls back to) fails at once with the error of resolving `Value`,
/// so a missing dependency shows where the component is built, not at its first call.
///
/// A provider holds its container and tag only, never an instance: it is `Sendable`,
/// and may be called from any thread (a main-actor registration only from the main
/// actor, as for any resolve).
public struct Provider<Value>: Sendable {
    /// The container each call resolves from.
    public let container: DependencyContainer
    /// The tag each call resolves with; `nil` for the untagged registration.
    public let tag: DependencyTag?

    init(container: DependencyContainer, tag: DependencyTag?) {
        self.container = container
        self.tag = tag
    }

    /// Resolves `Value`, stopping the program with a full diagnostic when it cannot, as
    /// ``DependencyContainer/resolve(_:file:line:)`` does. Use ``tryResolve()`` to handle
    /// the failure.
    public func callAsFunction(file: StaticString = #fileID, line: UInt = #line) -> Value {
        // The resolve itself, not through `tryResolve()`: one call frame less per call.
        do {
            if let tag { return try container.tryResolve(Value.self, tag: tag) }
            return try container.tryResolve(Value.self)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// Resolves `Value`, or throws the ``DependencyResolutionError`` of
    /// ``DependencyContainer/tryResolve(_:tag:)``. Use it inside a factory, so that a
    /// failure reaches the outermost caller with the whole dependency chain.
    public func tryResolve() throws(DependencyResolutionError) -> Value {
        if let tag { return try container.tryResolve(Value.self, tag: tag) }
        return try container.tryResolve(Value.self)
    }
}

extension Provider: ResolvableByType {
    static var wrappedKey: DependencyKey { DependencyKey(Value.self) }
}
