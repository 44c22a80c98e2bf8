#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failed POSIX call, described by the C library's message for its `errno`.
struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` value the call left behind.
    let code: Int32

    /// Captures the current `errno`.
    init(code: Int32 = errno) {
        self.code = code
    }

    /// The C library's text for ``code``, e.g. `Permission denied`.
    var description: String {
        String(cString: strerror(code))
    }
}
