import Foundation
import Testing
import RelayTestSupport

/// Runs `body` on `count` new threads at once (all released together) and waits for them.
///
/// Never hangs the suite: when the threads have not all returned after `limit` seconds
/// (a deadlock), it records an issue at the caller and returns, leaving them blocked.
func runOnThreads(_ count: Int, limit: Double = 300, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable (Int) -> Void) {
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
    if group.wait(timeout: .now() + limit) == .timedOut {
        Issue.record("\(count) threads did not all return within \(Int(limit)) s: a deadlock?", sourceLocation: sourceLocation)
    }
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
