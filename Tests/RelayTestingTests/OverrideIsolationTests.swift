import RelayTestSupport
import Dispatch
import Foundation
import Relay
import RelayTesting
import Testing

@Suite("In-process overrides")
struct OverrideIsolationTests {
    init() { registerLiveDefaults() }

    @Test("50 parallel test cases each inject their own stub and only ever see it", arguments: 0..<50)
    func parallelIsolation(n: Int) async throws {
        try await withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub\(n)", index: overrideIndex) {
            for _ in 0..<200 {
                #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub \(n)")
                // A singleton of a type that is not overridden is built from this test's stub.
                #expect(DependencyContainer.global.resolve(GreetingCache.self).greeting == "stub \(n)")
                await Task.yield()
            }
            // Child tasks inherit the overrides.
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<4 { group.addTask { DependencyContainer.global.resolve(Greeting.self).text } }
                for try await text in group { #expect(text == "stub \(n)") }
            }
        }
        #expect(DependencyContainer.global.resolve(Greeting.self).text == "live")
    }

    @Test("a singleton created under an override is not visible after it")
    func singletonDoesNotLeak() throws {
        var overrides = DependencyOverrides()
        overrides.register(Counter.self) { _ in CounterImpl() }
        let inside = try withInjectedDependencies(overrides) { () -> ObjectIdentifier in
            let first = DependencyContainer.global.resolve(Counter.self)
            #expect(first === DependencyContainer.global.resolve(Counter.self), "still a singleton inside the override")
            #expect(DependencyContainer.global.resolve(GreetingCache.self).greeting == "live")
            return ObjectIdentifier(first)
        }
        #expect(!DependencyContainer.global.isRegistered(Counter.self))
        #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(Counter.self) }
        let again = try withInjectedDependencies(overrides) { ObjectIdentifier(DependencyContainer.global.resolve(Counter.self)) }
        _ = (inside, again)   // a new override builds its own instance (identities may be reused after release)
    }

    @Test("nested overrides: the inner one wins, the outer one is restored")
    func nesting() throws {
        try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub1", index: overrideIndex) {
            #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub 1")
            try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub2", index: overrideIndex) {
                #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub 2")
            }
            #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub 1")
        }
    }

    @Test("overrides apply in every container scope, before the scope's own registration")
    func everyScope() throws {
        let scope = DependencyContainerScope("overrides.scoped")
        DependencyContainer.container(for: scope).register(Greeting.self) { _ in StubGreeting(text: "scoped default") }
        try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
            #expect(DependencyContainer.container(for: scope).resolve(Greeting.self).text == "stub")
        }
        var scopedOnly = DependencyOverrides()
        scopedOnly.register(Greeting.self, scope: scope) { _ in StubGreeting(text: "scoped override") }
        try withInjectedDependencies(scopedOnly) {
            #expect(DependencyContainer.container(for: scope).resolve(Greeting.self).text == "scoped override")
            #expect(DependencyContainer.global.resolve(Greeting.self).text == "live")
        }
    }

    @Test("an error inside an override leaves nothing behind")
    func errorsLeaveNothing() throws {
        struct Boom: Error {}
        var overrides = DependencyOverrides()
        overrides.register(Counter.self) { _ in CounterImpl() }
        #expect(throws: Boom.self) {
            try withInjectedDependencies(overrides) {
                _ = DependencyContainer.global.resolve(Counter.self)
                throw Boom()
            }
        }
        #expect(!DependencyContainer.global.isRegistered(Counter.self))
        #expect(DependencyContainer.global.resolve(Greeting.self).text == "live")
    }

    @Test("an unknown key is rejected before the operation runs, with a suggestion")
    func unknownKey() throws {
        let ran = Locked(false)
        let error = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies("type=RelayTestingTests.Greting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
                ran.withLock { $0 = true }
            }
        }
        #expect(!ran.withLock { $0 })
        #expect(error?.description == "override #1: error: unknown type key 'RelayTestingTests.Greting' (did you mean 'RelayTestingTests.Greeting'?); index it with add(type:_:) before injecting, or fix the instruction")
    }

    @Test("threads started outside structured concurrency see the normal containers")
    func unstructuredThreads() throws {
        try withInjectedDependencies("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex) {
            #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub")
            let fromThread = Locked("")
            let done = DispatchSemaphore(value: 0)
            Thread {
                fromThread.withLock { $0 = DependencyContainer.global.resolve(Greeting.self).text }
                done.signal()
            }.start()
            done.wait()
            #expect(fromThread.withLock { $0 } == "live")
            let fromQueue = Locked("")
            DispatchQueue.global().async {
                fromQueue.withLock { $0 = DependencyContainer.global.resolve(Greeting.self).text }
                done.signal()
            }
            done.wait()
            #expect(fromQueue.withLock { $0 } == "live")
        }
    }
}

@Suite("Injecting trait")
struct InjectingTraitTests {
    init() { registerLiveDefaults() }

    @Test(.injecting("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex))
    func traitInjects() {
        #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub")
    }

    @Test(.injecting("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub", index: overrideIndex), arguments: 0..<5)
    func traitGivesEachCaseFreshSingletons(n: Int) {
        #expect(DependencyContainer.global.resolve(GreetingCache.self).greeting == "stub")
    }

    @Test("the trait fails the test with the suggestion before the body runs")
    func traitRejectsUnknownKey() async throws {
        let trait: InjectingTrait = .injecting("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stbu", index: overrideIndex)
        let ran = Locked(false)
        do {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) { ran.withLock { $0 = true } }
            Issue.record("the trait accepted an unknown factory key")
        } catch let error as DynamicInjectionError {
            #expect(error.description.contains("unknown factory key 'RelayTestingTests.Greeting.Stbu' (did you mean 'RelayTestingTests.Greeting.Stub'"))
        }
        #expect(!ran.withLock { $0 })
    }
}

@Suite("Injecting trait on a suite", .injecting("type=RelayTestingTests.Greeting,factory=RelayTestingTests.Greeting.Stub7", index: overrideIndex))
struct InjectingSuiteTests {
    init() { registerLiveDefaults() }

    @Test func first() { #expect(DependencyContainer.global.resolve(Greeting.self).text == "stub 7") }
    @Test func second() { #expect(DependencyContainer.global.resolve(GreetingCache.self).greeting == "stub 7") }
}
