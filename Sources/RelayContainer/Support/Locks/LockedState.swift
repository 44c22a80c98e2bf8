/// A value guarded by a `pthread_mutex_t` (``ConditionLock``).
///
/// Relay uses this rather than `Synchronization.Mutex` because on Linux `Mutex` is a raw
/// futex lock that the thread sanitizer cannot see: code that is correctly locked would
/// produce false race reports in our users' sanitizer runs. pthread locks are understood
/// by every sanitizer on every platform.
///
/// `@unchecked Sendable` is safe: `value` is only read or written inside `withLock`, with
/// the mutex held.
package final class LockedState<Value: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
