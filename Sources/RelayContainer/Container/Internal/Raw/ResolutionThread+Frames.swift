// Safe readings of a thread's resolution state for the engine's plain files: how deep
// the stack is, which registrations run on it, the synchronous-layer count, pending
// completion hooks. Each reads the state through the thread's pointer, which only its own
// thread uses (ResolutionThread), so each is safe to call on the thread that got the
// handle from ResolutionThread.current().

extension ResolutionThread {
    /// How many factories are running on this thread.
    var depth: Int { state.pointee.depth }

    /// The registrations whose factories are running on this thread, from stack index
    /// `start` to the innermost.
    func runningRegistrations(from start: Int) -> [Registration] {
        (start..<state.pointee.depth).map { state.pointee.frames[$0].registration.takeUnretainedValue() }
    }

    /// How many synchronous `withInjectedDependencies` calls are running on this thread
    /// (``State/synchronousLayers``).
    var synchronousLayers: Int {
        get { state.pointee.synchronousLayers }
        nonmutating set { state.pointee.synchronousLayers = newValue }
    }

    /// Whether completion hooks wait for the end of the outermost resolve.
    var hasPendingCompletions: Bool { !state.pointee.pendingCompletions.isEmpty }

    /// The stack index of the registration that would keep what the factory on top of
    /// this thread's stack resolves now: the nearest frame, looking outwards through
    /// transient and `graph` frames (their instances belong to whoever resolved them),
    /// that is a singleton, weakSingleton or eagerSingleton. `nil` when a unitOfWork
    /// frame comes first (it lives as long as the unit) or there is none.
    func outlivingFrame() -> Int? {
        var index = state.pointee.depth - 1
        while index >= 0 {
            switch state.pointee.frames[index].registration._withUnsafeGuaranteedRef({ $0.lifecycle }) {
            case .transient, .graph: index -= 1
            case .singleton, .weakSingleton, .eagerSingleton: return index
            case .unitOfWork: return nil
            }
        }
        return nil
    }

    /// Whether a resolve of a unitOfWork type here must skip the per-thread cache so that
    /// it reaches ``DependencyContainer/checkCaptive(_:thread:)``: in debug builds, when a
    /// registration that outlives the unit is being built; never in release builds.
    @inline(__always)
    var mayCaptureUnitOfWork: Bool {
        #if DEBUG
        state.pointee.depth != 0 && outlivingFrame() != nil
        #else
        false
        #endif
    }
}

