// Instance scopes and resets: dropping instances while keeping every registration.

extension DependencyContainer {
    /// Registers `factory` for `type` as a singleton of this container that belongs to
    /// `instanceScope`: ``resetInstances(in:)`` drops it, and the next resolve builds a new
    /// one with the same factory.
    ///
    /// ```swift
    /// c.register(LiveSession.self, instanceScope: .session) { _ in LiveSession() }
    /// let before = c.resolve(LiveSession.self)
    /// DependencyContainer.resetInstances(in: .session)   // at logout
    /// let after = c.resolve(LiveSession.self)            // a new LiveSession
    /// ```
    ///
    /// (``InstanceScope`` shows how `.session` is declared.)
    ///
    /// Until a reset it is exactly a ``LifecycleType/singleton``. Forwarding to several
    /// types, a `completing:` hook and a main-actor factory take an
    /// `instanceScope:` beside their `lifecycle:` (``register(_:as:_:tag:lifecycle:instanceScope:file:line:factory:)``,
    /// ``register(_:tag:lifecycle:instanceScope:file:line:factory:completing:)``,
    /// ``register(_:tag:lifecycle:instanceScope:isolation:file:line:factory:)``), which may
    /// then also be ``LifecycleType/eagerSingleton`` or ``LifecycleType/weakSingleton``.
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve.
    ///   - tag: Tells this registration apart from the type's others; `nil` by default.
    ///   - instanceScope: The group of instances this one is dropped with.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates the instance; may throw.
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        instanceScope: InstanceScope,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        ResolutionEngine.shared.insert(T.self, into: self, tag: tag, lifecycle: .singleton, origin: .code(line: line, file: file), factory: factory, instanceScope: instanceScope)
    }

    /// Drops every instance of `scope`, in every container, and keeps every registration:
    /// the next resolve of each of those registrations builds a new instance.
    ///
    /// ```swift
    /// func logOut() {
    ///     DependencyContainer.resetInstances(in: .session)
    /// }
    /// ```
    ///
    /// Every resolve that starts after this returns — on any thread — gets a new instance;
    /// a resolve already running may still return the old one. Whoever holds a dropped
    /// instance keeps it. A type forwarded to a scoped implementation follows it, and so
    /// does a binding dynamic injection made for a scoped registration's type and tag.
    /// Other scopes, singletons and registrations are untouched.
    ///
    /// - Parameter scope: The scope whose instances are dropped.
    public static func resetInstances(in scope: InstanceScope) {
        ResolutionEngine.shared.resetInstances(in: scope)
    }

    /// Drops every instance this container keeps and keeps its registrations: singletons
    /// (eager ones too), `weakSingleton` references and instance-scoped instances
    /// (``register(_:tag:instanceScope:file:line:factory:)``). The next resolve of each
    /// builds a new one, as right after registering.
    ///
    /// ```swift
    /// c.resetSingletons()   // the wiring stays; every instance is built anew
    /// ```
    ///
    /// Takes effect as ``resetInstances(in:)`` does. Other containers, including the
    /// global fallback, are untouched. To remove the registrations too, ``reset()``.
    public func resetSingletons() {
        ResolutionEngine.shared.resetSingletons(of: self)
    }
}
