/// A value guarded by a `pthread_mutex_t` (``ConditionLock``).
///
/// Relay uses this rather than `Synchronization.Mutex` because on Linux `Mutex` is a raw
/// futex lock that the thread sanitizer cannot see: code that is correctly locked would
/// produce false race reports in our users' sanitizer runs. pthread locks are understood
/// by every sanitizer on every platform.
///
/// `Value` must not be a function type — nor an optional function or a tuple holding one.
/// `withLock` hands the value to its closure as a generic `inout`, and a function passed
/// that way is re-wrapped in reabstraction thunks and written back: every
/// `withLock { $0 }` would lengthen the chain a call walks, until calling it overflows the
/// stack. Hold the function in a struct or a final class instead (`Scripts/check-layers.sh`
/// rejects the shape).
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
