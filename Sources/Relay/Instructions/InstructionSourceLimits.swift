/// Upper bounds that protect a process from oversized instruction sources.
///
/// A source over either limit is rejected with one diagnostic that names the limit.
public struct InstructionSourceLimits: Hashable, Sendable {
    /// The largest accepted source, in bytes of UTF-8. Default 1 MiB.
    public var maxBytes: Int
    /// The most instructions accepted from one source. Default 10 000.
    public var maxInstructions: Int

    /// Creates limits; both default to the values of ``default``.
    public init(maxBytes: Int = 1_048_576, maxInstructions: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxInstructions = maxInstructions
    }

    /// 1 MiB and 10 000 instructions.
    public static let `default` = InstructionSourceLimits()
}
