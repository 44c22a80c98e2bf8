import RelayTestSupport
import Foundation
import Testing
@testable import Relay
@testable import RelayInstructions

/// Counts how often a fake standard-input reader is called and with which limit.
final class SourcesReaderProbe: Sendable {
    private let calls = Locked<[Int]>([])

    /// The `maxBytes` argument of every call, in order.
    var limits: [Int] { calls.withLock { $0 } }

    /// A standard-input source whose reader records its calls and returns `text`.
    func source(_ text: String) -> StandardInputInstructionSource {
        source(bytes: Array(text.utf8))
    }

    /// A standard-input source whose reader records its calls and returns `bytes`.
    func source(bytes: [UInt8]) -> StandardInputInstructionSource {
        StandardInputInstructionSource { limit in
            self.calls.withLock { $0.append(limit) }
            return bytes
        }
    }
}

/// Thrown by fake readers.
struct SourcesFakeReadError: Error, CustomStringConvertible {
    var description: String { "the pipe broke" }
}

/// The description of the `DynamicInjectionError` that `body` throws, or a note that it
/// returned or threw something else.
func sourcesErrorDescription(_ body: () throws -> [LocatedInstruction]) -> String {
    do {
        let instructions = try body()
        return "no error; returned \(instructions)"
    } catch let error as DynamicInjectionError {
        return error.description
    } catch {
        return "unexpected error \(error)"
    }
}

/// `InstructionSourceLimits` with the given values.
func sourcesContext(maxBytes: Int = 1_048_576, maxInstructions: Int = 10_000) -> InstructionReadContext {
    InstructionReadContext(limits: InstructionSourceLimits(maxBytes: maxBytes, maxInstructions: maxInstructions))
}
