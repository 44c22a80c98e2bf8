import Foundation
import Relay
import Testing

// @Injected of an optional type, and @WeakInjected. Each test uses a scope of its own, so
// the tests run in parallel with every other suite; a test that stops the program runs in
// a child process.

private protocol Analytics: AnyObject {}
private final class LiveAnalytics: Analytics {}
private protocol Coordinator: AnyObject {}
private final class AppCoordinator: Coordinator {}
private protocol Dependency {}
private struct Failing: Error {}

private extension DependencyContainerScope {
    static let optional = DependencyContainerScope("InjectedTests.optional")
    static let optionalMissing = DependencyContainerScope("InjectedTests.optionalMissing")
    static let optionalTagged = DependencyContainerScope("InjectedTests.optionalTagged")
    static let optionalLate = DependencyContainerScope("InjectedTests.optionalLate")
    static let weak = DependencyContainerScope("InjectedTests.weak")
    static let weakHeld = DependencyContainerScope("InjectedTests.weakHeld")
    static let weakGraph = DependencyContainerScope("InjectedTests.weakGraph")
    static let weakMissing = DependencyContainerScope("InjectedTests.weakMissing")
    static let mainActor = DependencyContainerScope("InjectedTests.mainActor")
}

private final class Screen {
    @Injected(scope: .optional) var analytics: Analytics?
    @Injected(scope: .optionalMissing) var missing: Analytics?
    @Injected(scope: .optionalTagged, tag: "Beta") var tagged: Analytics?
    @Injected(scope: .optionalMissing, tag: "Beta") var taggedMissing: Analytics?
    @Injected(scope: .optionalLate) var late: Analytics?
}

private final class Settings {
    @WeakInjected(scope: .weak) var coordinator: Coordinator?
    @WeakInjected(scope: .weakMissing) var missing: Coordinator?
}

private final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}
private final class Child {
    @WeakInjected(scope: .weakGraph) var parent: Parent?
}

@MainActor private final class MainActorModel {
    @Injected(scope: .mainActor) var analytics: Analytics?
    @WeakInjected(scope: .mainActor) var coordinator: Coordinator?
}

@Suite("@Injected of an optional type, and @WeakInjected")
struct InjectedTests {
    @Test("an optional @Injected resolves the wrapped type's registration, or is nil when there is none")
    func optional() {
        DependencyContainer.container(for: .optional).register(Analytics.self) { _ in LiveAnalytics() }
        let screen = Screen()
        #expect(screen.analytics === DependencyContainer.container(for: .optional).resolve(Analytics.self))
        #expect(screen.missing == nil)
    }

    @Test("an optional @Injected with a tag falls back to the untagged registration, and is nil with neither")
    func optionalTagged() {
        DependencyContainer.container(for: .optionalTagged).register(Analytics.self) { _ in LiveAnalytics() }
        let screen = Screen()
        #expect(screen.tagged === DependencyContainer.container(for: .optionalTagged).resolve(Analytics.self))
        #expect(screen.taggedMissing == nil)
    }

    @Test("an optional @Injected keeps its answer, and can be assigned")
    func optionalKept() {
        let screen = Screen()
        #expect(screen.late == nil)
        DependencyContainer.container(for: .optionalLate).register(Analytics.self) { _ in LiveAnalytics() }
        #expect(screen.late == nil, "a registration made after the first access is not seen")
        #expect(Screen().late != nil)
        let stub = LiveAnalytics()
        screen.late = stub
        #expect(screen.late === stub)
    }

    @Test("an optional @Injected whose registration's factory throws stops the program")
    func optionalFactoryFails() async {
        await #expect(processExitsWith: .failure) {
            final class Holder { @Injected var analytics: Analytics? }
            DependencyContainer.global.register(Analytics.self) { _ -> Analytics in throw Failing() }
            _ = Holder().analytics
        }
    }

    @Test("an optional @Injected whose registration needs a missing type stops the program")
    func optionalDependencyMissing() async {
        await #expect(processExitsWith: .failure) {
            final class Holder { @Injected var analytics: Analytics? }
            DependencyContainer.global.register(Analytics.self) { c -> Analytics in _ = try c.tryResolve(Dependency.self); return LiveAnalytics() }
            _ = Holder().analytics
        }
    }

    @Test("a non-optional @Injected with nothing registered still stops the program")
    func requiredMissing() async {
        await #expect(processExitsWith: .failure) {
            final class Holder { @Injected var analytics: Analytics }
            _ = Holder().analytics
        }
    }

    @Test("@WeakInjected resolves on first access and does not keep the instance alive")
    func weak() {
        let c = DependencyContainer.container(for: .weak)
        c.register(Coordinator.self, lifecycle: .weakSingleton) { _ in AppCoordinator() }
        let settings = Settings()
        var owner: Coordinator? = c.resolve(Coordinator.self)
        #expect(settings.coordinator === owner)
        weak let released = owner
        owner = nil
        #expect(released == nil)
        #expect(settings.coordinator == nil, "not resolved again once released")
        #expect(settings.missing == nil, "nil when nothing is registered")
    }

    @Test("@WeakInjected can be assigned, weakly")
    func weakAssigned() {
        let settings = Settings()
        var coordinator: AppCoordinator? = AppCoordinator()
        settings.coordinator = coordinator
        #expect(settings.coordinator === coordinator)
        coordinator = nil
        #expect(settings.coordinator == nil)
    }

    @Test("@WeakInjected reaches a graph parent when read in the parent's completion hook")
    func weakGraphParent() {
        let c = DependencyContainer.container(for: .weakGraph)
        c.register(Child.self, lifecycle: .graph) { _ in Child() }
        c.register(Parent.self, lifecycle: .graph) { c in Parent(child: try c.tryResolve()) } completing: { _, parent in
            _ = parent.child.parent   // resolves the Parent being built
        }
        let parent = c.resolve(Parent.self)
        #expect(parent.child.parent === parent)
    }

    @Test("@WeakInjected of a value stops the program")
    func weakValue() async {
        await #expect(processExitsWith: .failure) {
            final class Holder { @WeakInjected var dependency: Dependency? }
            struct Value: Dependency {}
            DependencyContainer.global.register(Dependency.self) { _ in Value() }
            _ = Holder().dependency
        }
    }

    @Test("both work in a main-actor class under Swift 6")
    @MainActor func mainActor() {
        let c = DependencyContainer.container(for: .mainActor)
        c.register(Coordinator.self) { _ in AppCoordinator() }
        let model = MainActorModel()
        #expect(model.analytics == nil)
        #expect(model.coordinator === c.resolve(Coordinator.self))
    }
}
