// Layer: Container — containers, scopes, keys, lifecycles, resolving. Uses Support only;
// reaches the engine (Container/Internal) through Internal/ResolutionEngine+EntryPoints.swift.

/// An inversion-of-control container: maps types to factories and hands out instances.
///
/// There is one ``global`` container and one scoped container per
/// ``DependencyContainerScope``, obtained with ``container(for:)``. A scoped container
/// that has no registration for a type falls back to the global one (one level only).
/// A factory receives the container that owns its registration: a global registration
/// reached through a scoped container's fallback resolves its dependencies from
/// ``global``, not from the scope — register the type in the scope too where they should
/// come from there.
///
/// ```swift
/// DependencyContainer.global.register(BackendService.self) { _ in LiveBackend() }
/// DependencyContainer.global.register(DataStore.self, lifecycle: .transient) { c in
///     LiveDataStore(backend: try c.tryResolve(BackendService.self))
/// }
/// let store = DependencyContainer.global.resolve(DataStore.self)
/// ```
///
/// Every method is safe to call from any thread. A factory runs without any lock held, so
/// it may resolve other types; a factory that needs itself (directly or through others,
/// on one thread or across threads) gets a ``DependencyResolutionError`` naming the cycle
/// instead of a deadlock.
public final class DependencyContainer: Sendable {
    /// The root container. Scoped containers fall back to it.
    public static let global = DependencyContainer(scope: .global, parent: nil, isDetached: false)

    /// The scope this container serves.
    public let scope: DependencyContainerScope
    /// The container consulted when this one has no registration: ``global`` for a scoped
    /// container, `nil` for the global one.
    let parent: DependencyContainer?
    /// This container's code registrations: engine storage, touched only in
    /// `Container/Internal`, under the engine lock.
    let table: RegistrationTable
    /// The registrations dynamic injection made here, consulted before ``table``: a default
    /// registered after `inject()` changes what is underneath, never what was injected.
    let injected: RegistrationTable
    /// A throw-away container (used by validation): never cached per thread.
    let isDetached: Bool

    init(scope: DependencyContainerScope, parent: DependencyContainer?, isDetached: Bool) {
        self.scope = scope
        self.parent = parent
        self.isDetached = isDetached
        table = RegistrationTable(scope: scope)
        injected = RegistrationTable(scope: scope)
    }

    /// The container for `scope`: ``global`` for `.global`, otherwise the same scoped
    /// container every time for the same scope, created on first use.
    public static func container(for scope: DependencyContainerScope) -> DependencyContainer {
        ResolutionEngine.shared.container(for: scope)
    }

    // MARK: Registering

    /// Registers `factory` as the way to create `type` in this container.
    ///
    /// Registering a type again replaces its factory and drops its cached singleton. The
    /// factory receives this container; resolve its dependencies there with
    /// `try container.tryResolve(...)`, so that a failure reaches the outermost caller.
    ///
    /// With a `tag`, the registration is one of several for `type`, told apart by the tag:
    /// ``resolve(_:tag:file:line:)`` with that tag finds it, and a resolve without a tag
    /// never does. Registering the same type and tag again replaces that registration only.
    ///
    /// ```swift
    /// DependencyContainer.global.register(NetworkLayer.self) { _ in LocalNetwork() }
    /// DependencyContainer.global.register(NetworkLayer.self, tag: "Production") { _ in RemoteNetwork() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve, usually a protocol.
    ///   - tag: Tells this registration apart from the type's others; `nil` (the default)
    ///     for the untagged registration, which tagged resolves fall back to.
    ///   - lifecycle: How long an instance lives: ``LifecycleType/singleton`` (the default),
    ///     ``LifecycleType/transient``, ``LifecycleType/graph``, ``LifecycleType/weakSingleton``,
    ///     ``LifecycleType/eagerSingleton`` or ``LifecycleType/unitOfWork``.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates an instance. It may throw; the error reaches `tryResolve`'s caller
    ///     wrapped in ``DependencyResolutionError/Reason/factoryFailed``.
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        ResolutionEngine.shared.insert(T.self, into: self, tag: tag, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: factory)
    }

    /// Registers `factory` for `type`, with a hook that finishes each new instance once the
    /// whole graph around it is built — how two objects that need each other are wired
    /// without a cycle error.
    ///
    /// ```swift
    /// c.register(Client.self, lifecycle: .graph) { c in Client(server: try c.tryResolve()) }
    /// c.register(Server.self, lifecycle: .graph) { _ in Server() } completing: { c, server in
    ///     server.client = try c.tryResolve() // the Client being built, not a new one
    /// }
    /// let client = c.resolve(Client.self) // client.server.client === client
    /// ```
    ///
    /// The hook runs once per new instance, after the *outermost* resolve's graph is
    /// complete (every factory has returned) and before that resolve returns, inner
    /// instances first. A resolve inside it sees the same `graph` instances and singletons
    /// as the factories did. Until all its hooks have run, a singleton with a hook — or
    /// built while hooks are pending — is visible only to the thread completing it; other
    /// threads wait, as for a singleton being built.
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve.
    ///   - tag: Tells this registration apart from the type's others; `nil` by default.
    ///   - lifecycle: How long the instance lives; ``LifecycleType/singleton`` by default.
    ///   - instanceScope: The ``InstanceScope`` whose ``resetInstances(in:)`` drops the
    ///     instance; `nil` by default. Only for ``LifecycleType/singleton``,
    ///     ``LifecycleType/eagerSingleton`` or ``LifecycleType/weakSingleton``: any other
    ///     stops the program when registering.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates the instance.
    ///   - completing: Finishes it, with this container. If it throws, the outermost resolve
    ///     fails with ``DependencyResolutionError/Reason/factoryFailed`` naming this
    ///     registration (a ``DependencyResolutionError`` passes through unchanged), and a
    ///     singleton being completed is discarded.
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        instanceScope: InstanceScope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> T,
        completing: @escaping @Sendable (DependencyContainer, T) throws -> Void
    ) {
        instanceScope?.check(lifecycle: lifecycle, file: file, line: line)
        ResolutionEngine.shared.insert(T.self, into: self, tag: tag, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: factory, completion: completing, instanceScope: instanceScope)
    }

    /// Registers a factory that runs on the main actor, for main-actor types such as view
    /// models and coordinators.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel { init(store: ProfileStore) { /* … */ } }
    ///
    /// DependencyContainer.global.register(ProfileViewModel.self, isolation: MainActor.self) { c in
    ///     ProfileViewModel(store: try c.tryResolve())
    /// }
    /// // In @MainActor code — a view, another view model, a @MainActor test:
    /// let model = DependencyContainer.global.resolve(ProfileViewModel.self)
    /// ```
    ///
    /// Resolving from main-actor code just works: the factory runs there, and lifecycles,
    /// cycles and diagnostics are as for every other registration. Resolving it off the
    /// main actor is a ``DependencyResolutionError`` with reason
    /// ``DependencyResolutionError/Reason/requiresMainActor`` — never a crash, never a
    /// silent hop to the main thread. (Call ``validate()`` from the main actor.)
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve, usually a main-actor class.
    ///   - tag: Tells this registration apart from the type's others; `nil` by default.
    ///   - lifecycle: How long an instance lives; ``LifecycleType/singleton`` by default.
    ///   - instanceScope: The ``InstanceScope`` whose ``resetInstances(in:)`` drops the
    ///     instance; `nil` by default. Only for ``LifecycleType/singleton``,
    ///     ``LifecycleType/eagerSingleton`` or ``LifecycleType/weakSingleton``: any other
    ///     stops the program when registering.
    ///   - isolation: `MainActor.self`; it tells this registration from the nonisolated one.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Runs on the main actor; may throw.
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        instanceScope: InstanceScope? = nil,
        isolation: MainActor.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (DependencyContainer) throws -> T
    ) {
        instanceScope?.check(lifecycle: lifecycle, file: file, line: line)
        let request = RegistrationRequest(scope: scope, key: DependencyKey(T.self), lifecycle: lifecycle, origin: .code(line: line, file: file), factory: .mainActor(factory), tag: tag, instanceScope: instanceScope)
        ResolutionEngine.shared.insert(request, into: self)
    }

    /// The seed API's spelling of ``register(_:tag:lifecycle:file:line:factory:)``, with the
    /// factory labelled `with:`: `register(P.self, with: { _ in Impl() })`. Same behaviour.
    @_disfavoredOverload
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        with factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line, factory: factory)
    }

    /// Registers a factory under a key known only at run time.
    ///
    /// The factory's result is checked when the key's type is resolved; a value of
    /// another type fails that resolve with ``DependencyResolutionError/Reason/typeMismatch(actualType:)``
    /// naming this registration.
    public func register(
        key: DependencyKey,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        with factory: @escaping @Sendable (DependencyContainer) throws -> Any
    ) {
        let request = RegistrationRequest(scope: scope, key: key, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: .untyped(factory))
        ResolutionEngine.shared.insert(request, into: self)
    }

    /// Registers a factory that takes a value from the caller: a runtime argument of type
    /// `argument`, given to every resolve.
    ///
    /// ```swift
    /// c.register(Downloader.self, argument: URL.self) { c, url in
    ///     Downloader(url: url, session: try c.tryResolve())
    /// }
    /// let downloader = c.resolve(Downloader.self, argument: URL(string: "https://example.com")!)
    ///
    /// // Several values: a tuple (or a struct).
    /// c.register(Connection.self, argument: (String, Int).self) { _, address in
    ///     Connection(host: address.0, port: address.1)
    /// }
    /// let connection = c.resolve(Connection.self, argument: ("example.com", 80))
    /// ```
    ///
    /// The registration is found by its type, tag and the argument's type, exactly: an
    /// `Int` argument does not find an `Int?` registration; other argument types are other
    /// registrations. It is always transient, since a shared instance made from the first
    /// argument would silently ignore every later one. Resolving it without an argument,
    /// or with one of another type, fails with
    /// ``DependencyResolutionError/Reason/argumentMismatch(expected:given:)``.
    ///
    /// The factory may resolve its own type with another argument — a tree, a paginated
    /// chain: an argument resolve is not part of the circular-dependency check, only of the
    /// depth limit (``DependencyResolutionError/Reason/resolutionTooDeep(limit:)``).
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve.
    ///   - tag: Tells this registration apart from the type's others; `nil` by default.
    ///   - argument: The argument's type.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates an instance from this container and the argument; may throw.
    public func register<T, A>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        argument: A.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer, A) throws -> T
    ) {
        ResolutionEngine.shared.insert(T.self, into: self, tag: tag, argument: A.self, origin: .code(line: line, file: file), factory: factory)
    }

    // MARK: Inspecting and resetting

    /// Whether resolving `type` from this container would find a registration (its own,
    /// or the global container's for a scoped container). Overrides are not considered.
    public func isRegistered(_ type: Any.Type) -> Bool {
        ResolutionEngine.shared.isRegistered(DependencyKey(type), from: self)
    }

    /// Whether resolving `type` with `tag` from this container would find a registration:
    /// one with exactly that tag, or the untagged one it falls back to (in this container or
    /// the global one). Overrides are not considered.
    ///
    /// ```swift
    /// DependencyContainer.global.register(NetworkLayer.self, tag: "Production") { _ in RemoteNetwork() }
    /// DependencyContainer.global.isRegistered(NetworkLayer.self, tag: "Production") // true
    /// DependencyContainer.global.isRegistered(NetworkLayer.self, tag: "Staging")    // false: no untagged one
    /// ```
    public func isRegistered(_ type: Any.Type, tag: DependencyTag) -> Bool {
        ResolutionEngine.shared.isRegistered(DependencyKey(type), tag: tag, from: self)
    }

    /// The types registered in this container itself (not its fallback), by name.
    public var registeredTypes: [DependencyKey] {
        ResolutionEngine.shared.registeredKeys(in: self)
    }

    /// Removes every registration and cached singleton of this container. Other
    /// containers, including the global fallback, are untouched.
    public func reset() {
        ResolutionEngine.shared.reset(self)
    }

    /// Removes the registration of `type` with exactly `tag` from this container — what
    /// `register(type, tag: tag, …)` made here — and its singleton, if one was built.
    ///
    /// ```swift
    /// c.register(NetworkLayer.self, tag: "Staging") { _ in StagingNetwork() }
    /// c.remove(NetworkLayer.self, tag: "Staging")   // true
    /// c.resolve(NetworkLayer.self, tag: "Staging")  // the untagged NetworkLayer again
    /// ```
    ///
    /// Every resolve that starts after `remove` returns — on any thread — no longer sees
    /// the registration: a tagged resolve falls back to the untagged one, a scoped
    /// container to the global one. Whoever holds the removed singleton keeps it. Not
    /// removed: the global fallback's registration, the type's other tags, its argument
    /// registrations, and a binding dynamic injection made for the type, which keeps
    /// answering until the next injection. For the whole container, ``reset()``.
    ///
    /// - Parameters:
    ///   - type: The registered type.
    ///   - tag: The registration's tag; `nil` (the default) for the untagged registration.
    /// - Returns: `true` if a registration was removed, `false` if there was none.
    @discardableResult
    public func remove(_ type: Any.Type, tag: DependencyTag? = nil) -> Bool {
        ResolutionEngine.shared.remove(DependencyKey(type), tag: tag, from: self)
    }

    /// Removes every registration and cached singleton of every container. For tests that
    /// must start clean; prefer in-process overrides, which need no reset.
    public static func resetAll() {
        ResolutionEngine.shared.resetAll()
    }

    // MARK: Resolving

    /// Returns an instance of `type`, stopping the program with a full diagnostic when it
    /// cannot (see ``DependencyResolutionError``). Use ``tryResolve(_:)`` to handle the
    /// failure instead.
    ///
    /// Resolving `T?` or `T??` resolves `T`'s registration, and returns `nil` when there is
    /// none (see ``tryResolve(_:)``).
    public func resolve<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        do {
            return try resolveValue(T.self)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// Returns an instance of `type`, or throws a ``DependencyResolutionError`` that names
    /// the type, this container's scope, the dependency chain and near misses. Use it
    /// inside factories, so that a failure reaches the outermost caller with the whole chain.
    ///
    /// Resolving `T?` or `T??` resolves `T`'s registration, and returns `nil` when there is
    /// none — not in an override, this container, nor its fallback — as an optional
    /// ``Injected`` property is. Every other failure still throws: a registration whose
    /// factory throws or whose own dependencies are missing, or one that takes an argument.
    ///
    /// ```swift
    /// let analytics = try container.tryResolve(Analytics?.self) // nil: nothing registered
    /// ```
    public func tryResolve<T>(_ type: T.Type = T.self) throws(DependencyResolutionError) -> T {
        try resolveValue(T.self)
    }

    /// Returns a new instance of `type` made from `argument` by its argument registration
    /// (``register(_:tag:argument:file:line:factory:)``), stopping the program with a full
    /// diagnostic when it cannot. Use ``tryResolve(_:tag:argument:)`` to handle the failure.
    ///
    /// With a `tag`, the registration with that tag and `A` wins, else the untagged one
    /// taking `A`. Inside `withInjectedDependencies`, a binding of the type to a factory
    /// indexed with `add(factory:producing:argument:_:)` taking `A` comes first (the
    /// override layer, then injected bindings, then code); argument-free overrides of the
    /// type do not apply to it. Resolving `T?` returns `nil` when nothing registered for
    /// `T` takes an `A` (see ``tryResolve(_:tag:argument:)``).
    ///
    /// ```swift
    /// let connection = c.resolve(Connection.self, argument: ("example.com", 80))
    /// ```
    public func resolve<T, A>(_ type: T.Type = T.self, tag: DependencyTag? = nil, argument: A, file: StaticString = #fileID, line: UInt = #line) -> T {
        do {
            return try tryResolve(T.self, tag: tag, argument: argument)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// ``resolve(_:tag:argument:file:line:)``, throwing a ``DependencyResolutionError``
    /// instead of stopping the program.
    ///
    /// ```swift
    /// let downloader = try c.tryResolve(Downloader.self, argument: url)
    /// ```
    ///
    /// Resolving `T?` returns `nil` when nothing registered for `T` takes an `A` — with the
    /// tag nor untagged, in an override, this container nor its fallback. Every other
    /// failure still throws: a factory that fails, a registration taking another type of
    /// argument, and one taking none (the error says where it is registered).
    public func tryResolve<T, A>(_ type: T.Type = T.self, tag: DependencyTag? = nil, argument: A) throws(DependencyResolutionError) -> T {
        try resolveRequest(T.self, tag: tag, argument: argument)
    }

    /// Returns the instance of `type` registered with `tag`, stopping the program with a
    /// full diagnostic when it cannot. Use ``tryResolve(_:tag:)`` to handle the failure.
    ///
    /// The registration with exactly this tag wins wherever it is — an override, an
    /// injected binding, code; this container, then the global one. With none, the type's
    /// untagged registration is used (so a tag can name a variant that only some builds
    /// register). The tag is not passed on: the factory's own resolves are untagged
    /// unless it asks for tags itself.
    ///
    /// ```swift
    /// let network = DependencyContainer.global.resolve(NetworkLayer.self, tag: "Production")
    /// ```
    public func resolve<T>(_ type: T.Type = T.self, tag: DependencyTag, file: StaticString = #fileID, line: UInt = #line) -> T {
        do {
            return try tryResolve(T.self, tag: tag)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// ``resolve(_:tag:file:line:)``, throwing a ``DependencyResolutionError`` instead of
    /// stopping the program: a missing registration's has ``DependencyResolutionError/requestedTag``
    /// set, and its near misses list the type's tags. Resolving `T?` returns `nil` when
    /// there is neither the tagged registration nor the untagged one.
    ///
    /// ```swift
    /// let network = try container.tryResolve(NetworkLayer.self, tag: "Production")
    /// ```
    public func tryResolve<T>(_ type: T.Type = T.self, tag: DependencyTag) throws(DependencyResolutionError) -> T {
        try resolveRequest(T.self, tag: tag, argument: NoArgument())
    }
}
