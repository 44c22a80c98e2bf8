// Raw output: the one place the library itself writes bytes to standard error.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Standard error, written with one `write(2)` call per text, so that the lines of two
/// threads never interleave. A failed write (standard error closed) is ignored: a warning
/// never stops the program. Only ``LibraryWarning`` writes here.
enum StandardError {
    /// Writes `text` as UTF-8.
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8(writeOnce)
    }
}

/// One `write(2)` of `bytes` to standard error; what a short or failed write leaves out
/// is dropped.
private func writeOnce(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    write(STDERR_FILENO, bytes.baseAddress, bytes.count)
}
