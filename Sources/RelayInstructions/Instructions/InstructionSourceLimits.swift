import RelayContainer
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

#if RELAY_DRIVABLE // machinery: the sources word their limit errors with these
extension InstructionSourceLimits {
    /// The error for an input over ``maxBytes`` — every source words it this way.
    ///
    /// - Parameters:
    ///   - subject: What is too large: `the input`, `the value`, `the argument`.
    ///   - bytes: Its size, or `nil` when only "more than the limit" is known.
    ///   - remedy: What to do instead of raising the limit.
    package func sizeError(_ subject: String, bytes: Int?, remedy: String, at origin: InstructionOrigin) -> RelayDiagnostic {
        let size = bytes.map { "is \($0) bytes; the limit is \(maxBytes) bytes" } ?? "is more than \(maxBytes) bytes, the limit"
        return .error("\(subject) \(size) — \(remedy) or raise InstructionSourceLimits.maxBytes", at: origin)
    }

    /// The error at the first instruction over ``maxInstructions`` — every source words
    /// it this way.
    ///
    /// - Parameters:
    ///   - place: Where they were counted, e.g. ` on the command line`, or empty.
    ///   - remedy: What to do instead of raising the limit.
    package func countError(in place: String = "", remedy: String, at origin: InstructionOrigin) -> RelayDiagnostic {
        .error("more than \(maxInstructions) instructions\(place); \(remedy) or raise InstructionSourceLimits.maxInstructions", at: origin)
    }
}
#endif
