// A resolve that misses a test's override layer: in a debug build, a resolve outside every
// layer of a type that a live layer stubs warns once on standard error. Layers report the
// types they stub when made and when gone (OverrideLayer.swift), and a new layer sends
// every thread's next resolve past its per-thread tables to the lock, where it asks
// (`resolvePlanned`, Raw/DependencyContainer+Resolution.swift). Release builds do none of it.

/// The line a debug build writes to standard error the first time code resolves, outside
/// every override layer, a type that a live layer stubs: a test's `withInjectedDependencies`
/// (or `.injecting(…)`) layer is alive, but this resolve — typically a server's request on
/// an event-loop thread, a `DispatchQueue` callback or a `Task.detached`, none of which
/// inherit the test's task-local layer — gets the live registration instead of the stub.
/// A live client that was never started can then make the request wait forever.
///
/// Once per process: in a test process where another test resolves the live type on
/// purpose at the same moment, the line is noise, but at most one line.
package enum LayerFallThroughWarning {
    private struct State {
        /// For each type stubbed by a live layer: how many live layers stub it.
        var stubbed: [DependencyKey: Int] = [:]
        /// Whether the warning went to standard error: then new layers stop sending
        /// threads down the slow path.
        var warned = false
    }

    private static let state = LockedState(State())

    /// A layer stubbing `types` was made (and counted in
    /// ``ResolutionEngine/activeOverrides``). Until the warning has been printed, it then
    /// bumps the engine's generation, as a change to a registration table does: every
    /// thread's next resolve misses its per-thread cache once and takes the slow path,
    /// which checks — so a type a thread had cached before the layer existed (a server's
    /// event-loop thread that served a request already) is caught too. After the warning,
    /// nothing: it is printed once per process.
    static func layerMade(stubbing types: Set<DependencyKey>) {
        let watching = state.withLock { state in
            for type in types { state.stubbed[type, default: 0] += 1 }
            return !state.warned && !types.isEmpty
        }
        guard watching else { return }
        ResolutionEngine.shared.change {}
    }

    /// A layer stubbing `types` is gone.
    static func layerGone(stubbing types: Set<DependencyKey>) {
        state.withLock { state in
            for type in types {
                let count = (state.stubbed[type] ?? 1) - 1
                state.stubbed[type] = count > 0 ? count : nil
            }
        }
    }

    /// `key` is being resolved outside every layer: warns through ``LibraryWarning``, once
    /// per process, when a live layer stubs it. Takes only its own lock and the warning's.
    static func check(_ key: DependencyKey) {
        let toStandardError = LibraryWarning.sink == nil
        let first = state.withLock { state in
            guard !state.warned, state.stubbed[key] != nil else { return false }
            if toStandardError { state.warned = true }
            return true
        }
        guard first else { return }
        LibraryWarning.warn(message(type: key.typeName), once: "layer fall-through")
    }

    /// The warning for a resolve of `type`, ending with a line feed.
    package static func message(type: String) -> String {
        "Relay: warning: \(type) was resolved outside every withInjectedDependencies layer while a live layer stubs it, so this code got the live registration, not the stub. "
            + "Work on threads or tasks that do not inherit the test's layer — a server's requests on event-loop threads, a DispatchQueue callback, Task.detached — must re-enter it: "
            + "read InjectedDependencies.current where the app is built and run each request inside injected.run { … } (an InjectedDependencies middleware; see docs/server-cli-testing.md). "
            + "A live dependency that was never started can make such a request wait forever: give server tests a time limit (@Test(.timeLimit(.minutes(1)))). "
            + "(printed once, in debug builds only)\n"
    }
}
