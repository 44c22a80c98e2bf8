

/// The allow-list of dynamic injection: the types instructions may name and the factories
/// they may select.
///
/// Only keys present here can ever be injected, whatever a command line, environment
/// variable or file says. Most apps fill ``shared`` at start-up, in debug builds only:
///
/// ```swift
/// #if DEBUG
/// DynamicDependencyIndex.shared.add(AppTypeIndex())
/// DynamicDependencyIndex.shared.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
/// #endif
/// ```
///
/// Adding a key that is already present replaces its entry. All methods are thread-safe.
public final class DynamicDependencyIndex: Sendable {
    /// The index ``DynamicDependencyRegistry`` uses unless given another.
    public static let shared = DynamicDependencyIndex()

    struct Factory: Sendable {
        /// What the factory produces, when indexed with `add(factory:producing:_:)`.
        let produces: DependencyKey?
        let make: @Sendable (DependencyContainer) throws -> Any
        /// Builds a registration that resolves without a dynamic cast (typed factories).
        let typedRegistration: (@Sendable (DependencyContainer, LifecycleType, RegistrationOrigin) -> Registration)?
    }

    private struct State {
        var types: [DependencyTypeKey: DependencyKey] = [:]
        var factories: [DependencyFactoryKey: Factory] = [:]
    }

    private let state = LockedState(State())

    /// Creates an empty index.
    public init() {}

    // MARK: Adding

    /// Adds every type of `indexable`.
    public func add(_ indexable: any DependencyTypeIndexable) {
        let entries = indexable.index
        state.withLock { state in
            for (key, type) in entries { state.types[key] = DependencyKey(type) }
        }
    }

    /// Adds every factory of `indexable`, untyped.
    public func add(_ indexable: any DependencyFactoryIndexable) {
        let entries = indexable.index
        state.withLock { state in
            for (key, make) in entries {
                state.factories[key] = Factory(produces: nil, make: make, typedRegistration: nil)
            }
        }
    }

    /// Adds one type under `key`.
    public func add(type key: DependencyTypeKey, _ type: Any.Type) {
        let dependencyKey = DependencyKey(type)
        state.withLock { $0.types[key] = dependencyKey }
    }

    /// Adds a factory that records what it produces.
    ///
    /// An instruction that pairs this factory with a type key for any other type is
    /// rejected when instructions are checked, before any factory runs.
    ///
    /// ```swift
    /// index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
    /// ```
    public func add<T>(factory key: DependencyFactoryKey, producing type: T.Type, _ factory: @escaping @Sendable (DependencyContainer) throws -> T) {
        let entry = Factory(
            produces: DependencyKey(T.self),
            make: { try factory($0) },
            typedRegistration: { owner, lifecycle, origin in
                TypedRegistration(lifecycle: lifecycle, origin: origin, owner: owner, factory: factory)
            }
        )
        state.withLock { $0.factories[key] = entry }
    }

    /// Removes every type and factory.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    // MARK: Looking up

    /// The type indexed under `key`.
    ///
    /// - Throws: ``DynamicDependencyIndexError`` naming the key, with "did you mean"
    ///   suggestions from the indexed keys.
    public func lookup(type key: DependencyTypeKey) throws(DynamicDependencyIndexError) -> Any.Type {
        let (found, keys) = state.withLock { ($0.types[key], Array($0.types.keys)) }
        guard let found else {
            throw .typeNotFound(key: key, suggestions: NearMatch.suggestions(for: key.tag, among: keys.map(\.tag)))
        }
        return found.type
    }

    /// The factory indexed under `key`.
    ///
    /// - Throws: ``DynamicDependencyIndexError`` naming the key, with "did you mean"
    ///   suggestions from the indexed keys.
    public func lookup(factory key: DependencyFactoryKey) throws(DynamicDependencyIndexError) -> @Sendable (DependencyContainer) throws -> Any {
        try entry(for: key).make
    }

    /// The type a factory produces, when it was indexed with ``add(factory:producing:_:)``.
    public func producedType(of key: DependencyFactoryKey) throws(DynamicDependencyIndexError) -> Any.Type? {
        try entry(for: key).produces?.type
    }

    /// Every indexed type key, sorted.
    public var typeKeys: [DependencyTypeKey] { state.withLock { Array($0.types.keys) }.sorted() }

    /// Every indexed factory key, sorted.
    public var factoryKeys: [DependencyFactoryKey] { state.withLock { Array($0.factories.keys) }.sorted() }

    /// The factories known to produce `type` (those indexed with a `producing:` type), sorted.
    public func factories(producing type: Any.Type) -> [DependencyFactoryKey] {
        let key = DependencyKey(type)
        return state.withLock { state in
            state.factories.filter { $0.value.produces == key }.map(\.key)
        }.sorted()
    }

    // MARK: Internal

    func entry(for key: DependencyFactoryKey) throws(DynamicDependencyIndexError) -> Factory {
        let (found, keys) = state.withLock { ($0.factories[key], Array($0.factories.keys)) }
        guard let found else {
            throw .factoryNotFound(key: key, suggestions: NearMatch.suggestions(for: key.tag, among: keys.map(\.tag)))
        }
        return found
    }

    func typeEntry(for key: DependencyTypeKey) -> DependencyKey? {
        state.withLock { $0.types[key] }
    }

    var allFactories: [(key: DependencyFactoryKey, factory: Factory)] {
        state.withLock { $0.factories.map { ($0.key, $0.value) } }.sorted { $0.key < $1.key }
    }
}
