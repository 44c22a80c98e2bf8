// The sealed engine (Container/Internal). The only code that touches the lock, the
// registration tables, Registration and SingletonCell. Callers describe what to register
// as RegistrationRequest values and use the entry points in ResolutionEngine+EntryPoints.swift.

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

    let lock = ConditionLock()
    /// Where each thread's ``ResolutionThread`` lives; also published in
    /// ``ResolutionThread/publishedKey`` for the resolve fast path.
    let threadKey: pthread_key_t

    // Guarded by `lock`.
    var scopedContainers: [DependencyContainerScope: DependencyContainer] = [:]
    /// Thread (``ResolutionThread/id``) → the singleton it is waiting for.
    var waiting: [ResolutionThread.ID: SingletonCell] = [:]
    /// How many override layers and units of work were ever made: the last one's
    /// ``OverrideLayer/id`` or ``UnitOfWork/id`` (one counter, so the two never share an
    /// identifier in the per-thread layer cache).
    var layersMade: UInt = 0

    private init() {
        threadKey = ThreadKey.create()
        ResolutionThread.publishedKey.store(UInt(threadKey), ordering: .releasing)
    }

    /// Call with `lock` held after changing a registration table.
    ///
    /// Only code holding `lock` writes the generation, so the bump needs no atomic
    /// read-modify-write (a locked instruction on x86, a loop on ARM): a plain load and a
    /// releasing store, which the lock orders with every other writer's. Readers load it
    /// with acquiring ordering.
    func tablesChanged() {
        let next = Self.generation.load(ordering: .relaxed) &+ 1
        Self.generation.store(next, ordering: .releasing)
    }

    /// Every non-detached container: global first, then scopes by name. Call with `lock` held.
    var allContainers: [DependencyContainer] {
        ([DependencyContainer.global] + scopedContainers.values).sortedStably { DependencyContainerScope.printOrder($0.scope, $1.scope) }
    }
}
