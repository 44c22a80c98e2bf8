/// What a debug build writes the first time code resolves, outside every override layer,
/// a type that a live layer stubs: a test's layer is alive, but this resolve — typically a
/// server's request on an event-loop thread, a `DispatchQueue` callback or a
/// `Task.detached`, none of which inherit the task-local layer — gets the live
/// registration instead of the stub. Once per process: where another test resolves the
/// live type on purpose, it is noise, but one line. Release builds do none of it.
package enum LayerFallThroughWarning {
    private struct State {
        /// For each type stubbed by a live layer: how many live layers stub it.
        var stubbed: [DependencyKey: Int] = [:]
        /// Once it went to standard error, new layers stop sending threads down the slow path.
        var warned = false
    }

    private static let state = LockedState(State())

    /// A layer stubbing `types` was made. Until the warning has been printed, it bumps the
    /// engine's generation, so that every thread's next resolve takes the slow path, which
    /// checks — a type a thread had cached before the layer existed is caught too.
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

    /// `key` is being resolved outside every layer: warns, once per process, when a live
    /// layer stubs it. Takes only its own lock and the warning's.
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
