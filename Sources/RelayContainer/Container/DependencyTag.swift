/// Tells apart several registrations of one type in one container.
///
/// A type registered with a tag is resolved by asking for that tag; a tagged resolve that
/// finds no registration with its tag uses the type's untagged registration:
///
/// ```swift
/// extension DependencyTag {
///     static let production: DependencyTag = "Production"
/// }
///
/// DependencyContainer.global.register(NetworkLayer.self) { _ in LocalNetwork() }
/// DependencyContainer.global.register(NetworkLayer.self, tag: .production) { _ in RemoteNetwork() }
///
/// DependencyContainer.global.resolve(NetworkLayer.self, tag: .production) // RemoteNetwork
/// DependencyContainer.global.resolve(NetworkLayer.self, tag: "Staging")    // LocalNetwork
/// ```
///
/// A tag is text, compared exactly; an instruction names it with `tag=Production`. Tags
/// made from a `String`-backed enum use its raw value:
///
/// ```swift
/// enum Environment: String { case production = "Production", staging = "Staging" }
/// DependencyContainer.global.resolve(NetworkLayer.self, tag: DependencyTag(Environment.production))
/// ```
public struct DependencyTag: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The tag's text, as written in instructions (`tag=<name>`).
    public let name: String

    /// Creates a tag with the given text.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a tag from a `String`-backed value, such as an enum case: its raw value.
    public init<Value: RawRepresentable>(_ value: Value) where Value.RawValue == String {
        self.init(value.rawValue)
    }

    /// Creates a tag from a string literal: `let tag: DependencyTag = "Production"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Decodes a tag from a single string.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the tag as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The tag's ``name``.
    public var description: String { name }
}
