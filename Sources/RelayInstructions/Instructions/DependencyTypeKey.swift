import RelayContainer
/// Identifies an abstract type that dynamic injection may replace, by a stable string.
///
/// Declare keys as constants named after the type, `[Module].[Type]`:
///
/// ```swift
/// extension DependencyTypeKey {
///     static let backendService = DependencyTypeKey("MyApp.BackendService")
/// }
/// ```
///
/// A ``DependencyTypeIndexable`` maps each key to the Swift type it stands for.
public struct DependencyTypeKey: Hashable, Sendable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key as written in instructions (`type=<tag>`).
    public var tag: String { text.string }
    /// The tag and its hash (equality and hashing go through it).
    let text: KeyText

    /// Creates a key from its string form.
    public init(_ tag: String) {
        text = KeyText(tag)
    }

    /// Creates a key from a string literal: `let key: DependencyTypeKey = "MyApp.…"`.
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
