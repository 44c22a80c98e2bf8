import Foundation

/// Standard input cut into batches, for `RELAY_CONTROL=-`: each batch is `.relay` text
/// ended by a line that is exactly `---` (a carriage return before the line feed is
/// allowed), or by the end of the input.
///
/// `-d -` then reads only the first batch at start-up; the control channel reads the rest,
/// one at a time, on a thread of its own. Bytes after a separator are kept for the next
/// batch, never lost.
///
/// `@unchecked Sendable` is safe: `buffer`, `scanned` and `ended` are only touched inside
/// `lock`, which ``next(maxBytes:)`` holds for a whole batch, so two readers never
/// interleave.
final class StandardInputBatches: @unchecked Sendable {
    /// One batch, or why there is none.
    enum Batch: Equatable {
        /// The batch's bytes, without the separator line.
        case text([UInt8])
        /// The batch had more than the limit; it was skipped up to its separator.
        case tooLarge
        /// Reading failed; the channel ends.
        case failed(String)
    }

    /// Reads up to the given number of bytes; returns none at the end of the input.
    private let readChunk: @Sendable (Int) throws -> [UInt8]
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    /// How far `buffer` has been searched for a separator: the start of its last,
    /// incomplete line.
    private var scanned = 0
    private var ended = false

    /// Batches of `readChunk`'s bytes (standard input's, by default).
    init(readChunk: @escaping @Sendable (Int) throws -> [UInt8] = { try StandardInputBatches.readStandardInput(upTo: $0) }) {
        self.readChunk = readChunk
    }

    /// Reads the process's standard input once: what one `read(2)` returns, or nothing at the end.
    static func readStandardInput(upTo count: Int) throws -> [UInt8] {
        try RegularFileReader.readSome(STDIN_FILENO, upTo: count).get()
    }

    /// The next batch; `nil` once the input has ended with nothing after the last separator.
    /// Blocks until the batch's separator or the end of the input arrives.
    func next(maxBytes: Int) -> Batch? {
        lock.lock()
        defer { lock.unlock() }
        var tooLarge = false
        while true {
            // Complete lines not yet searched.
            while let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[scanned..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                if line.elementsEqual("---".utf8) {
                    let batch = Array(buffer[..<scanned])
                    buffer.removeSubrange(...end)
                    scanned = 0
                    return tooLarge || batch.count > maxBytes ? .tooLarge : .text(batch)
                }
                scanned = end + 1
            }
            if scanned > maxBytes {
                // Past the limit: keep only the incomplete last line, to find the separator.
                tooLarge = true
                buffer.removeSubrange(..<scanned)
                scanned = 0
            }
            if ended {
                guard !buffer.isEmpty || tooLarge else { return nil }
                let batch = buffer
                buffer = []
                scanned = 0
                return tooLarge || batch.count > maxBytes ? .tooLarge : .text(batch)
            }
            do {
                let chunk = try readChunk(65_536)
                if chunk.isEmpty { ended = true } else { buffer += chunk }
            } catch {
                ended = true
                return .failed(String(describing: error))
            }
        }
    }

    /// The first batch, as a `-d -` reader: `maxBytes` is the limit plus one, as
    /// ``StandardInputInstructionSource`` passes it.
    func firstBatchReader() -> @Sendable (Int) throws -> [UInt8] {
        { [self] maxBytesPlusOne in
            switch next(maxBytes: maxBytesPlusOne - 1) {
            case .text(let bytes)?: return bytes
            case nil: return []
            case .tooLarge?: return [UInt8](repeating: UInt8(ascii: " "), count: maxBytesPlusOne)
            case .failed(let message)?: throw StandardInputFailure(message: message)
            }
        }
    }

    /// A failed read of standard input.
    struct StandardInputFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// `RELAY_CONTROL=-`: batches after the first on standard input (see
/// ``StandardInputBatches``), read on a thread of the channel's own.
final class StandardInputControlChannel: ControlChannel {
    let batches: StandardInputBatches

    init(batches: StandardInputBatches) {
        self.batches = batches
    }

    var channelName: String { "<stdin>" }
    var startupSource: (any DependencyInstructionSource)? { nil }

    func watch(limits: InstructionSourceLimits) -> any ControlWatch {
        StandardInputControlWatch(batches: batches, limits: limits)
    }
}

/// Reads batches on a thread of its own until the input ends or the watch stops; a read
/// in progress is not interrupted by ``stop()``, but what it reads is not applied.
final class StandardInputControlWatch: ControlWatch {
    private let batches: StandardInputBatches
    private let limits: InstructionSourceLimits
    private let isStopped = LockedState(false)

    init(batches: StandardInputBatches, limits: InstructionSourceLimits) {
        self.batches = batches
        self.limits = limits
    }

    var mechanism: String { "standard input" }

    func start(_ deliver: @escaping @Sendable (ControlBatch) -> Void) {
        let thread = Thread { [batches, limits, isStopped] in
            while let batch = batches.next(maxBytes: limits.maxBytes), !isStopped.withLock({ $0 }) {
                deliver(ControlBatch(name: "<stdin>", result: Self.parse(batch, limits: limits)))
                if case .failed = batch { return }
            }
        }
        thread.name = "Relay control (standard input)"
        thread.start()
    }

    func stop() {
        isStopped.withLock { $0 = true }
    }

    /// A batch's instructions, positioned `<stdin>:line:column` from the batch's first line.
    static func parse(_ batch: StandardInputBatches.Batch, limits: InstructionSourceLimits) -> Result<[LocatedInstruction], DynamicInjectionError> {
        let whole = InstructionOrigin(kind: .standardInput, source: "<stdin>")
        switch batch {
        case .failed(let message):
            return .failure(DynamicInjectionError(diagnostics: [.error("cannot read standard input: \(UserText.escaped(message, limit: nil)); the control channel has stopped", at: whole)]))
        case .tooLarge:
            return .failure(DynamicInjectionError(diagnostics: [limits.sizeError("the batch", bytes: nil, remedy: "send fewer instructions per batch", at: whole)]))
        case .text(let bytes):
            let read = InstructionSourceParsing.parseRelayBytes(bytes, origin: { .standardInput(line: $0, column: $1) }, limits: limits)
            return Result { () throws(DynamicInjectionError) in try InstructionSourceParsing.finish(read) }
        }
    }
}
