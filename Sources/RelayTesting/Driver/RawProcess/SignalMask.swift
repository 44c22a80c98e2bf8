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

/// The calling thread's signal mask, around the spawn of a program.
enum SignalMask {
    /// Runs `body` with no signal blocked on the calling thread, then restores the mask.
    ///
    /// A child inherits the signal mask of the thread that spawns it, and the driver runs
    /// on a thread of the concurrency pool, which blocks nearly every signal. On Linux,
    /// swift-corelibs-foundation's `Process` does not reset the mask, so the program would
    /// start with `SIGTERM`, `SIGINT`, `SIGHUP`… blocked: deaf to the time-out's `SIGTERM`
    /// and to any signal a test sends it. So the mask is cleared around the (synchronous)
    /// spawn and restored right after — on every platform, as it costs nothing where
    /// `Process` resets the mask itself.
    static func withNoSignalBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var none = sigset_t()
        var previous = sigset_t()
        _ = sigemptyset(&none)
        _ = pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { _ = pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
#endif
#endif
