#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation

/// Lets an async caller wait, with a deadline, for a child process to exit.
///
/// `open()` is called from `Process.terminationHandler` (on a thread of Foundation's); one
/// ``wait(timeout:)`` at a time waits for it without blocking a thread of the concurrency
/// pool.
///
/// Not `Synchronization.Mutex`: on Linux it is a raw futex lock the thread sanitizer
/// cannot see (see docs/architecture.md). `NSLock` is a pthread mutex, which it understands.
///
/// `@unchecked Sendable` is safe: the only mutable state, `state` and `generation`, is read
/// and written only between `lock.lock()` and `lock.unlock()`, and every continuation is
/// resumed exactly once — it leaves `state` under the lock before it is resumed, outside it.
final class ExitLatch: @unchecked Sendable {
    private enum State {
        /// The process runs; nobody waits.
        case running
        /// The process runs; a `wait` with this generation number waits.
        case waiting(CheckedContinuation<Bool, Never>, generation: Int)
        /// The process has exited.
        case exited
    }

    private let lock = NSLock()
    private var state = State.running
    private var generation = 0

    /// Records that the process exited and wakes the waiter, if any, with `true`.
    func open() {
        lock.lock()
        let waiter: CheckedContinuation<Bool, Never>?
        if case let .waiting(continuation, _) = state { waiter = continuation } else { waiter = nil }
        state = .exited
        lock.unlock()
        waiter?.resume(returning: true)
    }

    /// Waits until the process exits (`true`), `timeout` seconds pass, or the task is
    /// cancelled (`false`). Returns at once if it has already exited.
    func wait(timeout: TimeInterval) async -> Bool {
        let nanoseconds = Self.nanoseconds(timeout)
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await register(cancellable: true) { generation in
                timer = Task { [self] in
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    expire(generation: generation)
                }
            }
        } onCancel: {
            expire(generation: nil)
        }
    }

    /// `seconds` as whole nanoseconds for `Task.sleep(nanoseconds:)` (the sleep the package's
    /// floor has; `Task.sleep(for:)` needs macOS 13): zero for zero, less or NaN, the
    /// largest value for anything too long to count.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds < Double(UInt64.max) ? UInt64(nanoseconds) : .max
    }

    /// Waits until the process exits, however long it takes, even if the task is cancelled.
    func waitForExit() async {
        _ = await register(cancellable: false) { _ in }
    }

    /// Suspends until ``open()`` or ``expire(generation:)`` resumes the caller; calls
    /// `started` with the wait's generation number once it is registered.
    private func register(cancellable: Bool, started: (Int) -> Void) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            lock.lock()
            switch state {
            case .exited:
                lock.unlock()
                continuation.resume(returning: true)
            case .waiting:
                lock.unlock()
                preconditionFailure("ExitLatch supports one waiter at a time")
            case .running:
                if cancellable && Task.isCancelled {
                    lock.unlock()
                    continuation.resume(returning: false)
                    return
                }
                generation += 1
                let current = generation
                state = .waiting(continuation, generation: current)
                lock.unlock()
                started(current)
            }
        }
    }

    /// Wakes the waiter with `false` if it is still waiting (and, when `generation` is
    /// given, if it is that wait). A ``waitForExit()`` never starts a timer, and is not
    /// woken by cancellation: it never runs inside a cancellation handler.
    private func expire(generation expected: Int?) {
        lock.lock()
        var waiter: CheckedContinuation<Bool, Never>?
        if case let .waiting(continuation, generation) = state, expected == nil || expected == generation {
            waiter = continuation
            state = .running
        }
        lock.unlock()
        waiter?.resume(returning: false)
    }
}
#endif
#endif
