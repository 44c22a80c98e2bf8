import Foundation
import Relay
import Testing

// DependencyContainer.remove(_:tag:). Each test registers in a scope of its own, so the
// tests run in parallel with every other suite.

private protocol Network: AnyObject {}
private final class LocalNetwork: Network {}
private final class StagingNetwork: Network {}
private final class Tracker {}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("RemoveTests.\(name)"))
}

@Suite("Removing one registration: remove(_:tag:)")
struct RemoveTests {
    @Test("removes the untagged registration and says so; a second remove finds nothing")
    func untagged() {
        let c = container("untagged")
        c.register(Network.self) { _ in LocalNetwork() }
        c.register(Network.self, tag: "Staging") { _ in StagingNetwork() }
        _ = c.resolve(Network.self)   // cached for this thread
        #expect(c.remove(Network.self))
        #expect(!c.remove(Network.self))
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Network.self) }
        #expect(error?.reason == .missingRegistration)
        #expect(c.resolve(Network.self, tag: "Staging") is StagingNetwork, "the type's other tags stay")
    }

    @Test("removing a tagged registration makes its tag fall back to the untagged one")
    func tagged() {
        let c = container("tagged")
        c.register(Network.self) { _ in LocalNetwork() }
        c.register(Network.self, tag: "Staging") { _ in StagingNetwork() }
        #expect(c.resolve(Network.self, tag: "Staging") is StagingNetwork)
        #expect(c.remove(Network.self, tag: "Staging"))
        #expect(c.resolve(Network.self, tag: "Staging") is LocalNetwork)
        #expect(!c.remove(Network.self, tag: "Production"))
        #expect(c.isRegistered(Network.self))
    }

    @Test("no thread's cache serves the removed singleton")
    func caches() async {
        let c = container("caches")
        c.register(Tracker.self) { _ in Tracker() }
        _ = c.resolve(Tracker.self)
        // Fill other threads' caches too.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = c.resolve(Tracker.self) } }
        }
        #expect(c.remove(Tracker.self))
        #expect(!c.isRegistered(Tracker.self))
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { (try? c.tryResolve(Tracker.self)) == nil } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 4)
        #expect((try? c.tryResolve(Tracker.self)) == nil)
    }

    @Test("a scoped container's remove leaves the global fallback, which then answers")
    func fallback() {
        let scope = DependencyContainerScope("RemoveTests.fallback")
        let global = DependencyContainer.global
        global.register(RemoveFallbackProbe.self) { _ in RemoveFallbackProbe(name: "global") }
        let c = DependencyContainer.container(for: scope)
        c.register(RemoveFallbackProbe.self) { _ in RemoveFallbackProbe(name: "scoped") }
        #expect(c.resolve(RemoveFallbackProbe.self).name == "scoped")
        #expect(c.remove(RemoveFallbackProbe.self))
        #expect(c.resolve(RemoveFallbackProbe.self).name == "global")
        #expect(global.isRegistered(RemoveFallbackProbe.self))
    }

    @Test("inside a unit of work, a removed unitOfWork registration is not served from the unit's cache")
    func unitOfWork() {
        let c = container("unitOfWork")
        c.register(Tracker.self, lifecycle: .unitOfWork) { _ in Tracker() }
        DependencyContainer.withUnitOfWork {
            _ = c.resolve(Tracker.self)
            _ = c.resolve(Tracker.self)
            #expect(c.remove(Tracker.self))
            #expect((try? c.tryResolve(Tracker.self)) == nil)
        }
    }

    @Test("registering again after a remove works as a first registration")
    func registerAgain() {
        let c = container("again")
        c.register(Network.self) { _ in LocalNetwork() }
        let first = c.resolve(Network.self)
        c.remove(Network.self)
        c.register(Network.self) { _ in LocalNetwork() }
        #expect(c.resolve(Network.self) !== first)
    }
}

private final class RemoveFallbackProbe: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
