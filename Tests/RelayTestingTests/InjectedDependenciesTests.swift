import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Testing

/// `InjectedDependencies`: overrides read where an app is built and re-entered where work
/// arrives — on a `DispatchQueue`, a `Thread`, a detached task — which do not inherit the
/// task-local value.
@Suite("InjectedDependencies: overrides taken to code that does not inherit them")
struct InjectedDependenciesTests {
    init() { registerLiveDefaults() }

    static let stub = "type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub"

    static func greeting() -> String { DependencyContainer.global.resolve(Greeting.self).text }

    /// What `work` returns, run on a global `DispatchQueue`.
    static func onDispatchQueue<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// What `work` returns, run on a new `Thread`.
    static func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    @Test("a DispatchQueue callback sees the stub only through the captured value")
    func dispatchQueueCallback() async throws {
        let (plain, reentered) = try await withInjectedDependencies(Self.stub, index: overrideIndex) { () async throws in
            let injected = InjectedDependencies.current
            #expect(!injected.isEmpty)
            return await Self.onDispatchQueue { (Self.greeting(), injected.run { Self.greeting() }) }
        }
        #expect(plain == "live")
        #expect(reentered == "stub")
    }

    @Test("a detached task and a thread see the stub only through the captured value")
    func detachedTaskAndThread() async throws {
        try await withInjectedDependencies(Self.stub, index: overrideIndex) { () async throws in
            let injected = InjectedDependencies.current
            let plain = await Task.detached { Self.greeting() }.value
            let reentered = await Task.detached { await injected.run { () async in Self.greeting() } }.value
            #expect(plain == "live")
            #expect(reentered == "stub")
            // The async form: the body's child tasks inherit the layer too.
            #expect(await Task.detached {
                await injected.run { () async in
                    await withTaskGroup(of: String.self) { group in
                        group.addTask { Self.greeting() }
                        return await group.next() ?? "none"
                    }
                }
            }.value == "stub")
            #expect(await Self.onThread { Self.greeting() } == "live")
            #expect(await Self.onThread { injected.run { Self.greeting() } } == "stub")
        }
    }

    @Test("tests running at the same moment each see only their own stub through their captured value",
          arguments: 0..<8)
    func parallelTestsAreIsolated(number: Int) async throws {
        let stub = "type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub\(number)"
        let injected = try withInjectedDependencies(stub, index: overrideIndex) { InjectedDependencies.current }
        for _ in 0..<20 {
            #expect(await Self.onDispatchQueue { injected.run { Self.greeting() } } == "stub \(number)")
            let detached = await Task.detached { await injected.run { () async in Self.greeting() } }.value
            #expect(detached == "stub \(number)")
        }
    }

    @Test("outside any override the value is empty and run just runs the body")
    func emptyOutsideOverrides() async throws {
        let injected = InjectedDependencies.current
        #expect(injected.isEmpty)
        #expect(injected.run { Self.greeting() } == "live")
        #expect(await injected.run { () async in Self.greeting() } == "live")
        // Run where overrides are in force, it leaves them in force.
        try await withInjectedDependencies(Self.stub, index: overrideIndex) { () async throws in
            #expect(injected.run { Self.greeting() } == "stub")
            #expect(await injected.run { () async in Self.greeting() } == "stub")
        }
    }

    @Test("where the running code already sees overrides, they stay in force")
    func overridesInForceWin() async throws {
        let outer = try withInjectedDependencies(Self.stub, index: overrideIndex) { InjectedDependencies.current }
        // Another test's overrides (a value kept past its test): the current ones win.
        try await withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub7", index: overrideIndex) { () async throws in
            #expect(outer.run { Self.greeting() } == "stub 7")
            #expect(await outer.run { () async in Self.greeting() } == "stub 7")
        }
        // Overrides stacked inside the captured ones (a request made from the test's task
        // inside a nested withInjectedDependencies): the inner ones win.
        try await outer.run { () async throws in
            try await withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub9", index: overrideIndex) { () async throws in
                #expect(outer.run { Self.greeting() } == "stub 9")
            }
            #expect(Self.greeting() == "stub")
        }
    }

    @Test("singletons made through the value are the layer's, and die with its last copy")
    func singletonsLiveAsLongAsTheValue() async throws {
        var overrides = DependencyOverrides()
        overrides.register(Counter.self) { _ in CounterImpl() }
        weak var made: CounterImpl?
        var injected: InjectedDependencies? = try withInjectedDependencies(overrides) {
            made = DependencyContainer.global.resolve(Counter.self) as? CounterImpl
            return InjectedDependencies.current
        }
        // The call has returned; the value keeps the layer, so its singleton is the same.
        let captured = try #require(injected)
        // (Run here, not on a queue: a finished work item may release its copy a moment late.)
        let again = captured.run { ObjectIdentifier(DependencyContainer.global.resolve(Counter.self)) }
        #expect(made != nil)
        #expect(made.map(ObjectIdentifier.init) == again)
        let outside = await Self.onDispatchQueue { (try? DependencyContainer.global.tryResolve(Counter.self)) != nil }
        #expect(!outside, "the override must not be seen outside the value")
        injected = nil
        _ = consume captured
        #expect(made == nil, "the layer's singleton outlived the last copy of the value")
    }

    struct Failure: Error, Equatable {}

    @Test("run rethrows what the body throws, sync and async")
    func runRethrows() async throws {
        let injected = try withInjectedDependencies(Self.stub, index: overrideIndex) { InjectedDependencies.current }
        #expect(throws: Failure()) { try injected.run { throw Failure() } }
        await #expect(throws: Failure()) { try await injected.run { () async throws in throw Failure() } }
        let empty = InjectedDependencies.current
        #expect(throws: Failure()) { try empty.run { throw Failure() } }
    }
}
