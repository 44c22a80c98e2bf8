#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads instructions in the `.relay` file format from standard input, until end of file.
///
/// Standard input is read only when asked: by a `-d -` argument (see
/// ``CommandLineInstructionSource``) or by an app that lists this source itself. Creating
/// the source reads nothing.
///
/// Origins are ``InstructionOrigin/standardInput(line:column:)``, so messages read
/// `<stdin>:3:1: error: …`.
///
/// ```swift
/// // In tests, feed the text through a reader instead of the real standard input:
/// let source = StandardInputInstructionSource { _ in Array("type=A,factory=B\n".utf8) }
/// ```
public struct StandardInputInstructionSource: DependencyInstructionSource {
    /// Produces the bytes of standard input. It is passed the most bytes the source will
    /// accept plus one (``InstructionSourceLimits/maxBytes`` + 1) and should return at
    /// most that many, so that oversized input is detected without reading all of it.
    private let reader: @Sendable (_ maxBytes: Int) throws -> [UInt8]

    /// `<stdin>`.
    public var name: String { "<stdin>" }

    /// A source over the process's standard input.
    public init() {
        self.init(reader: Self.readStandardInput(upTo:))
    }

    /// A source over bytes of your own (tests inject their input this way).
    ///
    /// - Parameter reader: Returns the input's bytes, given the most bytes to return
    ///   (returning more is allowed; anything beyond the limit is rejected).
    public init(reader: @escaping @Sendable (_ maxBytes: Int) throws -> [UInt8]) {
        self.reader = reader
    }

    /// Reads standard input to the end and parses it.
    ///
    /// - Returns: The instructions in line order.
    /// - Throws: ``DynamicInjectionError`` when the reader throws, when the input is over
    ///   ``InstructionSourceLimits/maxBytes``, when it is not valid UTF-8 or holds NUL
    ///   bytes, control characters other than tab, LF and CR, or a CR not before a LF (one
    ///   error at the first bad byte); otherwise with every syntax error, header problem, instruction beyond
    ///   ``InstructionSourceLimits/maxInstructions`` and duplicate (scope, type, tag).
    public func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        try InstructionSourceParsing.finish(read(limits: context.limits))
    }

    /// Reads and parses the input without the duplicate check.
    func read(limits: InstructionSourceLimits) -> InstructionSourceReadResult {
        let whole = InstructionOrigin(kind: .standardInput, source: name)
        let bytes: [UInt8]
        do {
            bytes = try reader(min(max(0, limits.maxBytes), Int.max - 1) + 1)
        } catch {
            return InstructionSourceReadResult(diagnostics: [.error("cannot read standard input: \(error)", at: whole)])
        }
        guard bytes.count <= limits.maxBytes else {
            return InstructionSourceReadResult(diagnostics: [limits.sizeError("the input", bytes: nil, remedy: "move the instructions to a .relay file", at: whole)])
        }
        return InstructionSourceParsing.parseRelayBytes(bytes, origin: { .standardInput(line: $0, column: $1) }, limits: limits)
    }

    /// Reads the process's standard input until end of file, stopping early once
    /// `maxBytes` bytes have arrived.
    ///
    /// Blocks until the writer closes its end, as any read of standard input does.
    ///
    /// - Throws: An error describing the failed `read(2)` call (interrupted calls are retried).
    package static func readStandardInput(upTo maxBytes: Int) throws -> [UInt8] {
        try RegularFileReader.readAll(STDIN_FILENO, upTo: maxBytes).get()
    }
}
#endif
