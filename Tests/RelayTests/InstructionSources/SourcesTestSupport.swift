import Foundation
import Testing
@testable import Relay

/// A fresh directory under the system temporary directory, removed on deinit.
final class SourcesTemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/RelaySourcesTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `name` inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// Writes `bytes` to `name` with the given permissions and returns its absolute path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8], permissions: Int = 0o644) throws -> String {
        let target = file(name)
        guard FileManager.default.createFile(atPath: target, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target)
        return target
    }

    /// Writes `text` as UTF-8 to `name` and returns its absolute path.
    @discardableResult
    func write(_ name: String, _ text: String, permissions: Int = 0o644) throws -> String {
        try write(name, bytes: Array(text.utf8), permissions: permissions)
    }
}

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
