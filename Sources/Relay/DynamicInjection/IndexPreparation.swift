/// Runs an index's `prepare` closure exactly once, the first time the index is read.
///
/// - The first reader runs it; readers on other threads meanwhile wait for it to finish,
///   so nobody ever checks an instruction against a half-filled index. The wait ends when
///   `prepare` returns — so `prepare` must not wait for a thread that reads the index
///   (docs/architecture.md, "Locking").
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
    /// Where the index was made (`MyApp/AppIndex.swift:7`), to name it in messages.
    let origin: String

    init(_ prepare: @escaping Prepare, origin: String) {
        phase = .pending(prepare)
        self.origin = origin
        UnfilledIndexes.add(self)
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
                UnfilledIndexes.remove(self)
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

/// The indexes that fill themselves and whose `prepare` closure has not started yet, so
/// that a resolve that finds no registration can say so: the registration it looked for
/// may be one that closure makes (the app or test never called `inject()` or
/// `prepare()`). Installed into the containers as ``MissingRegistrationHint/provider``
/// when the first such index is made; the containers know nothing of indexes.
///
/// Entries are weak: an index that goes away unfilled (a test's local index) leaves the
/// list.
enum UnfilledIndexes {
    private struct Entry: Sendable {
        weak var preparation: IndexPreparation?
    }

    private static let entries = LockedState<[Entry]>([])

    /// Installs ``hint()`` as the containers' provider, once.
    private static let installed: Void = MissingRegistrationHint.provider.withLock { provider in
        provider = MissingRegistrationHint.Provider { UnfilledIndexes.hint() }
    }

    static func add(_ preparation: IndexPreparation) {
        _ = installed
        entries.withLock { entries in
            entries.removeAll { $0.preparation == nil }
            entries.append(Entry(preparation: preparation))
        }
    }

    static func remove(_ preparation: IndexPreparation) {
        entries.withLock { entries in
            entries.removeAll { $0.preparation == nil || $0.preparation === preparation }
        }
    }

    /// The note and fix for the indexes not filled yet; `nil` when every one is.
    static func hint() -> MissingRegistrationHint? {
        let origins = entries.withLock { $0.compactMap { $0.preparation?.origin } }
        return hint(forIndexesMadeAt: origins)
    }

    /// The note and fix naming the unfilled indexes made at `origins`; `nil` when there are none:
    ///
    /// ```text
    /// note: the DynamicDependencyIndex made at MyApp/AppIndex.swift:7 fills itself but has not been filled yet, so the registrations in its prepare closure have not run
    /// fix: fill the index first — at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; in a test without an .injecting trait, call try prepare() on the index first; otherwise register it before resolving, e.g. …
    /// ```
    static func hint(forIndexesMadeAt origins: [String]) -> MissingRegistrationHint? {
        let origins = origins.sortedStably { NearMatch.naturalOrder($0, $1) }
        guard let first = origins.first else { return nil }
        let note: String
        let fix: String
        if origins.count == 1 {
            note = "the DynamicDependencyIndex made at \(first) fills itself but has not been filled yet, so the registrations in its prepare closure have not run"
            fix = "fill the index first"
        } else {
            let list = origins.dropLast().joined(separator: ", ") + " and " + origins[origins.count - 1]
            note = "the DynamicDependencyIndexes made at \(list) fill themselves but have not been filled yet, so the registrations in their prepare closures have not run"
            fix = "fill the app's index first"
        }
        return MissingRegistrationHint(
            note: note,
            fix: fix + " — at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything; "
                + "in a test without an .injecting trait, call try prepare() on the index first"
        )
    }
}
