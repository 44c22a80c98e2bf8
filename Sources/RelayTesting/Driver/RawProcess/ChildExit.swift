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

/// Seeing a child's exit the moment it happens, without reaping it.
///
/// Foundation's `Process` on Linux learns of the exit when a socket the child inherited
/// closes — and a grandchild the program left running (a shell's `cmd &`) keeps it open,
/// so `terminationHandler` can come seconds late. `waitid` with `WNOWAIT` sees the exit
/// itself and leaves the zombie for Foundation to reap, so the two never race for it.
enum ChildExit {
    /// Whether ``waitWithoutReaping(_:)`` can watch a child here. musl's `siginfo_t` names
    /// the child's status through C macros Swift cannot import, so with musl the exit is
    /// learnt from `Process`'s termination handler alone.
    static var isAvailable: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        true
        #elseif canImport(Musl)
        false
        #endif
    }

    /// Blocks until child `pid` exits, and returns its exit status — or the signal that
    /// ended it, with `bySignal` — leaving it for its owner to reap; `nil` when it cannot
    /// be watched (not a child, or not ``isAvailable``).
    static func waitWithoutReaping(_ pid: Int32) -> (status: Int32, bySignal: Bool)? {
        #if canImport(Glibc) || canImport(Darwin)
        var info = siginfo_t()
        var result: Int32
        repeat {
            result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
        } while result == -1 && errno == EINTR
        guard result == 0 else { return nil }
        return (childStatus(info), info.si_code != CLD_EXITED)
        #elseif canImport(Musl)
        return nil
        #endif
    }

    #if canImport(Darwin)
    private static func childStatus(_ info: siginfo_t) -> Int32 { info.si_status }
    #elseif canImport(Glibc)
    private static func childStatus(_ info: siginfo_t) -> Int32 { info._sifields._sigchld.si_status }
    #elseif canImport(Musl)
    // musl: no child status in `siginfo_t` that Swift can import (see `isAvailable`).
    #endif
}
#endif
#endif
