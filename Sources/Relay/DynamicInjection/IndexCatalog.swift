#if RELAY_DRIVABLE // machinery: the check of instructions against an index or a manifest
/// What checking instructions needs to know of an index: which keys it has, what they
/// name, and what code registered for the types they name.
///
/// The live index answers through an ``IndexSnapshot`` (type identities, `DependencyKey`);
/// a ``DynamicDependencyIndex/Manifest`` an app exported answers with type names. Both go
/// through the one check (`BindingPlan.check(against:unknownScopes:hint:then:)`), with the
/// same messages and the same report, so `relay check --index` says exactly what the app
/// would.
protocol IndexCatalog {
    /// How a type is identified: equal identities are the same type.
    associatedtype TypeID: Hashable & Sendable

    /// What the catalog has under an instruction's two keys.
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> CatalogEntry<TypeID>
    /// What code registered for each of `types` (and the tags declared for them), read at
    /// once for a whole check. A type with nothing registered or declared may be missing.
    func registrations(of types: Set<TypeID>) -> [TypeID: CatalogRegistrations]
    /// The type's fully qualified name, for messages.
    func typeName(_ type: TypeID) -> String
    /// The factories known to produce `type`, sorted.
    func factories(producing type: TypeID) -> [DependencyFactoryKey]
    /// Whether some type key is indexed as `type`.
    func hasTypeKey(for type: TypeID) -> Bool
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

/// What a catalog has under an instruction's type and factory keys.
struct CatalogEntry<TypeID> {
    /// The type; `nil` when the type key is unknown.
    let type: TypeID?
    /// The factory.
    let factory: FactoryEntry<TypeID>
    /// What the factory takes, when it takes anything, behind one reference: a check hands
    /// each binding's entry on a few times, and a copy of two optional strings and an
    /// argument's identity cost a few hundred instructions where a reference costs a retain.
    private let takes: CatalogFactoryInputs?

    /// What the factory's parameter expects; `nil` when it takes none.
    var parameter: String? { takes?.parameter }
    /// The runtime argument the factory takes; `nil` when it takes none.
    var argument: CatalogArgument? { takes?.argument }

    init(type: TypeID?, factory: FactoryEntry<TypeID>, parameter: String? = nil, argument: CatalogArgument? = nil) {
        self.type = type
        self.factory = factory
        takes = parameter == nil && argument == nil ? nil : CatalogFactoryInputs(parameter: parameter, argument: argument)
    }
}

/// A ``CatalogEntry``'s parameter and argument. Not nested in the generic entry, which would
/// make it a generic class whose metadata is looked up at every allocation.
private final class CatalogFactoryInputs {
    let parameter: String?
    let argument: CatalogArgument?

    init(parameter: String?, argument: CatalogArgument?) {
        self.parameter = parameter
        self.argument = argument
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

#endif

/// What code registered for one type, as a catalog knows it.
struct CatalogRegistrations {
    /// The tags instructions may name for the type — registered with in code or declared —
    /// sorted by name.
    var tags: [DependencyTag] = []
    /// The argument types it is registered with in code (any container, any tag), sorted
    /// by name.
    var arguments: [CatalogArgument] = []
    /// Whether it is also registered without an argument; `nil` when the catalog cannot
    /// tell (a manifest does not record argument-free registrations).
    var withoutArgument: Bool?
}

/// A runtime argument type as a catalog knows it: an identity to compare (the type itself
/// for the live index, its name for a manifest) and its fully qualified name for messages.
///
/// The identity is an enum, not an `AnyHashable`: a check copies every binding's entry a few
/// times, and an existential's copy goes through its type's value witnesses.
struct CatalogArgument: Hashable {
    /// What two arguments are compared by.
    enum Identity: Hashable {
        /// The type itself.
        case type(ObjectIdentifier)
        /// The type's fully qualified name.
        case name(String)
    }

    let id: Identity
    let name: String

    /// `type`, compared by identity.
    init(_ type: Any.Type) {
        id = .type(ObjectIdentifier(type))
        name = TypeName.of(type)
    }

    /// The type named `name`, compared by name.
    init(named name: String) {
        id = .name(name)
        self.name = name
    }
}

/// A live index as one check reads it: its keys, parameters, declared tags and scopes,
/// read under one acquisition of the index's lock (``DynamicDependencyIndex/snapshot()``),
/// and what code registered for the bound types, read under one acquisition of the
/// engine's — however many instructions are checked.
struct IndexSnapshot {
    /// The index read, for its messages.
    let index: DynamicDependencyIndex
    let types: [DependencyTypeKey: DependencyKey]
    let factories: [DependencyFactoryKey: DependencyFactory]
    let parameters: [DependencyFactoryKey: IndexedParameter]
    /// The tags declared with `add(tag:for:)`, by type.
    let declaredTags: [DependencyKey: Set<DependencyTag>]
    /// Declared scopes and the scopes whose containers exist.
    let knownScopes: Set<DependencyContainerScope>

    /// The parameter of the factory under `key`; `nil` when it takes none. (Most indexes
    /// have no such factory, and a look-up in an empty dictionary still hashes the key.)
    func parameter(of key: DependencyFactoryKey) -> IndexedParameter? {
        parameters.isEmpty ? nil : parameters[key]
    }

    func registrations(of types: Set<DependencyKey>) -> [DependencyKey: CatalogRegistrations] {
        var found: [DependencyKey: CatalogRegistrations] = [:]
        for (type, code) in ResolutionEngine.shared.codeRegistrations(of: types) {
            found[type] = CatalogRegistrations(
                tags: code.tags.union(declaredTags[type] ?? []).sortedStably { $0.name < $1.name },
                arguments: code.arguments.values.map(CatalogArgument.init).sortedStably { $0.name < $1.name },
                withoutArgument: code.withoutArgument
            )
        }
        for (type, tags) in declaredTags where found[type] == nil && types.contains(type) {
            found[type] = CatalogRegistrations(tags: tags.sortedStably { $0.name < $1.name }, withoutArgument: false)
        }
        return found
    }

    func typeName(_ type: DependencyKey) -> String { type.typeName }

    func factories(producing type: DependencyKey) -> [DependencyFactoryKey] {
        factories.compactMap { $0.value.produces == type ? $0.key : nil }.sortedStably { NearMatch.naturalOrder($0.tag, $1.tag) }
    }

    func hasTypeKey(for type: DependencyKey) -> Bool {
        types.values.contains(type)
    }
}

#if RELAY_DRIVABLE
/// The live index as the check of instructions reads it.
extension IndexSnapshot: IndexCatalog {
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> CatalogEntry<DependencyKey> {
        guard let found = factories[factory] else { return CatalogEntry(type: types[type], factory: .missing) }
        return CatalogEntry(
            type: types[type],
            factory: found.produces.map(FactoryEntry.produces) ?? .untyped,
            parameter: parameter(of: factory)?.expectation,
            argument: found.argumentType.map(CatalogArgument.init)
        )
    }

    func suggestions(forType key: DependencyTypeKey) -> [DependencyTypeKey] {
        NearMatch.suggestions(for: key.tag, among: types.keys.map(\.tag).sortedStably()).map { DependencyTypeKey($0) }
    }

    func suggestions(forFactory key: DependencyFactoryKey) -> [DependencyFactoryKey] {
        NearMatch.suggestions(for: key.tag, among: factories.keys.map(\.tag).sortedStably()).map { DependencyFactoryKey($0) }
    }

    var isEmpty: Bool { types.isEmpty && factories.isEmpty }

    func emptyMessage(type key: DependencyTypeKey) -> String {
        index === DynamicDependencyIndex.shared ? IndexMessages.emptySharedIndex(type: key) : IndexMessages.emptyIndex(type: key)
    }
}
#endif
