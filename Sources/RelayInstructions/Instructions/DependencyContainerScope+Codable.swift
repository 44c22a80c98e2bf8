import RelayContainer
/// A scope encodes as its name, a single string (`"checkout"`).
extension DependencyContainerScope: Codable {
    /// Decodes a scope from a single string, its name.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the scope as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
