import RelayContainer
// Layer: Instructions — instruction text, keys, origins, diagnostics and the pipeline's one
// error. Uses Container and Support.

/// Tells a running program which indexed factory to use for an abstract type.
///
/// The text form is
///
/// ```text
/// type=<type>,factory=<factory>[,scope=<scope>][,tag=<tag>][,lifecycle=<lifecycle>][,parameter=<text>]
/// ```
///
/// with the keys in any order and spaces or tabs around keys and values ignored. A
/// backslash escapes special characters (`\,` `\=` `\\` …), and a `,` inside `<…>`,
/// `(…)` or `[…]` needs no escape, so generic type names read naturally:
///
/// ```swift
/// let instruction = try DependencyInjectionInstruction(
///     parsing: "type=MyApp.Cache<Swift.String, Swift.Int>,factory=MyApp.Cache.InMemory")
/// instruction.scope      // .global
/// instruction.lifecycle  // .singleton
/// ```
///
/// `tag=` binds one tagged registration of the type (``DependencyTag``) instead of its
/// untagged one, and `parameter=` passes text to a factory indexed with
/// ``DynamicDependencyIndex/add(factory:producing:parameter:_:)``, which parses it when the
/// instruction is checked:
///
/// ```swift
/// let fixed = try DependencyInjectionInstruction(
///     parsing: "type=MyApp.Clock,factory=MyApp.Clock.Fixed,tag=Checkout,parameter=2025-03-14T09:00:00Z")
/// fixed.tag        // DependencyTag("Checkout")
/// fixed.parameter  // "2025-03-14T09:00:00Z"
/// ```
///
/// ``description`` writes the canonical form, and parsing it always gives back an equal
/// instruction. The full grammar and escaping rules are in docs/configuration.md.
public struct DependencyInjectionInstruction: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    /// The abstract type to replace.
    public var type: DependencyTypeKey { fields.type }
    /// The indexed factory that produces the replacement.
    public var factory: DependencyFactoryKey { fields.factory }
    /// The container the instruction applies to; ``DependencyContainerScope/global`` by default.
    public var scope: DependencyContainerScope { fields.scope }
    /// How long the produced instance lives; ``LifecycleType/singleton`` by default.
    public var lifecycle: LifecycleType { fields.lifecycle }
    /// The tagged registration of ``type`` the instruction replaces (`tag=Production`);
    /// `nil`, the default, for the type's untagged registration.
    ///
    /// A tag must be one the app registers the type with, in any container, or declares
    /// with ``DynamicDependencyIndex/add(tag:for:)``; any other tag is rejected with "did
    /// you mean" when the instruction is checked.
    public var tag: DependencyTag? { fields.tag }
    /// The text given to the factory (`parameter=2025-03-14T09:00:00Z`), which the factory's
    /// ``DependencyParameter`` parses when the instruction is checked; `nil`, the default,
    /// for none. A factory indexed with a parameter needs one, and any other factory takes
    /// none.
    public var parameter: String? { fields.parameter }

    /// The values, behind one reference: an instruction is handed from the parser through
    /// the merge, the check and the report to its registration, and a copy then costs one
    /// retain where six strings would cost six.
    private let fields: Fields

    private final class Fields: Sendable {
        let type: DependencyTypeKey
        let factory: DependencyFactoryKey
        let scope: DependencyContainerScope
        let lifecycle: LifecycleType
        let tag: DependencyTag?
        let parameter: String?

        init(type: DependencyTypeKey, factory: DependencyFactoryKey, scope: DependencyContainerScope, lifecycle: LifecycleType, tag: DependencyTag?, parameter: String?) {
            self.type = type
            self.factory = factory
            self.scope = scope
            self.lifecycle = lifecycle
            self.tag = tag
            self.parameter = parameter
        }
    }

    /// Creates an instruction.
    ///
    /// ```swift
    /// DependencyInjectionInstruction(type: .clock, factory: .clockFixed, parameter: "2025-03-14T09:00:00Z")
    /// ```
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope = .global,
        lifecycle: LifecycleType = .singleton,
        tag: DependencyTag? = nil,
        parameter: String? = nil
    ) {
        fields = Fields(type: type, factory: factory, scope: scope, lifecycle: lifecycle, tag: tag, parameter: parameter)
    }

    /// Whether the two instructions have equal values (the same text, once canonical).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fields === rhs.fields || (
            lhs.type == rhs.type && lhs.factory == rhs.factory && lhs.scope == rhs.scope
                && lhs.lifecycle == rhs.lifecycle && lhs.tag == rhs.tag && lhs.parameter == rhs.parameter
        )
    }

    /// Hashes the instruction's values, as ``==(_:_:)`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(factory)
        hasher.combine(scope)
        hasher.combine(lifecycle)
        hasher.combine(tag)
        hasher.combine(parameter)
    }

    /// Parses the text form of an instruction.
    ///
    /// - Throws: ``DependencyInjectionInstructionError``, in Relay 0.3's cases where 0.3 had
    ///   one: ``DependencyInjectionInstructionError/missingType`` and
    ///   ``DependencyInjectionInstructionError/missingFactory``;
    ///   ``DependencyInjectionInstructionError/unrecognizedParameter(_:)`` for an unknown
    ///   key; ``DependencyInjectionInstructionError/malformattedDependencyParameter(_:)`` for
    ///   an empty text, an empty pair or one without `=`, an empty key or value, a key given
    ///   twice, an unescaped `=` inside a value, or a `lifecycle` that names no case of
    ///   ``LifecycleType`` (in any case). Everything else — an invalid escape or a lone
    ///   backslash at the end, a bracket left open, an unescaped control character other
    ///   than tab — is ``DependencyInjectionInstructionError/invalidInstruction(message:column:)``
    ///   with the 1-based column.
    ///
    ///   A release build without dynamic injection has no parser: there every text throws
    ///   ``DependencyInjectionInstructionError/invalidInstruction(message:column:)`` saying
    ///   so (docs/architecture.md, "What a release build carries").
    public init(parsing text: String) throws(DependencyInjectionInstructionError) {
        #if RELAY_DRIVABLE
        do {
            self = try InstructionParser.parse(text, defaultScope: .global).instruction
        } catch {
            throw error.seed
        }
        #else
        throw .invalidInstruction(message: "cannot parse instructions: \(BuildConfiguration.withoutDynamicInjection)", column: 1)
        #endif
    }

    /// Parses the text form of an instruction, returning `nil` where
    /// ``init(parsing:)`` would throw.
    public init?(_ description: String) {
        guard let parsed = try? Self(parsing: description) else { return nil }
        self = parsed
    }

    /// The canonical text form: `type=…,factory=…`, then `,scope=…` unless the scope is
    /// global, `,tag=…` if tagged, `,lifecycle=…` unless singleton and `,parameter=…` if
    /// given, with values escaped as needed.
    public var description: String {
        InstructionFormatter.format(self)
    }
}

#if RELAY_DRIVABLE
// As JSON only where the machinery is built (the report and the driver's files hold it).
extension DependencyInjectionInstruction: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, factory, scope, lifecycle, tag, parameter
    }

    /// Decodes `{"type": …, "factory": …, "scope"?: …, "lifecycle"?: …, "tag"?: …,
    /// "parameter"?: …}`; a missing member takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decode(DependencyTypeKey.self, forKey: .type),
            factory: try container.decode(DependencyFactoryKey.self, forKey: .factory),
            scope: try container.decodeIfPresent(DependencyContainerScope.self, forKey: .scope) ?? .global,
            lifecycle: try container.decodeIfPresent(LifecycleType.self, forKey: .lifecycle) ?? .singleton,
            tag: try container.decodeIfPresent(DependencyTag.self, forKey: .tag),
            parameter: try container.decodeIfPresent(String.self, forKey: .parameter)
        )
    }

    /// Encodes type, factory, scope and lifecycle, and the tag and parameter when present
    /// (so an instruction without them encodes as Relay 1.0 wrote it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(factory, forKey: .factory)
        try container.encode(scope, forKey: .scope)
        try container.encode(lifecycle, forKey: .lifecycle)
        try container.encodeIfPresent(tag, forKey: .tag)
        try container.encodeIfPresent(parameter, forKey: .parameter)
    }
}
#endif

extension DependencyInjectionInstruction {
    /// What the instruction binds: its type, with its tag, in its scope.
    package var slot: Slot<DependencyTypeKey> { Slot(scope: scope, type: type, tag: tag) }
}

extension DependencyTag {
    /// Untagged first, then by name.
    package static func printOrder(_ lhs: DependencyTag?, _ rhs: DependencyTag?) -> Bool {
        switch (lhs, rhs) {
        case (nil, .some): true
        case let (lhs?, rhs?): lhs.name < rhs.name
        default: false
        }
    }
}
