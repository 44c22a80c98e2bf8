import Foundation
@testable import Relay
import RelayContainer
import Testing

// An instance scope on the registration forms beyond register(_:tag:instanceScope:…) and the
// one-type register(_:as:…): forwarding to two to four types, completion hooks, main-actor
// factories, eager and weak singletons, and a binding dynamic injection made for a scoped
// registration. Each test uses a container scope and an instance scope of its own, so the
// tests run in parallel with every other suite.

private protocol FormsSession: AnyObject {}
private protocol FormsEvents: AnyObject {}
private protocol FormsAudit: AnyObject {}
private protocol FormsClock: AnyObject {}
private final class FormsLiveSession: FormsSession, FormsEvents, FormsAudit, FormsClock, Sendable {}
private final class FormsHooked: Sendable {
    /// Set by the completion hook, before the resolve returns; read after.
    private let state = LockedState(false)
    var completed: Bool { state.withLock { $0 } }
    func complete() { state.withLock { $0 = true } }
}
@MainActor private final class FormsViewModel {}

private protocol FormsInjected: AnyObject, Sendable {}
private final class FormsInjectedLive: FormsInjected {}
private final class FormsInjectedStub: FormsInjected {}

private func container(_ name: String) -> DependencyContainer {
    DependencyContainer.container(for: DependencyContainerScope("InstanceScopeFormsTests.\(name)"))
}

private func scope(_ name: String) -> InstanceScope {
    InstanceScope("InstanceScopeFormsTests.\(name)")
}

@Suite("Instance scopes on every registration form")
struct InstanceScopeFormsTests {
    @Test("forwarding to two, three and four types: every type follows the scoped implementation across a reset")
    func forwardingSeveralTypes() {
        let session = scope("forwardingSeveralTypes")
        let two = container("forwarding2"), three = container("forwarding3"), four = container("forwarding4")
        two.register(FormsLiveSession.self, as: FormsSession.self, FormsEvents.self, instanceScope: session) { _ in FormsLiveSession() }
        three.register(FormsLiveSession.self, as: FormsSession.self, FormsEvents.self, FormsAudit.self, instanceScope: session) { _ in FormsLiveSession() }
        four.register(FormsLiveSession.self, as: FormsSession.self, FormsEvents.self, FormsAudit.self, FormsClock.self, instanceScope: session) { _ in FormsLiveSession() }
        let before = [two, three, four].map { $0.resolve(FormsSession.self) }
        #expect(two.resolve(FormsEvents.self) === before[0] && three.resolve(FormsAudit.self) === before[1] && four.resolve(FormsClock.self) === before[2])
        DependencyContainer.resetInstances(in: session)
        for (c, old) in zip([two, three, four], before) {
            let after = c.resolve(FormsSession.self)
            #expect(after !== old)
            #expect(c.resolve(FormsEvents.self) === after)
            #expect(c.resolve(FormsLiveSession.self) === after)
        }
        #expect(four.resolve(FormsClock.self) === four.resolve(FormsSession.self))
        #expect(four.description.contains("singleton in instance scope 'InstanceScopeFormsTests.forwardingSeveralTypes'"))
    }

    @Test("completing: a scoped registration's instance is rebuilt and completed again after a reset")
    func completing() {
        let c = container("completing"), session = scope("completing")
        c.register(FormsHooked.self, instanceScope: session) { _ in FormsHooked() } completing: { _, hooked in
            hooked.complete()
        }
        let before = c.resolve(FormsHooked.self)
        #expect(before.completed && c.resolve(FormsHooked.self) === before)
        DependencyContainer.resetInstances(in: session)
        let after = c.resolve(FormsHooked.self)
        #expect(after !== before)
        #expect(after.completed, "the new instance's hook ran")
    }

    @Test("main actor: a scoped main-actor registration is rebuilt after a reset")
    @MainActor func mainActor() {
        let c = container("mainActor"), session = scope("mainActor")
        c.register(FormsViewModel.self, instanceScope: session, isolation: MainActor.self) { _ in FormsViewModel() }
        let before = c.resolve(FormsViewModel.self)
        #expect(c.resolve(FormsViewModel.self) === before)
        DependencyContainer.resetInstances(in: session)
        #expect(c.resolve(FormsViewModel.self) !== before)
    }

    @Test("eager and weak singletons may belong to an instance scope")
    func eagerAndWeak() {
        let c = container("eagerAndWeak"), session = scope("eagerAndWeak")
        c.register(FormsLiveSession.self, as: FormsSession.self, FormsEvents.self, lifecycle: .eagerSingleton, instanceScope: session) { _ in FormsLiveSession() }
        c.register(FormsHooked.self, lifecycle: .weakSingleton, instanceScope: session) { _ in FormsHooked() } completing: { _, _ in }
        let eager = c.resolve(FormsSession.self)
        let weak = c.resolve(FormsHooked.self)
        #expect(c.resolve(FormsHooked.self) === weak, "held by the test")
        DependencyContainer.resetInstances(in: session)
        #expect(c.resolve(FormsSession.self) !== eager)
        #expect(c.resolve(FormsHooked.self) !== weak, "dropped although someone still holds it")
    }

    @Test("a lifecycle that keeps no instance cannot take an instance scope: registering stops the program, saying why")
    func refusesTransient() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let c = DependencyContainer.container(for: "InstanceScopeFormsTests.refusesTransient")
            c.register(FormsHooked.self, lifecycle: .transient, instanceScope: "session") { _ in FormsHooked() } completing: { _, _ in }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("a .transient registration keeps no instance for resetInstances(in:) to drop; use .singleton, .eagerSingleton or .weakSingleton, or leave out instanceScope"))
    }

    @Test("a binding dynamic injection made for a scoped registration follows its instance scope")
    func injectedBinding() throws {
        let scopeName = DependencyContainerScope("InstanceScopeFormsTests.injected")
        let c = DependencyContainer.container(for: scopeName), session = scope("injected")
        c.register(FormsInjected.self, instanceScope: session) { _ in FormsInjectedLive() }
        let index = DynamicDependencyIndex()
        index.add(type: DependencyTypeKey("Forms.Injected"), (any FormsInjected).self)
        index.add(factory: DependencyFactoryKey("Forms.Injected.Stub"), producing: (any FormsInjected).self) { _ in FormsInjectedStub() }
        let registry = DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: ["-d", "type=Forms.Injected,factory=Forms.Injected.Stub,scope=\(scopeName.name)"])], policy: .enabled)
        try registry.inject()
        let before = c.resolve(FormsInjected.self)
        #expect(before is FormsInjectedStub)
        #expect(c.resolve(FormsInjected.self) === before, "a singleton, as the instruction says")
        DependencyContainer.resetInstances(in: session)
        let after = c.resolve(FormsInjected.self)
        #expect(after is FormsInjectedStub)
        #expect(after !== before, "the stub stands in for the scoped registration, and is dropped with its scope")
    }
}
