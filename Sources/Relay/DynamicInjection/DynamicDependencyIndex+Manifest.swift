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
    /// The JSON has three members, with keys sorted:
    ///
    /// ```json
    /// {
    ///   "factories" : { "MyApp.BackendService.Stub" : "MyApp.BackendService", "MyApp.Legacy" : "untyped" },
    ///   "types" : { "MyApp.BackendService" : "MyApp.BackendService" },
    ///   "version" : 1
    /// }
    /// ```
    ///
    /// Its ``description`` lists the keys for a person, e.g. in an app's `--help`.
    public struct Manifest: Hashable, Sendable, Codable, CustomStringConvertible {
        /// What ``factories`` holds for a factory indexed without the type it produces
        /// (with a `DependencyFactoryIndexable`): `untyped`.
        public static let untyped = "untyped"
        /// The format version this Relay writes and reads: 1.
        public static let currentVersion = 1

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

        /// A manifest with these keys and scopes.
        public init(types: [DependencyTypeKey: String], factories: [DependencyFactoryKey: String], scopes: [DependencyContainerScope] = []) {
            self.types = types
            self.factories = factories
            self.scopes = scopes
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
            case version, types, factories, scopes
        }

        /// Decodes a manifest: `version`, `types`, `factories` and (when present) `scopes`.
        ///
        /// - Throws: `DecodingError` for a manifest of another version.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let version = try container.decode(Int.self, forKey: .version)
            guard version == Self.currentVersion else {
                throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "this is a version \(version) Relay index manifest; this Relay reads version \(Self.currentVersion) — export it again with this Relay")
            }
            let types = try container.decode([String: String].self, forKey: .types)
            let factories = try container.decode([String: String].self, forKey: .factories)
            self.init(
                types: Dictionary(uniqueKeysWithValues: types.map { (DependencyTypeKey($0.key), $0.value) }),
                factories: Dictionary(uniqueKeysWithValues: factories.map { (DependencyFactoryKey($0.key), $0.value) }),
                scopes: try container.decodeIfPresent([DependencyContainerScope].self, forKey: .scopes) ?? []
            )
        }

        /// Encodes the manifest with its format version; keys and scopes are written sorted.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(Self.currentVersion, forKey: .version)
            try container.encode(Dictionary(uniqueKeysWithValues: types.map { ($0.key.tag, $0.value) }), forKey: .types)
            try container.encode(Dictionary(uniqueKeysWithValues: factories.map { ($0.key.tag, $0.value) }), forKey: .factories)
            try container.encode(scopes.sorted { $0.name < $1.name }, forKey: .scopes)
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
        /// An empty manifest reads `No type is indexed: dynamic injection can change nothing.`
        public var description: String {
            guard !types.isEmpty || !factories.isEmpty else {
                return "No type is indexed: dynamic injection can change nothing."
            }
            var lines: [String] = []
            let named = Set(types.values)
            for (key, type) in types.sorted(by: { $0.key < $1.key }) {
                let producing = factories.filter { $0.value == type }.keys.sorted().map(\.tag)
                lines.append("\(key): " + (producing.isEmpty ? "no indexed factory produces \(type)" : producing.joined(separator: ", ")))
            }
            let untyped = factories.filter { $0.value == Self.untyped }.keys.sorted().map(\.tag)
            if !untyped.isEmpty {
                lines.append("Untyped factories, for any type: " + untyped.joined(separator: ", "))
            }
            let orphans = factories.filter { $0.value != Self.untyped && !named.contains($0.value) }.sorted { $0.key < $1.key }
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
        let (types, factories) = allEntries
        return Manifest(
            types: types.mapValues(\.typeName),
            factories: factories.mapValues { $0.produces?.typeName ?? Manifest.untyped },
            scopes: knownScopes.sorted { $0.name < $1.name }
        )
    }
}

extension DynamicDependencyIndex.Manifest: IndexCatalog {
    func lookUp(type: DependencyTypeKey, factory: DependencyFactoryKey) -> (type: String?, factory: FactoryEntry<String>) {
        let entry: FactoryEntry<String> = switch factories[factory] {
        case nil: .missing
        case Self.untyped?: .untyped
        case let produced?: .produces(produced)
        }
        return (types[type], entry)
    }

    func typeName(_ type: String) -> String { type }

    var knownScopes: Set<DependencyContainerScope> { Set(scopes) }

    func factories(producing type: String) -> [DependencyFactoryKey] {
        factories.filter { $0.value == type }.keys.sorted()
    }

    func suggestions(forType key: DependencyTypeKey) -> [DependencyTypeKey] {
        NearMatch.suggestions(for: key.tag, among: types.keys.map(\.tag).sorted()).map { DependencyTypeKey($0) }
    }

    func suggestions(forFactory key: DependencyFactoryKey) -> [DependencyFactoryKey] {
        NearMatch.suggestions(for: key.tag, among: factories.keys.map(\.tag).sorted()).map { DependencyFactoryKey($0) }
    }

    var isEmpty: Bool { types.isEmpty && factories.isEmpty }

    func emptyMessage(type key: DependencyTypeKey) -> String {
        IndexMessages.emptyManifest(type: key)
    }
}
