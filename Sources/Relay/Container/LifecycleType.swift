/// How long a resolved instance lives.
public enum LifecycleType: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Created lazily on first resolve, then the same instance for every later resolve
    /// from that container — exactly once, even when many threads resolve it at the
    /// same moment. The default.
    case singleton
    /// The factory runs on every resolve; the container keeps no reference to the result.
    case transient

    /// `singleton` or `transient`, as written in instructions.
    public var description: String { rawValue }
}
