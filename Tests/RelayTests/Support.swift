import Foundation

/// Runs `body` on `count` new threads at once (all released together) and waits for them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    group.wait()
}

/// A gate that, once opened, stays open for every later waiter.
final class Latch: Sendable {
    private let group = DispatchGroup()
    private let opened = Locked(false)

    init() { group.enter() }

    func open() {
        let first = opened.withLock { state -> Bool in
            defer { state = true }
            return !state
        }
        if first { group.leave() }
    }

    func wait() { group.wait() }
}

/// A value behind an `NSLock`, for state shared with threads in tests.
///
/// Not `Synchronization.Mutex`: on Linux it is a raw futex lock the thread sanitizer
/// cannot see, so correctly locked test state would be reported as racing. `NSLock` is a
/// pthread mutex, which the sanitizer understands.
///
/// `@unchecked Sendable` is safe: `value` is only touched inside `withLock`, under the lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
