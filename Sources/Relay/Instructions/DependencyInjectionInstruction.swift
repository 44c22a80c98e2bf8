// Layer: Instructions — instruction text, keys, origins, diagnostics and the pipeline's one
// error. Uses Container and Support.

/// Tells a running program which indexed factory to use for an abstract type.
///
/// The text form is
///
/// ```text
/// type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=singleton|transient]
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
/// ``description`` writes the canonical form, and parsing it always gives back an equal
/// instruction. The full grammar and escaping rules are in docs/configuration.md.
public struct DependencyInjectionInstruction: Hashable, Sendable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The abstract type to replace.
    public let type: DependencyTypeKey
    /// The indexed factory that produces the replacement.
    public let factory: DependencyFactoryKey
    /// The container the instruction applies to; ``DependencyContainerScope/global`` by default.
    public let scope: DependencyContainerScope
    /// How long the produced instance lives; ``LifecycleType/singleton`` by default.
    public let lifecycle: LifecycleType

    /// Creates an instruction.
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope = .global,
        lifecycle: LifecycleType = .singleton
    ) {
        self.type = type
        self.factory = factory
        self.scope = scope
        self.lifecycle = lifecycle
    }

    /// Parses the text form of an instruction.
    ///
    /// - Throws: ``DependencyInjectionInstructionError``, in Relay 0.3's cases where 0.3 had
    ///   one: ``DependencyInjectionInstructionError/missingType`` and
    ///   ``DependencyInjectionInstructionError/missingFactory``;
    ///   ``DependencyInjectionInstructionError/unrecognizedParameter(_:)`` for an unknown
    ///   key; ``DependencyInjectionInstructionError/malformattedDependencyParameter(_:)`` for
    ///   an empty text, an empty pair or one without `=`, an empty key or value, a key given
    ///   twice, an unescaped `=` inside a value, or a `lifecycle` other than `singleton` or
    ///   `transient` (in any case). Everything else — an invalid escape or a lone
    ///   backslash at the end, a bracket left open, an unescaped control character other
    ///   than tab — is ``DependencyInjectionInstructionError/invalidInstruction(message:column:)``
    ///   with the 1-based column.
    public init(parsing text: String) throws(DependencyInjectionInstructionError) {
        do {
            self = try InstructionParser.parse(text, defaultScope: .global).instruction
        } catch {
            throw error.seed
        }
    }

    /// Parses the text form of an instruction, returning `nil` where
    /// ``init(parsing:)`` would throw.
    public init?(_ description: String) {
        guard let parsed = try? InstructionParser.parse(description, defaultScope: .global) else { return nil }
        self = parsed.instruction
    }

    /// The canonical text form: `type=…,factory=…`, then `,scope=…` unless the scope is
    /// global and `,lifecycle=transient` if transient, with values escaped as needed.
    public var description: String {
        InstructionFormatter.format(self)
    }

    private enum CodingKeys: String, CodingKey {
        case type, factory, scope, lifecycle
    }

    /// Decodes `{"type": …, "factory": …, "scope"?: …, "lifecycle"?: …}`; a missing scope
    /// or lifecycle takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decode(DependencyTypeKey.self, forKey: .type),
            factory: try container.decode(DependencyFactoryKey.self, forKey: .factory),
            scope: try container.decodeIfPresent(DependencyContainerScope.self, forKey: .scope) ?? .global,
            lifecycle: try container.decodeIfPresent(LifecycleType.self, forKey: .lifecycle) ?? .singleton
        )
    }

    /// Encodes all four fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(factory, forKey: .factory)
        try container.encode(scope, forKey: .scope)
        try container.encode(lifecycle, forKey: .lifecycle)
    }
}

extension DependencyInjectionInstruction {
    /// The order of instructions in everything Relay prints: by scope (global first, then
    /// by name), then by type key.
    package static func printOrder(_ lhs: Self, _ rhs: Self) -> Bool {
        lhs.scope != rhs.scope ? DependencyContainerScope.printOrder(lhs.scope, rhs.scope) : lhs.type < rhs.type
    }
}
