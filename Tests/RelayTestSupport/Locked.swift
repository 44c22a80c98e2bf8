import Foundation

/// A value behind an `NSLock`, for state shared with threads in tests.
///
/// Not `Synchronization.Mutex`: on Linux it is a raw futex lock the thread sanitizer
/// cannot see, so correctly locked test state would be reported as racing. `NSLock` is a
/// pthread mutex, which the sanitizer understands.
///
/// `@unchecked Sendable` is safe: `value` is only touched inside `withLock`, under the lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
