import RelayContainer
/// Identifies an indexed factory (usually a stub or fixture) by a stable string.
///
/// Name factory keys `[Module].[Type].[Purpose]` so that the type they produce is
/// obvious in instructions:
///
/// ```swift
/// extension DependencyFactoryKey {
///     static let backendStub = DependencyFactoryKey("MyApp.BackendService.Stub")
/// }
/// ```
public struct DependencyFactoryKey: Hashable, Sendable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as written in instructions (`factory=<tag>`).
    public var tag: String { text.string }
    /// The tag and its hash (equality and hashing go through it).
    let text: KeyText

    /// Creates a key from its string form.
    public init(_ tag: String) {
        text = KeyText(tag)
    }

    /// Creates a key from a string literal: `let key: DependencyFactoryKey = "MyApp.…"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Decodes a key from a single string, its ``tag``.
    public init(from decoder: any Decoder) throws {
        text = KeyText(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the key as its ``tag``, a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(tag)
    }

    /// Orders keys by their ``tag``.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.tag < rhs.tag }

    /// The ``tag``.
    public var description: String { tag }
}
