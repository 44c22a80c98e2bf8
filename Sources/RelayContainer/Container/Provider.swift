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
/// A call returns what ``DependencyContainer/tryResolve(_:tag:)`` returns at that moment,
/// as the registration's lifecycle decides; the registration is looked up at each call,
/// so a later registration, an override or an injected binding is seen.
///
/// **Graph identity.** A call is a resolve of its own, not part of the resolve that made
/// the provider. Called after that resolve returned — the usual case — it is an
/// *outermost* resolve: a ``LifecycleType/graph`` registration gets a new instance per
/// call. A call made while a resolve is running on the same thread (inside a factory or a
/// `completing:` hook) is nested in that resolve and shares its `graph` instances.
/// (Swinject's `Provider` starts a new graph even then.)
///
/// Resolving `Provider<Value>` when `Value` has no registration (with the tag, nor
/// untagged) fails at once with the error of resolving `Value`, so a missing dependency
/// shows where the component is built, not at its first call. A provider holds its
/// container and tag only, never an instance: it is `Sendable`.
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
    /// ``DependencyContainer/tryResolve(_:tag:)``.
    public func tryResolve() throws(DependencyResolutionError) -> Value {
        if let tag { return try container.tryResolve(Value.self, tag: tag) }
        return try container.tryResolve(Value.self)
    }
}

extension Provider: ResolvableByType {
    static var wrappedKey: DependencyKey { DependencyKey(Value.self) }
}
