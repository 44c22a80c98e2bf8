// Layer: Container — containers, scopes, keys, lifecycles, resolving. Uses Support only.
// Container/Internal is the sealed engine: only its files touch the lock, the registration
// tables, registrations and singleton cells; everything else goes through the entry points
// in Internal/ResolutionEngine+EntryPoints.swift.

/// An inversion-of-control container: maps types to factories and hands out instances.
///
/// There is one ``global`` container and one scoped container per
/// ``DependencyContainerScope``, obtained with ``container(for:)``. A scoped container
/// that has no registration for a type falls back to the global one (one level only).
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
    /// This container's registrations: the engine's storage, read and written only inside
    /// `Container/Internal`, under the engine lock.
    let table = RegistrationTable()
    /// The registrations dynamic injection made here: a layer over ``table`` that
    /// resolving consults first, so that registering a default after `inject()` changes
    /// what is underneath, never what was injected. Engine storage, like ``table``.
    let injected = RegistrationTable()
    /// A throw-away container (used by validation): never cached per thread.
    let isDetached: Bool

    init(scope: DependencyContainerScope, parent: DependencyContainer?, isDetached: Bool) {
        self.scope = scope
        self.parent = parent
        self.isDetached = isDetached
    }

    /// The container for `scope`: ``global`` for `.global`, otherwise the same scoped
    /// container every time for the same scope, created on first use.
    public static func container(for scope: DependencyContainerScope) -> DependencyContainer {
        ResolutionEngine.shared.container(for: scope)
    }

    // MARK: Registering

    /// Registers `factory` as the way to create `type` in this container.
    ///
    /// Registering a type again replaces its factory and drops its cached singleton.
    /// The factory receives this container, so it can resolve its own dependencies; use
    /// `try container.tryResolve(...)` there so a failure reaches the outermost caller
    /// with the whole dependency chain instead of stopping the program.
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve, usually a protocol.
    ///   - lifecycle: ``LifecycleType/singleton`` (the default) or ``LifecycleType/transient``.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates an instance. It may throw; the error reaches `tryResolve`'s caller
    ///     wrapped in ``DependencyResolutionError/Reason/factoryFailed``.
    public func register<T>(
        _ type: T.Type = T.self,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        ResolutionEngine.shared.insert(T.self, into: self, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: factory)
    }

    /// Registers a factory that runs on the main actor, for main-actor types such as view
    /// models and coordinators.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel { init(store: ProfileStore) { … } }
    ///
    /// DependencyContainer.global.register(ProfileViewModel.self, isolation: MainActor.self) { c in
    ///     ProfileViewModel(store: try c.tryResolve())
    /// }
    /// // In @MainActor code — a view, another view model, a @MainActor test:
    /// let model = DependencyContainer.global.resolve(ProfileViewModel.self)
    /// ```
    ///
    /// Resolving from main-actor code just works: the factory runs there, a singleton is
    /// built once, and cycles and diagnostics are as for every other registration.
    /// Resolving it off the main actor is a ``DependencyResolutionError`` with reason
    /// ``DependencyResolutionError/Reason/requiresMainActor`` that names the type — never a
    /// crash and never a silent hop to the main thread. (Call ``validate()`` from the main
    /// actor when you register such types.)
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve, usually a main-actor class.
    ///   - lifecycle: ``LifecycleType/singleton`` (the default) or ``LifecycleType/transient``.
    ///   - isolation: `MainActor.self`; it tells this registration from the nonisolated one.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Runs on the main actor; may throw.
    public func register<T>(
        _ type: T.Type = T.self,
        lifecycle: LifecycleType = .singleton,
        isolation: MainActor.Type,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (DependencyContainer) throws -> T
    ) {
        let request = RegistrationRequest(scope: scope, key: DependencyKey(T.self), lifecycle: lifecycle, origin: .code(line: line, file: file), factory: .mainActor(factory))
        ResolutionEngine.shared.insert(request, into: self)
    }

    /// The seed API's spelling of ``register(_:lifecycle:file:line:factory:)``, with the
    /// factory labelled `with:`: `register(P.self, with: { _ in Impl() })`. Same behaviour.
    @_disfavoredOverload
    public func register<T>(
        _ type: T.Type = T.self,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        with factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        register(T.self, lifecycle: lifecycle, file: file, line: line, factory: factory)
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

    // MARK: Inspecting and resetting

    /// Whether resolving `type` from this container would find a registration (its own,
    /// or the global container's for a scoped container). Overrides are not considered.
    public func isRegistered(_ type: Any.Type) -> Bool {
        ResolutionEngine.shared.isRegistered(DependencyKey(type), from: self)
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
    /// Resolving `T?` or `T??` resolves `T`'s registration.
    public func resolve<T>(_ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line) -> T {
        do {
            return try resolveValue(T.self)
        } catch {
            fatalError("\(error.description)", file: file, line: line)
        }
    }

    /// Returns an instance of `type`, or throws a ``DependencyResolutionError`` that names
    /// the type, this container's scope, the dependency chain and near misses.
    ///
    /// Resolving `T?` or `T??` resolves `T`'s registration.
    public func tryResolve<T>(_ type: T.Type = T.self) throws(DependencyResolutionError) -> T {
        try resolveValue(T.self)
    }
}
