// The engine's process-wide atomic words. Raw: each is a C word with static storage
// (CRelayAtomics), reached through a pointer; AtomicWord gives them a safe face.

internal import CRelayAtomics

extension ResolutionEngine {
    /// How many override layers (`withInjectedDependencies`) are alive anywhere — running,
    /// or kept by a task that inherited one (see ``OverrideLayer``). While zero, resolving
    /// skips the task-local look-up. Static, like ``generation``: there is one engine, and
    /// the fast path reads it without going through `shared`.
    static var activeOverrides: AtomicWord<Int> { AtomicWord(crelay_active_overrides_word()) }

    /// How many override layers and units of work were ever made: the last one's
    /// ``OverrideLayer/id`` or ``UnitOfWork/id`` (one counter, so the two never share an
    /// identifier in the per-thread layer cache). Relaxed: only the increment's atomicity
    /// matters, which makes every identifier unique.
    static var layersMade: AtomicWord<UInt> { AtomicWord(crelay_layers_made_word()) }

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
}
