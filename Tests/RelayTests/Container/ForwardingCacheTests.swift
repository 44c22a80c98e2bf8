import Relay
import RelayTestSupport
import Testing

// A forwarded type resolved again is served from the resolving thread's cache, as its
// implementation is: these pin that the cached answer is always the one the forwarding
// registration would give — after the implementation is registered again or removed,
// inside an override layer, and for a `weakSingleton` that has died. Each test registers
// in a scope of its own, so the tests run in parallel with every other suite.

private protocol Store: AnyObject {}
private protocol Ticking {}
private final class LiveStore: Store, Ticking, Sendable {}
private struct StoreUnavailable: Error {}
private final class VersionedStore: Store, Sendable {
    let version: Int
    init(_ version: Int) { self.version = version }
}

/// Registers `LiveStore` as a transient forwarded as `Store`, from one line, so that two
/// registrations name the same place; its factory throws while `failing` holds `true`,
/// and counts the instances it makes.
private func registerTransientStore(in c: DependencyContainer, failing: Locked<Bool>, made: Locked<Int>) {
    c.register(LiveStore.self, as: Store.self, lifecycle: .transient) { _ in
        if failing.withLock({ $0 }) { throw StoreUnavailable() }
        made.withLock { $0 += 1 }
        return LiveStore()
    }
}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("ForwardingCacheTests.\(name)"))
}

@Suite("Type forwarding: a forwarded type resolved again")
struct ForwardingCacheTests {
    @Test("a singleton's forwarded type follows its implementation registered again, and its removal")
    func singletonReRegistered() throws {
        let c = container("reregistered")
        c.register(LiveStore.self, as: Store.self) { _ in LiveStore() }
        let first = c.resolve(Store.self)
        #expect(c.resolve(Store.self) === first)
        c.register(LiveStore.self) { _ in LiveStore() }
        let second = c.resolve(Store.self)
        #expect(second !== first)
        #expect(second === c.resolve(LiveStore.self))
        #expect(c.resolve(Store.self) === second)
        #expect(c.remove(LiveStore.self))
        #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Store.self) }
    }

    @Test("with a tag: the tagged forwarded type follows the tagged implementation registered again")
    func taggedReRegistered() {
        let c = container("tagged")
        c.register(LiveStore.self, as: Store.self, tag: "disk") { _ in LiveStore() }
        let first = c.resolve(Store.self, tag: "disk")
        #expect(c.resolve(Store.self, tag: "disk") === first)
        #expect(first === c.resolve(LiveStore.self, tag: "disk"))
        c.register(LiveStore.self, tag: "disk") { _ in LiveStore() }
        let second = c.resolve(Store.self, tag: "disk")
        #expect(second !== first)
        #expect(second === c.resolve(LiveStore.self, tag: "disk"))
    }

    @Test("inside an override of the implementation, the forwarded type resolves the override's instance; after it, the singleton again")
    func overriddenImplementation() throws {
        let scope = DependencyContainerScope("ForwardingCacheTests.override")
        let c = DependencyContainer.container(for: scope)
        c.register(LiveStore.self, as: Store.self) { _ in LiveStore() }
        let singleton = c.resolve(Store.self)
        #expect(c.resolve(Store.self) === singleton)
        let replacement = LiveStore()
        var overrides = DependencyOverrides()
        overrides.register(LiveStore.self, scope: scope) { _ in replacement }
        let inside = try withInjectedDependencies(overrides) { (c.resolve(Store.self), c.resolve(Store.self)) }
        #expect(inside.0 === replacement)
        #expect(inside.1 === replacement)
        #expect(c.resolve(Store.self) === singleton)
    }

    @Test("inside an override of the forwarded type, that type resolves the override's instance")
    func overriddenForwardedType() throws {
        let scope = DependencyContainerScope("ForwardingCacheTests.overrideForwarded")
        let c = DependencyContainer.container(for: scope)
        c.register(LiveStore.self, as: Store.self) { _ in LiveStore() }
        let singleton = c.resolve(Store.self)
        let replacement = LiveStore()
        var overrides = DependencyOverrides()
        overrides.register(Store.self, scope: scope) { _ in replacement }
        let inside = try withInjectedDependencies(overrides) { (c.resolve(Store.self), c.resolve(Store.self)) }
        #expect(inside.0 === replacement)
        #expect(inside.1 === replacement)
        #expect(c.resolve(Store.self) === singleton)
    }

    @Test("weakSingleton: resolving the forwarded types again keeps nothing alive; once released, a new instance")
    func weakSingletonReleased() {
        let c = container("weak")
        c.register(LiveStore.self, as: Store.self, Ticking.self, lifecycle: .weakSingleton) { _ in LiveStore() }
        weak var released: LiveStore?
        do {
            let held = c.resolve(Store.self)
            #expect(c.resolve(Store.self) === held)
            #expect(c.resolve(Store.self) === held)
            // A protocol that is not class-bound: the instance in an existential's buffer.
            #expect(c.resolve(Ticking.self) as? LiveStore === held)
            #expect(c.resolve(Ticking.self) as? LiveStore === held)
            released = held as? LiveStore
        }
        #expect(released == nil)
        let next = c.resolve(Store.self)
        #expect(next === c.resolve(Store.self))
        #expect(next === c.resolve(LiveStore.self))
    }

    @Test("transient: resolved again, a new instance from the implementation's factory of the moment; a failure reads as the first resolve's")
    func transientResolvedAgain() throws {
        let c = container("transient")
        let failing = Locked(false), made = Locked(0)
        registerTransientStore(in: c, failing: failing, made: made)
        let instances = (0..<4).map { _ in c.resolve(Store.self) }
        #expect(Set(instances.map { ObjectIdentifier($0) }).count == 4)
        #expect(made.withLock { $0 } == 4)

        // The implementation registered again: the forwarded type runs the new factory.
        let replacement = LiveStore()
        c.register(LiveStore.self, lifecycle: .transient) { _ in replacement }
        #expect(c.resolve(Store.self) === replacement)
        #expect(c.resolve(Store.self) === replacement)

        // A factory that starts failing once resolves are served from the cache fails
        // with the same error, chain and registration as a resolve that finds nothing
        // cached (registering again empties the caches).
        registerTransientStore(in: c, failing: failing, made: made)
        _ = c.resolve(Store.self)
        _ = c.resolve(Store.self)
        failing.withLock { $0 = true }
        let fromCache = try #require(throws: DependencyResolutionError.self) { try c.tryResolve(Store.self) }
        registerTransientStore(in: c, failing: failing, made: made)
        let uncached = try #require(throws: DependencyResolutionError.self) { try c.tryResolve(Store.self) }
        #expect(fromCache.description == uncached.description)
        #expect(fromCache.chain == uncached.chain)
        #expect(fromCache.chain.count == 2)
        #expect(fromCache.underlyingError is StoreUnavailable)
    }

    @Test("a forwarded transient resolved on several threads while its implementation is registered again: each resolve gets an instance, the last registration wins")
    func transientWhileReRegistered() {
        let c = container("transientChurn")
        c.register(VersionedStore.self, as: Store.self, lifecycle: .transient) { _ in VersionedStore(0) }
        runOnThreads(4) { index in
            for step in 1...300 {
                if index == 0 {
                    c.register(VersionedStore.self, lifecycle: .transient) { _ in VersionedStore(step) }
                } else {
                    _ = c.resolve(Store.self)
                }
            }
        }
        #expect((c.resolve(Store.self) as? VersionedStore)?.version == 300)
        #expect((c.resolve(Store.self) as? VersionedStore)?.version == 300)
    }
}
