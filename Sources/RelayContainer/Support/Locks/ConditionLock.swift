// Layer: Support — locks, near-match suggestions, shell quoting, byte searches. Uses nothing of Relay's;
// every other layer may use it. See docs/architecture.md, "Layers".

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex with a condition variable, over `pthread_mutex_t` and `pthread_cond_t`.
///
/// `@unchecked Sendable` is safe: both primitives are allocated once on the heap (so they
/// never move, as POSIX requires), initialised in `init`, destroyed in `deinit`, and are
/// only ever touched through the pthread functions, which are thread-safe by contract.
package final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        precondition(pthread_cond_init(condition, nil) == 0, "pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for ``broadcast()``. Call with the lock held; returns with it held.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for ``broadcast()`` until `ready` holds (it is checked first). Call with the
    /// lock held; returns with it held.
    package func wait(until ready: () -> Bool) {
        while !ready() { wait() }
    }

    /// Wakes every waiter. Call with the lock held.
    package func broadcast() { pthread_cond_broadcast(condition) }

    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
