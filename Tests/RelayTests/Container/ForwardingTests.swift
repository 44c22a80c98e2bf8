import Foundation
import Relay
import Testing

// register(_:as:…): one implementation under several types. Each test registers in a scope
// of its own, so the tests run in parallel with every other suite.

private protocol Session: AnyObject {}
private protocol SessionEvents: AnyObject {}
private protocol Clock {}
private protocol Unrelated {}
private class BaseSession {}
private final class LiveSession: BaseSession, Session, SessionEvents, Clock {}
private final class Screen {
    let session: Session
    let events: SessionEvents
    init(session: Session, events: SessionEvents) { self.session = session; self.events = events }
}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("ForwardingTests.\(name)"))
}

@Suite("Type forwarding: register(_:as:…)")
struct ForwardingTests {
    @Test("singleton: one instance for the implementation and every forwarded type")
    func singleton() {
        let c = container("singleton")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self) { _ in LiveSession() }
        let implementation = c.resolve(LiveSession.self)
        #expect(c.resolve(Session.self) === implementation)
        #expect(c.resolve(SessionEvents.self) === implementation)
        #expect(c.resolve(Session.self) === c.resolve(Session.self))
    }

    @Test("graph: one instance for all forwarded types within an outermost resolve, a new one in the next")
    func graph() {
        let c = container("graph")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .graph) { _ in LiveSession() }
        c.register(Screen.self, lifecycle: .transient) { c in Screen(session: try c.tryResolve(), events: try c.tryResolve()) }
        let first = c.resolve(Screen.self)
        #expect(first.session === first.events)
        let second = c.resolve(Screen.self)
        #expect(second.session === second.events)
        #expect(second.session !== first.session)
    }

    @Test("transient: a new instance on every resolve of every type")
    func transient() {
        let c = container("transient")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .transient) { _ in LiveSession() }
        c.register(Screen.self, lifecycle: .transient) { c in Screen(session: try c.tryResolve(), events: try c.tryResolve()) }
        let screen = c.resolve(Screen.self)
        #expect(screen.session !== screen.events)
        #expect(c.resolve(Session.self) !== c.resolve(Session.self))
    }

    @Test("weakSingleton: shared while someone holds it, through any of its types")
    func weakSingleton() {
        let c = container("weakSingleton")
        c.register(LiveSession.self, as: Session.self, lifecycle: .weakSingleton) { _ in LiveSession() }
        let held = c.resolve(Session.self)
        #expect(c.resolve(LiveSession.self) === held)
        #expect(c.resolve(Session.self) === held)
    }

    @Test("eagerSingleton and unitOfWork follow the implementation too")
    func eagerAndUnitOfWork() {
        let eager = container("eager")
        eager.register(LiveSession.self, as: Session.self, lifecycle: .eagerSingleton) { _ in LiveSession() }
        #expect(eager.resolve(Session.self) === eager.resolve(LiveSession.self))

        let perUnit = container("unitOfWork")
        perUnit.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .unitOfWork) { _ in LiveSession() }
        let (first, firstEvents) = DependencyContainer.withUnitOfWork { (perUnit.resolve(Session.self), perUnit.resolve(SessionEvents.self)) }
        let second = DependencyContainer.withUnitOfWork { perUnit.resolve(Session.self) }
        #expect(first === firstEvents)
        #expect(first !== second)
    }

    @Test("three and four forwarded types, a value-type protocol among them")
    func moreTypes() {
        let c = container("four")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self, Clock.self, BaseSession.self) { _ in LiveSession() }
        let implementation = c.resolve(LiveSession.self)
        #expect(c.resolve(Clock.self) as? LiveSession === implementation)
        #expect(c.resolve(BaseSession.self) === implementation)
        let three = container("three")
        three.register(LiveSession.self, as: Session.self, SessionEvents.self, Clock.self) { _ in LiveSession() }
        #expect(three.resolve(Clock.self) as? LiveSession === three.resolve(SessionEvents.self))
    }

    @Test("with a tag: the tagged implementation answers the tagged types; untagged resolves do not see them")
    func tagged() throws {
        let c = container("tagged")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .transient) { _ in LiveSession() }
        c.register(LiveSession.self, as: Session.self, SessionEvents.self, tag: "Shared") { _ in LiveSession() }
        let shared = c.resolve(LiveSession.self, tag: "Shared")
        #expect(c.resolve(Session.self, tag: "Shared") === shared)
        #expect(c.resolve(SessionEvents.self, tag: "Shared") === shared)
        #expect(c.resolve(Session.self) !== shared)
        #expect(c.resolve(Session.self) !== c.resolve(Session.self), "the untagged registration is transient")
        // A tag with no registration of its own falls back to the untagged forwarding.
        #expect(c.resolve(Session.self, tag: "Other") !== shared)

        let onlyTagged = container("onlyTagged")
        onlyTagged.register(LiveSession.self, as: Session.self, tag: "Shared") { _ in LiveSession() }
        let error = #expect(throws: DependencyResolutionError.self) { try onlyTagged.tryResolve(Session.self) }
        #expect(error?.reason == .missingRegistration)
    }

    @Test("a forwarded type the implementation does not conform to fails its resolve, naming the registration")
    func protocolMismatch() throws {
        let c = container("mismatch")
        let line = #line + 1
        c.register(LiveSession.self, as: Session.self, Unrelated.self) { _ in LiveSession() }
        #expect(c.resolve(Session.self) === c.resolve(LiveSession.self))
        let error = try #require(throws: DependencyResolutionError.self) { try c.tryResolve(Unrelated.self) }
        #expect(error.reason == .typeMismatch(actualType: "RelayTests.LiveSession"))
        #expect(error.registration == "RelayTests/ForwardingTests.swift:\(line)")
        #expect(error.chain == ["RelayTests.Unrelated"])
    }

    @Test("a class the implementation is not a subclass of stops the program when registering")
    func classMismatch() async {
        await #expect(processExitsWith: .failure) {
            DependencyContainer.global.register(LiveSession.self, as: Session.self, Screen.self) { _ in LiveSession() }
        }
    }

    @Test("registering a forwarded type again replaces that type only; remove removes one")
    func replaceAndRemove() {
        let c = container("replace")
        c.register(LiveSession.self, as: Session.self, SessionEvents.self) { _ in LiveSession() }
        let implementation = c.resolve(LiveSession.self)
        c.register(Session.self) { _ in LiveSession() }
        #expect(c.resolve(Session.self) !== implementation)
        #expect(c.resolve(SessionEvents.self) === implementation)
        #expect(c.remove(SessionEvents.self))
        #expect(!c.isRegistered(SessionEvents.self))
        #expect(c.isRegistered(LiveSession.self))
    }
}
