/// What checking an instruction needs to know of an index: which keys it has and what
/// they name.
///
/// The live ``DynamicDependencyIndex`` answers with type identities (`DependencyKey`); a
/// ``DynamicDependencyIndex/Manifest`` an app exported answers with type names. Both go
/// through the same checks and produce the same messages (`BindingPlan.problems`), so
/// `relay check --index` says exactly what the app would.
protocol IndexCatalog {
    /// How a type is identified: equal identities are the same type.
    associatedtype TypeID: Equatable

    /// What the catalog has under an instruction's two keys, in one look-up: the type
    /// (`nil` when the type key is unknown), the factory, and what the factory's parameter
    /// expects (`nil` when it takes none).
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> (type: TypeID?, factory: FactoryEntry<TypeID>, parameter: String?)
    /// The tags instructions may name for `type`, sorted by name.
    func tags(for type: TypeID) -> [DependencyTag]
    /// The runtime argument the factory under `key` takes; `nil` when it takes none (or is
    /// not in the catalog).
    func argument(ofFactory key: DependencyFactoryKey) -> CatalogArgument?
    /// The argument types `type` is registered with in code (any container, any tag), and
    /// whether it is also registered without an argument — `nil` when the catalog cannot
    /// tell (a manifest does not record argument-free registrations).
    func registeredArguments(for type: TypeID) -> (arguments: [CatalogArgument], withoutArgument: Bool?)
    /// The type's fully qualified name, for messages.
    func typeName(_ type: TypeID) -> String
    /// The factories known to produce `type`, sorted.
    func factories(producing type: TypeID) -> [DependencyFactoryKey]
    /// Type keys that look like `key`, for "did you mean".
    func suggestions(forType key: DependencyTypeKey) -> [DependencyTypeKey]
    /// Factory keys that look like `key`, for "did you mean".
    func suggestions(forFactory key: DependencyFactoryKey) -> [DependencyFactoryKey]
    /// The scopes instructions may name besides `global`.
    var knownScopes: Set<DependencyContainerScope> { get }
    /// Whether the catalog holds no key at all.
    var isEmpty: Bool { get }
    /// The error for an instruction checked against the empty catalog.
    func emptyMessage(type key: DependencyTypeKey) -> String
}

/// A runtime argument type as a catalog knows it: an identity to compare (the type itself
/// for the live index, its name for a manifest) and its fully qualified name for messages.
struct CatalogArgument: Hashable {
    let id: AnyHashable
    let name: String

    /// `type`, compared by identity.
    init(_ type: Any.Type) {
        id = AnyHashable(ObjectIdentifier(type))
        name = TypeName.of(type)
    }

    /// The type named `name`, compared by name.
    init(named name: String) {
        id = AnyHashable(name)
        self.name = name
    }
}

/// What a catalog says of a factory key.
enum FactoryEntry<TypeID> {
    /// No factory is indexed under the key.
    case missing
    /// The factory returns `Any`; its result is checked when it is resolved.
    case untyped
    /// The factory produces this type.
    case produces(TypeID)
}

extension DynamicDependencyIndex: IndexCatalog {
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> (type: DependencyKey?, factory: FactoryEntry<DependencyKey>, parameter: String?) {
        let (type, factory, parameter) = entries(type: type, factory: factory)
        guard let factory else { return (type, .missing, nil) }
        return (type, factory.produces.map(FactoryEntry.produces) ?? .untyped, parameter?.expectation)
    }

    func tags(for type: DependencyKey) -> [DependencyTag] { knownTags(for: type) }

    func argument(ofFactory key: DependencyFactoryKey) -> CatalogArgument? {
        indexedFactory(key)?.argumentType.map(CatalogArgument.init)
    }

    func registeredArguments(for type: DependencyKey) -> (arguments: [CatalogArgument], withoutArgument: Bool?) {
        let (arguments, withoutArgument) = RegisteredArguments.arguments(for: type)
        return (arguments.values.map(CatalogArgument.init).sorted { $0.name < $1.name }, withoutArgument)
    }

    func typeName(_ type: DependencyKey) -> String { type.typeName }

    /// Declared scopes and the scopes whose containers exist.
    var knownScopes: Set<DependencyContainerScope> {
        Set(scopes).union(ResolutionEngine.shared.existingScopes())
    }

    func emptyMessage(type key: DependencyTypeKey) -> String {
        self === DynamicDependencyIndex.shared ? IndexMessages.emptySharedIndex(type: key) : IndexMessages.emptyIndex(type: key)
    }
}
