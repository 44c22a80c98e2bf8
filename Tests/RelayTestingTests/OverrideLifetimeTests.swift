import RelayTestSupport
import Dispatch
import Foundation
import Relay
import Testing

/// Which code sees an override layer, and for how long — the rule does not depend on what
/// else is running — and the per-thread cache of singletons resolved inside a layer.
@Suite("Override layers: who sees them, and for how long")
struct OverrideLifetimeTests {
    init() { registerLiveDefaults() }

    /// Opens once; every `wait()` before or after that returns then.
    final class Gate: Sendable {
        private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func open() {
            let waiters = state.withLock { state in
                state.isOpen = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    if !state.isOpen { state.waiters.append(continuation) }
                    return state.isOpen
                }
                if isOpen { continuation.resume() }
            }
        }
    }

    @Test("a task created inside an override and run after it returned still sees it, whatever else is running",
          arguments: [false, true])
    func escapedTaskKeepsItsLayer(anotherOverrideRunning: Bool) async throws {
        let gate = Gate()
        // A synchronous call that returns before the task it creates has resolved anything.
        let task = try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
            Task {
                await gate.wait()
                return (DependencyContainer.global.resolve(Greeting.self).text, DependencyContainer.global.resolve(GreetingCache.self).greeting)
            }
        }
        if anotherOverrideRunning {
            // Another layer, for the same type, alive on this task while the escaped one runs.
            try await withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub7", index: overrideIndex) {
                gate.open()
                let (greeting, cached) = await task.value
                #expect(greeting == "stub")
                #expect(cached == "stub")
                #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub 7")
            }
        } else {
            gate.open()
            let (greeting, cached) = await task.value
            #expect(greeting == "stub")
            #expect(cached == "stub")
        }
        #expect(DependencyContainer.global.resolve(Greeting.self).text == "live")
    }

    @Test("a detached task does not inherit the layer")
    func detachedTaskDoesNotSeeTheLayer() async throws {
        let task = try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
            Task.detached { DependencyContainer.global.resolve(Greeting.self).text }
        }
        #expect(await task.value == "live")
    }

    @Test("repeated resolves inside a layer give the layer's singleton, and each layer has its own")
    func layerSingletonsAreCachedPerLayer() throws {
        var overrides = DependencyOverrides()
        overrides.register(Counter.self) { _ in CounterImpl() }
        let outside = DependencyContainer.global.resolve(GreetingCache.self)
        var kept: [GreetingCache] = []
        for _ in 0..<3 {
            try withInjectedDependencies(overrides) {
                let first = DependencyContainer.global.resolve(GreetingCache.self)
                for _ in 0..<100 { #expect(DependencyContainer.global.resolve(GreetingCache.self) === first) }
                #expect(first !== outside)
                #expect(first.greeting == "live")
                #expect(kept.allSatisfy { $0 !== first }, "a later layer reused an earlier layer's singleton")
                kept.append(first)
                try withInjectedDependencies(overrides) {
                    let inner = DependencyContainer.global.resolve(GreetingCache.self)
                    #expect(inner !== first, "the inner layer keeps its own singletons")
                    #expect(DependencyContainer.global.resolve(GreetingCache.self) === inner)
                }
                #expect(DependencyContainer.global.resolve(GreetingCache.self) === first)
            }
        }
        // (Not `=== outside`: other suites re-register GreetingCache while this runs.)
        #expect(DependencyContainer.global.resolve(GreetingCache.self).greeting == "live")
    }

    @Test("registering inside a layer is seen by the next resolve there")
    func registrationChangesReachLayerResolves() throws {
        let scope = DependencyContainerScope("overrides.lifetime.reregister")
        let container = DependencyContainer.container(for: scope)
        container.register(Greeting.self) { _ in StubGreeting(text: "first") }
        var overrides = DependencyOverrides()
        overrides.register(Counter.self) { _ in CounterImpl() }
        try withInjectedDependencies(overrides) {
            #expect(container.resolve(Greeting.self).text == "first")
            #expect(container.resolve(Greeting.self).text == "first")
            container.register(Greeting.self) { _ in StubGreeting(text: "second") }
            #expect(container.resolve(Greeting.self).text == "second")
        }
        container.reset()
    }

    @Test("on a thread that runs no task, a synchronous override is seen, and only there")
    func plainThreadsSeeOnlyTheirOwnSynchronousOverride() async {
        let seen = Locked<[String]>([])
        let escaped = Locked<Task<String, Never>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
                    seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
                    seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
                    let inner = DispatchSemaphore(value: 0)
                    Thread {
                        seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
                        inner.signal()
                    }.start()
                    inner.wait()
                    // Nested on the same thread: the inner layer wins, the outer comes back.
                    try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub7", index: overrideIndex) {
                        seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
                    }
                    seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
                    // A task created here inherits the layer, and keeps it after the call returned.
                    escaped.withLock { $0 = Task { DependencyContainer.global.resolve(Greeting.self).text } }
                }
            } catch {
                seen.withLock { $0.append("error: \(error)") }
            }
            seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) }
            done.signal()
        }.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
        #expect(seen.withLock { $0 } == ["stub", "stub", "live", "stub 7", "stub", "live"])
        #expect(await escaped.withLock { $0 }?.value == "stub")
    }

    /// Resolves `Greeting` when it dies, and records what it got.
    final class ResolvesWhenReleased: Sendable {
        let seen: Locked<[String]>
        init(seen: Locked<[String]>) { self.seen = seen }
        deinit { seen.withLock { $0.append(DependencyContainer.global.resolve(Greeting.self).text) } }
    }

    @Test("a singleton made in an inner override and resolving in its deinit sees the enclosing override, on a plain thread")
    func singletonDeinitSeesTheEnclosingLayer() {
        let seen = Locked<[String]>([])
        var overrides = DependencyOverrides()
        overrides.register(ResolvesWhenReleased.self) { _ in ResolvesWhenReleased(seen: seen) }
        let inner = overrides
        let done = DispatchSemaphore(value: 0)
        Thread {
            do {
                try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
                    try withInjectedDependencies(inner) {
                        _ = DependencyContainer.global.resolve(ResolvesWhenReleased.self)
                    }
                    // The inner layer, and its singleton, are gone by now.
                    seen.withLock { $0.append("after inner: " + DependencyContainer.global.resolve(Greeting.self).text) }
                }
            } catch {
                seen.withLock { $0.append("error: \(error)") }
            }
            done.signal()
        }.start()
        done.wait()
        #expect(seen.withLock { $0 } == ["stub", "after inner: stub"])
    }
}
