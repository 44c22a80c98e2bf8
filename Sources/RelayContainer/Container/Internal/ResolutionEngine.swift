// The sealed engine (Container/Internal). The only code that touches the lock, the
// registration tables, Registration and SingletonCell. Callers describe what to register
// as RegistrationRequest values and use the entry points in ResolutionEngine+EntryPoints.swift,
// which take the lock through read(_:) and change(_:).

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Process-wide state shared by every container.
///
/// One lock guards every registration table, every singleton cell and the wait-for map.
/// It is held only for table look-ups and state changes, never while a factory runs, so
/// a slow factory delays nobody but the threads that need its result.
///
/// `@unchecked Sendable` is safe: the `var` properties are only touched with `lock` held,
/// and the other stored properties are immutable. (The atomics are static
/// ``AtomicWord``s, not stored here; every access to them is atomic.)
package final class ResolutionEngine: @unchecked Sendable {
    package static let shared = ResolutionEngine()

    /// Taken through ``read(_:)`` and ``change(_:)`` only; a thread waiting for a singleton
    /// another builds waits on it (``DependencyContainer/claim(_:for:thread:)``).
    let lock = ConditionLock()
    /// Owns each thread's ``ResolutionThread`` state and frees it when the thread exits; the
    /// resolve path finds the state through a thread-local pointer (``ResolutionThread/current()``).
    let threadKey: pthread_key_t

    // Guarded by `lock`.
    var scopedContainers: [DependencyContainerScope: DependencyContainer] = [:]
    /// Thread (``ResolutionThread/id``) → the singleton it is waiting for.
    var waiting: [ResolutionThread.ID: SingletonCell] = [:]

    private init() {
        threadKey = ThreadKey.create()
    }

    /// Runs `body` with the lock held, for what no thread's resolve cache can see: reads
    /// (a resolve's plan, ``DependencyContainer/plan(_:tag:argument:overrides:thread:generation:registration:)``),
    /// singleton cells settling, recording a new scope's container, emptying a detached
    /// world (``DetachedWorld``).
    @discardableResult
    func read<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Every change to the registration tables, or to the instances they keep: runs `body`
    /// with the lock held, bumps the generation (every thread's resolve cache filled before
    /// is dropped before its next use), releases the lock. What `body` removed, it returns:
    /// that leaves the lock in the result and is released by the caller, unlocked — a
    /// registration's singleton `deinit` is user code that may resolve.
    ///
    /// Only code holding the lock writes the generation, so the bump is a plain load and a
    /// releasing store (no atomic read-modify-write), ordered with every other writer's by
    /// the lock; readers load it with acquiring ordering.
    @discardableResult
    func change<Result>(_ body: () -> Result) -> Result {
        lock.withLock {
            defer { Self.generation.store(Self.generation.load(ordering: .relaxed) &+ 1, ordering: .releasing) }
            return body()
        }
    }

    /// Every non-detached container: global first, then scopes by name. Call with `lock` held.
    var allContainers: [DependencyContainer] {
        ([DependencyContainer.global] + scopedContainers.values).sortedStably { DependencyContainerScope.printOrder($0.scope, $1.scope) }
    }
}
