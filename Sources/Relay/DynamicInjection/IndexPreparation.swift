/// Runs an index's `prepare` closure exactly once, the first time the index is read.
///
/// - The first reader runs it; readers on other threads meanwhile wait for it to finish,
///   so nobody ever checks an instruction against a half-filled index.
/// - A read from inside `prepare` itself (on the thread, or in a task, that runs it)
///   returns at once and sees what has been added so far, instead of deadlocking.
/// - When `prepare` throws, the error's description is kept and returned to every later
///   reader; `prepare` does not run again.
///
/// `@unchecked Sendable` is safe: the only mutable state, `phase`, is read and written
/// only between `lock.lock()` and `lock.unlock()`; the closure it holds is `@Sendable`
/// and is called outside the lock, by the one thread that moved `phase` to `.running`.
final class IndexPreparation: @unchecked Sendable {
    typealias Prepare = @Sendable (DynamicDependencyIndex) throws -> Void

    private enum Phase {
        case pending(Prepare)
        case running
        case finished(failure: String?)
    }

    /// The preparations running in this task or on this thread, innermost last.
    @TaskLocal private static var running: [ObjectIdentifier] = []

    private let lock = ConditionLock()
    private var phase: Phase

    init(_ prepare: @escaping Prepare) {
        phase = .pending(prepare)
    }

    /// Makes sure `prepare` has run for `index`, running it on this thread if nobody has.
    ///
    /// - Returns: The description of the error `prepare` threw, or `nil` when it
    ///   succeeded (or is running in this very task).
    func ensurePrepared(_ index: DynamicDependencyIndex) -> String? {
        let id = ObjectIdentifier(self)
        if Self.running.contains(id) { return nil }
        lock.lock()
        while true {
            switch phase {
            case .finished(let failure):
                lock.unlock()
                return failure
            case .running:
                lock.wait()
            case .pending(let prepare):
                phase = .running
                lock.unlock()
                var failure: String?
                do {
                    try Self.$running.withValue(Self.running + [id]) { try prepare(index) }
                } catch {
                    failure = "\(error)"
                }
                lock.withLock {
                    phase = .finished(failure: failure)
                    lock.broadcast()
                }
                return failure
            }
        }
    }
}
