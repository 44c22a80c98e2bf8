import Foundation
import Relay
import Testing

// Forwarding a type to an implementation registered already (`forward(_:to:tag:)`). Each
// test uses types and scopes of its own, so the tests run in parallel with every other
// suite; a test that stops the program runs in a child process.

private protocol LaterEvents: AnyObject {}
private protocol LaterSession: AnyObject {}
private final class LaterLiveSession: LaterEvents, LaterSession, Sendable {}
private protocol LaterTaggedEvents: AnyObject {}
private final class LaterTaggedSession: LaterTaggedEvents, Sendable {}
private protocol LaterEarlyEvents: AnyObject {}
private final class LaterEarlySession: LaterEarlyEvents, Sendable {}
protocol LaterAnimal: AnyObject {}
final class LaterDog: LaterAnimal, Sendable {
    init(name: String) {}
}

private extension DependencyContainerScope {
    static let forwardLater = DependencyContainerScope("ForwardLaterTests.later")
    static let forwardLaterTagged = DependencyContainerScope("ForwardLaterTests.tagged")
    static let forwardLaterEarly = DependencyContainerScope("ForwardLaterTests.early")
}

@Suite("Forwarding a type to an implementation registered already")
struct ForwardLaterTests {
    @Test("forwarding a type later keeps the implementation's singleton")
    func keepsSingleton() {
        let c = DependencyContainer.container(for: .forwardLater)
        c.register(LaterLiveSession.self, as: LaterSession.self) { _ in LaterLiveSession() }
        let built = c.resolve(LaterLiveSession.self)
        c.forward(LaterEvents.self, to: LaterLiveSession.self)
        #expect(c.resolve(LaterEvents.self) === built)
        #expect(c.resolve(LaterSession.self) === built)
        #expect(c.resolve(LaterLiveSession.self) === built)
        // Registering with `as:` again replaces the registration: a new singleton.
        c.register(LaterLiveSession.self, as: LaterSession.self) { _ in LaterLiveSession() }
        #expect(c.resolve(LaterSession.self) !== built)
        #expect(c.resolve(LaterEvents.self) === c.resolve(LaterSession.self), "the forwarding follows the new registration")
    }

    @Test("with a tag, the forwarded type resolves the tagged implementation")
    func tagged() {
        let c = DependencyContainer.container(for: .forwardLaterTagged)
        c.register(LaterTaggedSession.self, tag: "Beta") { _ in LaterTaggedSession() }
        let built = c.resolve(LaterTaggedSession.self, tag: "Beta")
        c.forward(LaterTaggedEvents.self, to: LaterTaggedSession.self, tag: "Beta")
        #expect(c.resolve(LaterTaggedEvents.self, tag: "Beta") === built)
        #expect(!c.isRegistered(LaterTaggedEvents.self), "only with the tag")
    }

    @Test("a forwarding made before the implementation is registered resolves it once it is")
    func beforeImplementation() throws {
        let c = DependencyContainer.container(for: .forwardLaterEarly)
        c.forward(LaterEarlyEvents.self, to: LaterEarlySession.self)
        #expect(throws: DependencyResolutionError.self) { try c.tryResolve(LaterEarlyEvents.self) }
        c.register(LaterEarlySession.self) { _ in LaterEarlySession() }
        #expect(try c.tryResolve(LaterEarlyEvents.self) === c.resolve(LaterEarlySession.self))
    }

    @Test("forwarding to an implementation registered only with an argument stops the program, naming the registration to write")
    func argumentRegistrationRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let c = DependencyContainer.container(for: DependencyContainerScope("ForwardLaterTests.argument"))
            c.register(LaterDog.self, argument: String.self) { _, name in LaterDog(name: name) }
            c.forward(LaterAnimal.self, to: LaterDog.self)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("RelayTests.LaterDog is registered only with an argument (Swift.String)"))
        #expect(message.contains("register(RelayTests.LaterAnimal.self, argument: Swift.String.self) { c, argument in try c.tryResolve(RelayTests.LaterDog.self, argument: argument) }"))
    }
}
