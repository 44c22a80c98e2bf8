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

/// The process group a launched program leads, so that stopping the program stops what it
/// started too.
///
/// Foundation's `Process` starts every program in a new process group whose ID is the
/// program's process ID (`POSIX_SPAWN_SETPGROUP`, on Linux as on Apple platforms). Its
/// children and grandchildren stay in that group unless they leave it: a daemon that calls
/// `setsid()` or `setpgid()` is not reached by a signal to the group.
///
/// A group exists as long as one of its processes does, even after the program itself has
/// exited and been reaped, and its ID cannot be given to another process meanwhile; once
/// the group is empty, signalling it fails with `ESRCH` and ``signal(_:leaderRunning:)`` stops trying.
struct ProcessGroup: Sendable {
    /// The program's process ID, which is also the group's ID when ``isOwnGroup``.
    let leader: Int32
    /// Whether the program leads a group of its own (it always does with Foundation's
    /// `Process`; this is checked rather than assumed).
    let isOwnGroup: Bool

    /// The group of `leader`, just spawned.
    init(leader: Int32) {
        self.leader = leader
        let group = getpgid(leader)
        // `ESRCH`: the program already exited and was reaped; the group may well live on.
        isOwnGroup = group == leader || (group == -1 && errno == ESRCH)
    }

    /// Sends `signal` to every process of the group — or, were the program not a group
    /// leader, to the program alone while `leaderRunning`. Returns `false` when there was
    /// no process left to signal.
    @discardableResult
    func signal(_ signal: Int32, leaderRunning: Bool) -> Bool {
        if isOwnGroup { return kill(-leader, signal) == 0 || errno != ESRCH }
        return leaderRunning && kill(leader, signal) == 0
    }
}
#endif
#endif
