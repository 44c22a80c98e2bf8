import Foundation
import Relay
import Testing

// Instance scopes and resets: register(_:tag:instanceScope:…), resetInstances(in:) and
// resetSingletons(). Each test uses a container scope and an instance scope of its own, so
// the tests run in parallel with every other suite.

private protocol Session: AnyObject {}
private protocol SessionEvents: AnyObject {}
private final class LiveSession: Session, SessionEvents, Sendable {}
private final class Cart: Sendable {}
private final class Tracker: Sendable {}
private final class Clock: Sendable {}

/// Counts factory calls. `@unchecked Sendable` is safe: `count` is only touched with `lock` held.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("InstanceResetTests.\(name)"))
}

private func scope(_ name: String) -> InstanceScope {
    InstanceScope("InstanceResetTests.\(name)")
}

@Suite("Resetting instances, keeping registrations")
struct InstanceResetTests {
    @Test("resetInstances(in:) drops the scope's instance and keeps the registration; the next resolve builds one, kept until the next reset")
    func rebuilds() {
        let c = container("rebuilds"), session = scope("rebuilds")
        let calls = Calls()
        c.register(LiveSession.self, instanceScope: session) { _ in calls.add(); return LiveSession() }
        let first = c.resolve(LiveSession.self)
        #expect(c.resolve(LiveSession.self) === first, "a singleton until the reset")
        DependencyContainer.resetInstances(in: session)
        #expect(c.isRegistered(LiveSession.self))
        let second = c.resolve(LiveSession.self)
        #expect(second !== first)
        #expect(c.resolve(LiveSession.self) === second)
        #expect(calls.value == 2)
    }

    @Test("other instance scopes, singletons and transients are untouched by a scope's reset")
    func othersUntouched() {
        let c = container("others"), session = scope("others.session"), shopping = scope("others.shopping")
        c.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        c.register(Cart.self, instanceScope: shopping) { _ in Cart() }
        c.register(Tracker.self) { _ in Tracker() }
        c.register(Clock.self, lifecycle: .weakSingleton) { _ in Clock() }
        let (sessionBefore, cart, tracker, clock) = (c.resolve(LiveSession.self), c.resolve(Cart.self), c.resolve(Tracker.self), c.resolve(Clock.self))
        DependencyContainer.resetInstances(in: session)
        #expect(c.resolve(LiveSession.self) !== sessionBefore)
        #expect(c.resolve(Cart.self) === cart)
        #expect(c.resolve(Tracker.self) === tracker)
        #expect(c.resolve(Clock.self) === clock)
    }

    @Test("a scope's reset drops its instances in every container")
    func everyContainer() {
        let a = container("every.a"), b = container("every.b"), session = scope("every")
        a.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        b.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        let (beforeA, beforeB) = (a.resolve(LiveSession.self), b.resolve(LiveSession.self))
        #expect(beforeA !== beforeB, "one instance per container")
        DependencyContainer.resetInstances(in: session)
        #expect(a.resolve(LiveSession.self) !== beforeA)
        #expect(b.resolve(LiveSession.self) !== beforeB)
    }

    @Test("tags: a tagged scoped registration and a tag falling back to the untagged one are both rebuilt; an unscoped tag is not")
    func tags() {
        let c = container("tags"), session = scope("tags")
        c.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        c.register(LiveSession.self, tag: "guest", instanceScope: session) { _ in LiveSession() }
        c.register(LiveSession.self, tag: "admin") { _ in LiveSession() }
        let untagged = c.resolve(LiveSession.self)
        let fallback = c.resolve(LiveSession.self, tag: "missing")
        let guest = c.resolve(LiveSession.self, tag: "guest")
        let admin = c.resolve(LiveSession.self, tag: "admin")
        #expect(fallback === untagged)
        #expect(c.resolve(LiveSession.self, tag: "guest") === guest)
        DependencyContainer.resetInstances(in: session)
        let newUntagged = c.resolve(LiveSession.self)
        #expect(newUntagged !== untagged)
        #expect(c.resolve(LiveSession.self, tag: "missing") === newUntagged)
        let newGuest = c.resolve(LiveSession.self, tag: "guest")
        #expect(newGuest !== guest)
        #expect(c.resolve(LiveSession.self, tag: "guest") === newGuest)
        #expect(c.resolve(LiveSession.self, tag: "admin") === admin)
    }

    @Test("forwarding: the forwarded types follow the scoped implementation across a reset")
    func forwarding() {
        let c = container("forwarding"), session = scope("forwarding")
        c.register(LiveSession.self, as: Session.self, instanceScope: session) { _ in LiveSession() }
        c.register(SessionEvents.self, lifecycle: .transient) { c in try c.tryResolve(LiveSession.self) }
        let before = c.resolve(Session.self)
        #expect(c.resolve(Session.self) === before, "cached for this thread")
        #expect(c.resolve(LiveSession.self) === before)
        DependencyContainer.resetInstances(in: session)
        let after = c.resolve(Session.self)
        #expect(after !== before)
        #expect(c.resolve(LiveSession.self) === after)
        #expect(c.resolve(SessionEvents.self) === after)
    }

    @Test("resetSingletons() drops every instance the container keeps and keeps the wiring; transients, other containers untouched")
    func resetSingletons() {
        let c = container("singletons"), other = container("singletons.other"), session = scope("singletons")
        c.register(Tracker.self) { _ in Tracker() }
        c.register(Tracker.self, tag: "tagged") { _ in Tracker() }
        c.register(Cart.self, lifecycle: .eagerSingleton) { _ in Cart() }
        c.register(Clock.self, lifecycle: .weakSingleton) { _ in Clock() }
        c.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        let transientCalls = Calls()
        c.register(Session.self, lifecycle: .transient) { _ in transientCalls.add(); return LiveSession() }
        other.register(Tracker.self) { _ in Tracker() }
        let tracker = c.resolve(Tracker.self), tagged = c.resolve(Tracker.self, tag: "tagged"), cart = c.resolve(Cart.self)
        let clock = c.resolve(Clock.self), live = c.resolve(LiveSession.self), otherTracker = other.resolve(Tracker.self)
        _ = c.resolve(Session.self)
        c.resetSingletons()
        #expect(c.resolve(Tracker.self) !== tracker)
        #expect(c.resolve(Tracker.self, tag: "tagged") !== tagged)
        #expect(c.resolve(Cart.self) !== cart)
        #expect(c.resolve(Clock.self) !== clock, "a held weakSingleton is dropped too")
        #expect(c.resolve(LiveSession.self) !== live)
        #expect(other.resolve(Tracker.self) === otherTracker)
        _ = c.resolve(Session.self)
        #expect(transientCalls.value == 2)
        #expect(c.registeredTypes.count == 5)
        withExtendedLifetime(clock) {}
    }

    @Test("no other thread's cache serves a dropped instance once the reset returned")
    func otherThreadsCaches() async {
        let c = container("caches"), session = scope("caches")
        c.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        c.register(Tracker.self) { _ in Tracker() }
        let before = c.resolve(LiveSession.self), tracker = c.resolve(Tracker.self)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = (c.resolve(LiveSession.self), c.resolve(Tracker.self)) } }
        }
        DependencyContainer.resetInstances(in: session)
        let stale = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { c.resolve(LiveSession.self) === before ? 1 : 0 } }
            return await group.reduce(0, +)
        }
        #expect(stale == 0)
        c.resetSingletons()
        let staleTrackers = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { c.resolve(Tracker.self) === tracker ? 1 : 0 } }
            return await group.reduce(0, +)
        }
        #expect(staleTrackers == 0)
    }

    @Test("inside withInjectedDependencies, an instance the layer built for a scoped registration is dropped too")
    func insideOverrideLayer() throws {
        let containerScope = DependencyContainerScope("InstanceResetTests.layer")
        let c = DependencyContainer.container(for: containerScope), session = scope("layer")
        c.register(LiveSession.self, instanceScope: session) { _ in LiveSession() }
        var overrides = DependencyOverrides()
        overrides.register(Tracker.self, scope: containerScope) { _ in Tracker() }
        let (before, after, again) = try withInjectedDependencies(overrides) {
            let before = c.resolve(LiveSession.self)
            DependencyContainer.resetInstances(in: session)
            return (before, c.resolve(LiveSession.self), c.resolve(LiveSession.self))
        }
        #expect(after !== before)
        #expect(again === after)
    }

    @Test("threads resolving while resets happen: no crash, and every resolve that starts after a reset returned gets an instance built after it started")
    func concurrentResets() {
        let c = container("concurrent"), session = scope("concurrent")
        let resets = ResetCount()
        c.register(Stamped.self, instanceScope: session) { _ in Stamped(resets.started) }
        c.register(Tracker.self) { _ in Tracker() }
        let threads = 4, rounds = 200
        let stale = Calls()
        let done = DispatchGroup()
        for _ in 0..<threads {
            done.enter()
            Thread {
                defer { done.leave() }
                while resets.finished < rounds {
                    let finished = resets.finished
                    if c.resolve(Stamped.self).resets < finished { stale.add() }
                    _ = c.resolve(Tracker.self)
                }
            }.start()
        }
        for _ in 0..<rounds {
            resets.start()
            if Bool.random() { DependencyContainer.resetInstances(in: session) } else { c.resetSingletons() }
            resets.finish()
            if c.resolve(Stamped.self).resets != resets.finished { stale.add() }
        }
        done.wait()
        #expect(stale.value == 0, "resolves that got an instance built before a reset that had returned")
    }
}

/// An instance that knows how many resets had started when it was built.
private final class Stamped: Sendable {
    let resets: Int
    init(_ resets: Int) { self.resets = resets }
}

/// Resets started and finished. `@unchecked Sendable` is safe: both counts are only touched
/// with `lock` held.
private final class ResetCount: @unchecked Sendable {
    private let lock = NSLock()
    private var startedCount = 0, finishedCount = 0
    func start() { lock.withLock { startedCount += 1 } }
    func finish() { lock.withLock { finishedCount += 1 } }
    var started: Int { lock.withLock { startedCount } }
    var finished: Int { lock.withLock { finishedCount } }
}
