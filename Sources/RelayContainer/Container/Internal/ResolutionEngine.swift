// The sealed engine (Container/Internal). The only code that touches the lock, the
// registration tables, Registration and SingletonCell. Callers describe what to register
// as RegistrationRequest values and use the entry points in ResolutionEngine+EntryPoints.swift.

internal import CRelayAtomics
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

    /// How many override layers (`withInjectedDependencies`) are alive anywhere — running,
    /// or kept by a task that inherited one (see ``OverrideLayer``). While zero, resolving
    /// skips the task-local look-up. Static, like ``generation``: there is one engine, and
    /// the fast path reads it without going through `shared`.
    static var activeOverrides: AtomicWord<Int> { AtomicWord(crelay_active_overrides_word()) }

    /// 0 until the first registration that can leave work for the end of an outermost
    /// resolve — a `graph` lifecycle or a completion hook — is made, then 1 for good.
    /// While 0, a transient served from a thread's cache as an outermost resolve returns
    /// its factory's result straight to the caller; after, it goes out of line to finish
    /// the resolve's work (``DependencyContainer/runCachedTransient(_:thread:)``). Set
    /// (relaxed) before the registration is stored and the generation is bumped
    /// (releasing), so a resolve that sees the new generation sees the flag.
    static var outermostWorkPossible: AtomicWord<UInt> { AtomicWord(crelay_outermost_work_possible_word()) }

    /// 0 until the first registration with the ``LifecycleType/unitOfWork`` lifecycle is
    /// made, then 1 for good. While 0, a resolve that misses the per-thread cache skips the
    /// task-local look-up of the current unit of work. Set (relaxed) before the
    /// registration is stored and the generation is bumped (releasing), like
    /// ``outermostWorkPossible``.
    static var unitOfWorkPossible: AtomicWord<UInt> { AtomicWord(crelay_unit_of_work_possible_word()) }

    /// Bumped after every change to any registration table; per-thread caches filled
    /// under an older value are dropped before use. Starts at 1. Static (a C word with
    /// static storage, initialised before any code runs; see ``AtomicWord``) rather than
    /// an instance property, so that the resolve fast path reads it without going
    /// through `shared`'s lazy initialisation.
    static var generation: AtomicWord<UInt> { AtomicWord(crelay_resolution_generation_word()) }

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
