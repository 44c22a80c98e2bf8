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

/// The pipes between the driver and a program it launched, at the level of descriptors:
/// creating them, reading one to its end, and waking its reader. Every pointer the system
/// calls need stays inside these functions.
enum RawPipe {
    /// A pipe whose ends are closed on `exec` (so no other child launched meanwhile keeps
    /// the write end open).
    static func make() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        // `pipe2(O_CLOEXEC)` would close the gap between these calls, but Glibc's module
        // does not export it. The gap only matters if another thread spawns a program in
        // it and that spawn does not close inherited descriptors (Foundation's does); the
        // drain after the exit covers even that.
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// Writes one byte to `descriptor`, the write end of a pipe whose read end a reader
    /// polls as its `wakeUp`. The byte is never read, so every poller stays woken.
    static func poke(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Reads `descriptor` until its end, handing each chunk to `received`, in order. Once
    /// `wakeUp` is readable (see ``poke(_:)``), it reads only what the pipe holds at that
    /// point — until it is empty, or `drainLimit` more bytes — and returns without waiting
    /// for more. Blocks in `poll` between chunks. Closes neither descriptor.
    static func read(_ descriptor: Int32, wakeUp: Int32, drainLimit: Int, received: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)]
        var draining = false
        var drained = 0
        while true {
            if !draining {
                watched[0].revents = 0
                watched[1].revents = 0
                if poll(&watched, 2, -1) < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if watched[1].revents != 0 {
                    // Woken: read what the pipe holds now, and no more.
                    draining = true
                    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                } else if watched[0].revents == 0 {
                    continue
                }
            }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                received(Array(buffer[..<count]))
                drained += draining ? count : 0
                if drained >= drainLimit { return }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return   // the end, an empty pipe while draining, or an error that ends it
            }
        }
    }
}
#endif
#endif
