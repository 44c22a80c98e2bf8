#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Foundation

extension DynamicDependencyIndex {
    /// The keys an index holds, as data: every type key with the name of its type, and
    /// every factory key with the name of the type it produces.
    ///
    /// A manifest lets tools that cannot run your app know its keys. Export it from a test
    /// or with `RELAY_MANIFEST_PATH` (see docs/configuration.md), and `relay check --index`
    /// and `relay explain --index` check instructions against it offline, with the same
    /// messages and "did you mean" suggestions as the app:
    ///
    /// ```swift
    /// try DynamicDependencyIndex.myApp.manifest().write(to: URL(fileURLWithPath: "relay-index.json"))
    /// ```
    ///
    /// ```sh
    /// relay check --index relay-index.json UITests/*.relay
    /// ```
    ///
    /// The JSON has these members, with keys sorted:
    ///
    /// ```json
    /// {
    ///   "arguments" : { "MyApp.Greeter.Stub" : "Swift.String" },
    ///   "factories" : { "MyApp.BackendService.Stub" : "MyApp.BackendService", "MyApp.Clock.Fixed" : "MyApp.Clock", "MyApp.Greeter.Stub" : "MyApp.Greeter", "MyApp.Legacy" : "untyped" },
    ///   "parameters" : { "MyApp.Clock.Fixed" : "an ISO 8601 date, e.g. 2025-03-14T09:00:00Z" },
    ///   "registeredArguments" : { "MyApp.Greeter" : [ "Swift.String" ] },
    ///   "scopes" : [ "checkout" ],
    ///   "tags" : { "MyApp.NetworkLayer" : [ "Production", "Staging" ] },
    ///   "types" : { "MyApp.BackendService" : "MyApp.BackendService", "MyApp.Clock" : "MyApp.Clock", "MyApp.NetworkLayer" : "MyApp.NetworkLayer" },
    ///   "version" : 2
    /// }
    /// ```
    ///
    /// Version 2 added `tags` (by type name, the tags instructions may name for it),
    /// `parameters` (by factory key, what the factory's parameter expects), `arguments` (by
    /// factory key, the runtime argument type of a factory indexed with
    /// ``DynamicDependencyIndex/add(factory:producing:argument:_:)``) and
    /// `registeredArguments` (by type name, the argument types the type was registered with
    /// in code). A manifest with none of them is written as version 1, without them, so
    /// that a `relay` tool older than these still reads it; both versions are read.
    ///
    /// Its ``description`` lists the keys for a person, e.g. in an app's `--help`.
    public struct Manifest: Hashable, Sendable, Codable, CustomStringConvertible {
        /// What ``factories`` holds for a factory indexed without the type it produces
        /// (with a `DependencyFactoryIndexable`): `untyped`.
        public static let untyped = "untyped"
        /// The newest format version this Relay writes and reads: 2. A manifest without
        /// tags and parameters is written as version 1 (see ``version``).
        public static let currentVersion = 2

        /// Every type key, with the fully qualified name of its type
        /// (`MyApp.BackendService`).
        public var types: [DependencyTypeKey: String]
        /// Every factory key, with the fully qualified name of the type it produces, or
        /// ``untyped``.
        public var factories: [DependencyFactoryKey: String]
        /// The scopes instructions may name besides `global`: those declared with
        /// ``DynamicDependencyIndex/add(scope:)`` and those the app had used when the
        /// manifest was made.
        public var scopes: [DependencyContainerScope]
        /// The tags instructions may name for a type, by the type's fully qualified name:
        /// those declared with ``DynamicDependencyIndex/add(tag:for:)`` and those the type
        /// was registered with when the manifest was made. Version 2.
        public var tags: [String: [DependencyTag]]
        /// What the parameter of a factory indexed with
        /// ``DynamicDependencyIndex/add(factory:producing:parameter:_:)`` expects, by factory
        /// key (``DependencyParameter/expectation``). A factory listed here needs a
        /// `parameter=`; every other factory takes none. The text itself can be checked only
        /// by the app's parser, so `relay check --index` says which values it left
        /// unchecked. Version 2.
        public var parameters: [DependencyFactoryKey: String]
        /// The runtime argument type of each factory indexed with
        /// ``DynamicDependencyIndex/add(factory:producing:argument:_:)``, by factory key, as a
        /// fully qualified name (`Swift.String`). Every other factory takes none. Version 2.
        public var arguments: [DependencyFactoryKey: String]
        /// The argument types each type was registered with in code
        /// (``DependencyContainer/register(_:tag:argument:file:line:factory:)``, any
        /// container, any tag) when the manifest was made, by the type's fully qualified name,
        /// sorted. `relay check --index` uses it to reject an argument factory bound to a type
        /// with no registration taking its argument. (Whether a type is also registered
        /// without an argument is not recorded, so the opposite mistake is caught only by
        /// the app.) Version 2.
        public var registeredArguments: [String: [String]]

        /// A manifest with these keys, scopes, tags, parameters and argument types.
        public init(
            types: [DependencyTypeKey: String],
            factories: [DependencyFactoryKey: String],
            scopes: [DependencyContainerScope] = [],
            tags: [String: [DependencyTag]] = [:],
            parameters: [DependencyFactoryKey: String] = [:],
            arguments: [DependencyFactoryKey: String] = [:],
            registeredArguments: [String: [String]] = [:]
        ) {
            self.arguments = arguments
            self.registeredArguments = registeredArguments
            self.types = types
            self.factories = factories
            self.scopes = scopes
            self.tags = tags
            self.parameters = parameters
        }

        /// The format version this manifest is written as: 1 when it has no tags, no
        /// parameters and no argument types (a version 1 reader understands all of it),
        /// else 2.
        public var version: Int {
            let isPlain = tags.values.allSatisfy(\.isEmpty) && parameters.isEmpty && arguments.isEmpty && registeredArguments.values.allSatisfy(\.isEmpty)
            return isPlain ? 1 : Self.currentVersion
        }

        /// Reads a manifest written by ``write(to:)``.
        ///
        /// - Throws: The file system's error when the file cannot be read; a
        ///   `DecodingError` when it is not a manifest, or one of another version.
        public init(contentsOf url: URL) throws {
            self = try JSONDecoder().decode(Self.self, from: Data(contentsOf: url))
        }

        /// Writes the manifest as JSON (keys sorted, so the file changes only when the keys
        /// do), atomically: a reader sees the old file or the new one, never half of it.
        ///
        /// - Throws: The file system's error when the file cannot be written.
        public func write(to url: URL) throws {
            try jsonData().write(to: url, options: .atomic)
        }

        /// The JSON that ``write(to:)`` writes, ending with a line feed.
        func jsonData() throws -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return try encoder.encode(self) + Data("\n".utf8)
        }

        private enum CodingKeys: String, CodingKey {
            case version, types, factories, scopes, tags, parameters, arguments, registeredArguments
        }

        /// Decodes a manifest of version 1 or 2: `version`, `types`, `factories` and (when
        /// present) `scopes`, `tags`, `parameters`, `arguments` and `registeredArguments`.
        ///
        /// - Throws: `DecodingError` for a manifest of another version.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let version = try container.decode(Int.self, forKey: .version)
            guard (1...Self.currentVersion).contains(version) else {
                throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "this is a version \(version) Relay index manifest; this Relay reads versions 1 to \(Self.currentVersion) — export it again with this Relay")
            }
            let types = try container.decode([String: String].self, forKey: .types)
            let factories = try container.decode([String: String].self, forKey: .factories)
            let parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
            let arguments = try container.decodeIfPresent([String: String].self, forKey: .arguments) ?? [:]
            self.init(
                types: Dictionary(uniqueKeysWithValues: types.map { (DependencyTypeKey($0.key), $0.value) }),
                factories: Dictionary(uniqueKeysWithValues: factories.map { (DependencyFactoryKey($0.key), $0.value) }),
                scopes: try container.decodeIfPresent([DependencyContainerScope].self, forKey: .scopes) ?? [],
                tags: try container.decodeIfPresent([String: [DependencyTag]].self, forKey: .tags) ?? [:],
                parameters: Dictionary(uniqueKeysWithValues: parameters.map { (DependencyFactoryKey($0.key), $0.value) }),
                arguments: Dictionary(uniqueKeysWithValues: arguments.map { (DependencyFactoryKey($0.key), $0.value) }),
                registeredArguments: try container.decodeIfPresent([String: [String]].self, forKey: .registeredArguments) ?? [:]
            )
        }

        /// Encodes the manifest with its format version (``version``); keys, scopes and tags
        /// are written sorted, and `tags`, `parameters`, `arguments` and `registeredArguments`
        /// only in version 2.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let version = version
            try container.encode(version, forKey: .version)
            try container.encode(Dictionary(uniqueKeysWithValues: types.map { ($0.key.tag, $0.value) }), forKey: .types)
            try container.encode(Dictionary(uniqueKeysWithValues: factories.map { ($0.key.tag, $0.value) }), forKey: .factories)
            try container.encode(scopes.sortedStably { $0.name < $1.name }, forKey: .scopes)
            if version >= 2 {
                try container.encode(tags.filter { !$0.value.isEmpty }.mapValues { $0.sortedStably { $0.name < $1.name } }, forKey: .tags)
                try container.encode(Dictionary(uniqueKeysWithValues: parameters.map { ($0.key.tag, $0.value) }), forKey: .parameters)
                try container.encode(Dictionary(uniqueKeysWithValues: arguments.map { ($0.key.tag, $0.value) }), forKey: .arguments)
                try container.encode(registeredArguments.filter { !$0.value.isEmpty }.mapValues { $0.sortedStably() }, forKey: .registeredArguments)
            }
        }

        /// The keys for a person: each type key with the factories that produce its type,
        /// then factories of any type and factories for types without a key.
        ///
        /// ```text
        /// MyApp.BackendService: MyApp.BackendService.Live, MyApp.BackendService.Stub
        /// MyApp.Clock: MyApp.Clock.Fixed
        /// Untyped factories, for any type: MyApp.Legacy
        /// ```
        ///
        /// A factory that takes a parameter is followed by what it expects, one that takes a
        /// runtime argument by the argument type (`(argument: Swift.String)`), and a type with
        /// tags by its tags: `MyApp.Clock: MyApp.Clock.Fixed (parameter: an ISO 8601 date…); tags: Checkout`.
        ///
        /// An empty manifest reads `No type is indexed: dynamic injection can change nothing.`
        public var description: String {
            guard !types.isEmpty || !factories.isEmpty else {
                return "No type is indexed: dynamic injection can change nothing."
            }
            var lines: [String] = []
            let named = Set(types.values)
            for (key, type) in types.sortedStably(by: { $0.key < $1.key }) {
                let producing = factories.filter { $0.value == type }.keys.sortedStably().map { factory in
                    var entry = parameters[factory].map { "\(factory.tag) (parameter: \($0))" } ?? factory.tag
                    if let argument = arguments[factory] { entry += " (argument: \(argument))" }
                    return entry
                }
                let tagged = (tags[type] ?? []).map(\.name).sortedStably()
                lines.append("\(key): " + (producing.isEmpty ? "no indexed factory produces \(type)" : producing.joined(separator: ", "))
                    + (tagged.isEmpty ? "" : "; tags: " + tagged.joined(separator: ", ")))
            }
            let untyped = factories.filter { $0.value == Self.untyped }.keys.sortedStably().map(\.tag)
            if !untyped.isEmpty {
                lines.append("Untyped factories, for any type: " + untyped.joined(separator: ", "))
            }
            let orphans = factories.filter { $0.value != Self.untyped && !named.contains($0.value) }.sortedStably { $0.key < $1.key }
            if !orphans.isEmpty {
                lines.append("Factories for types without a type key: " + orphans.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The keys this index holds now, after running its `prepare` closure if it has not
    /// run yet.
    ///
    /// ```swift
    /// print(DynamicDependencyIndex.myApp.manifest())   // in --help: every injectable key
    /// ```
    public func manifest() -> Manifest {
        let snapshot = snapshot()
        // The tags and registered argument types of every type with a key or declared tags.
        var tags: [String: [DependencyTag]] = [:]
        var registeredArguments: [String: [String]] = [:]
        for (type, registered) in snapshot.registrations(of: Set(snapshot.types.values).union(snapshot.declaredTags.keys)) {
            if !registered.tags.isEmpty { tags[type.typeName] = registered.tags }
            if !registered.arguments.isEmpty { registeredArguments[type.typeName] = registered.arguments.map(\.name) }
        }
        return Manifest(
            types: snapshot.types.mapValues(\.typeName),
            factories: snapshot.factories.mapValues { $0.produces?.typeName ?? Manifest.untyped },
            scopes: snapshot.knownScopes.sortedStably { $0.name < $1.name },
            tags: tags,
            parameters: snapshot.parameters.mapValues(\.expectation),
            arguments: snapshot.factories.compactMapValues { $0.argumentType.map { TypeName.of($0) } },
            registeredArguments: registeredArguments
        )
    }
}

extension DynamicDependencyIndex.Manifest: IndexCatalog {
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> CatalogEntry<String> {
        let entry: FactoryEntry<String> = switch factories[factory] {
        case nil: .missing
        case Self.untyped?: .untyped
        case let produced?: .produces(produced)
        }
        return CatalogEntry(type: types[type], factory: entry, parameter: parameters[factory], argument: arguments[factory].map(CatalogArgument.init(named:)))
    }

    /// The tags and registered argument types; whether a type is registered without an
    /// argument is not recorded (`nil`).
    func registrations(of types: Set<String>) -> [String: CatalogRegistrations] {
        var found: [String: CatalogRegistrations] = [:]
        for type in types {
            found[type] = CatalogRegistrations(
                tags: (tags[type] ?? []).sortedStably { $0.name < $1.name },
                arguments: (registeredArguments[type] ?? []).sortedStably().map(CatalogArgument.init(named:)),
                withoutArgument: nil
            )
        }
        return found
    }

    func typeName(_ type: String) -> String { type }
    var knownScopes: Set<DependencyContainerScope> { Set(scopes) }

    func factories(producing type: String) -> [DependencyFactoryKey] {
        factories.filter { $0.value == type }.keys.sortedStably()
    }

    func hasTypeKey(for type: String) -> Bool {
        types.values.contains(type)
    }

    func suggestions(forType key: DependencyTypeKey) -> [DependencyTypeKey] {
        NearMatch.suggestions(for: key.tag, among: types.keys.map(\.tag).sortedStably()).map { DependencyTypeKey($0) }
    }

    func suggestions(forFactory key: DependencyFactoryKey) -> [DependencyFactoryKey] {
        NearMatch.suggestions(for: key.tag, among: factories.keys.map(\.tag).sortedStably()).map { DependencyFactoryKey($0) }
    }

    var isEmpty: Bool { types.isEmpty && factories.isEmpty }

    func emptyMessage(type key: DependencyTypeKey) -> String {
        IndexMessages.emptyManifest(type: key)
    }
}
#endif
