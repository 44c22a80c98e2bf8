#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Replacing a file a running program watches in one step, with `rename(2)` — which
/// Foundation's file manager does not offer for an existing destination.
enum AtomicRename {
    /// Renames `source` over `destination`, atomically replacing it if it exists.
    ///
    /// - Throws: A `CocoaError` naming `destination` and the system's reason.
    static func rename(_ source: URL, over destination: URL) throws {
        guard Foundation.rename(source.path, destination.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
    }
}
#endif
#endif
