import Relay
import Testing

@MainActor final class MainProfileModel {
    let store: MainProfileStore
    var title = "profile"
    init(store: MainProfileStore) { self.store = store }
}

/// A plain dependency of a main-actor type.
final class MainProfileStore: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

@MainActor protocol MainCoordinating: AnyObject { var name: String { get } }
@MainActor final class MainCoordinator: MainCoordinating { let name = "live" }
@MainActor final class StubMainCoordinator: MainCoordinating { let name = "stub" }

@MainActor final class MainCycleA { init(b: MainCycleB) {} }
@MainActor final class MainCycleB { init(a: MainCycleA) {} }

@MainActor final class MainScreen {
    @Injected(scope: "main-actor-screen") var model: MainProfileModel
}

extension DependencyContainerScope {
    static let mainActorTests = DependencyContainerScope("main-actor-tests")
}

@Suite("Main-actor registrations")
struct MainActorTests {
    private func freshContainer(_ name: String) -> DependencyContainer {
        let container = DependencyContainer.container(for: DependencyContainerScope(name))
        container.reset()
        container.register(MainProfileStore.self) { _ in MainProfileStore(name: "live store") }
        container.register(MainProfileModel.self, isolation: MainActor.self) { c in
            MainProfileModel(store: try c.tryResolve())
        }
        return container
    }

    @MainActor
    @Test("from the main actor, a main-actor singleton resolves once, with its dependencies")
    func resolvesOnTheMainActor() throws {
        let container = freshContainer("main-actor-singleton")
        let first = try container.tryResolve(MainProfileModel.self)
        let second = container.resolve(MainProfileModel.self)
        #expect(first === second)
        #expect(first.store.name == "live store")
    }

    @Test("off the main actor it is an error that names the type and says where to resolve it — before and after it was built")
    func offTheMainActorIsAnError() async throws {
        let container = freshContainer("main-actor-off")
        let before = await Task.detached { () -> DependencyResolutionError? in
            do {
                _ = try container.tryResolve(MainProfileModel.self)
                return nil
            } catch let error as DependencyResolutionError {
                return error
            } catch {
                return nil
            }
        }.value
        #expect(before?.reason == .requiresMainActor)
        #expect(before?.requestedType == "RelayTests.MainProfileModel")
        #expect(before?.description.contains("registered on the main actor") == true)
        #expect(before?.description.contains("fix: resolve RelayTests.MainProfileModel from @MainActor code") == true)

        // Built on the main actor, it is still not handed to another thread.
        let built = await MainActor.run { ObjectIdentifier(container.resolve(MainProfileModel.self)) }
        let after = await Task.detached { () -> DependencyResolutionError.Reason? in
            do {
                _ = try container.tryResolve(MainProfileModel.self)
                return nil
            } catch let error as DependencyResolutionError {
                return error.reason
            } catch {
                return nil
            }
        }.value
        #expect(after == .requiresMainActor)
        let again = await MainActor.run { ObjectIdentifier(container.resolve(MainProfileModel.self)) }
        #expect(built == again)
    }

    @MainActor
    @Test("transient main-actor registrations create a new instance each time")
    func transient() {
        let container = DependencyContainer.container(for: .mainActorTests)
        container.register(MainCoordinator.self, lifecycle: .transient, isolation: MainActor.self) { _ in MainCoordinator() }
        #expect(container.resolve(MainCoordinator.self) !== container.resolve(MainCoordinator.self))
    }

    @MainActor
    @Test("a cycle between main-actor types is reported like any other")
    func cycles() {
        let container = DependencyContainer.container(for: "main-actor-cycle")
        container.register(MainCycleA.self, isolation: MainActor.self) { c in MainCycleA(b: try c.tryResolve()) }
        container.register(MainCycleB.self, isolation: MainActor.self) { c in MainCycleB(a: try c.tryResolve()) }
        let error = #expect(throws: DependencyResolutionError.self) { try container.tryResolve(MainCycleA.self) }
        #expect(error?.reason == .circularDependency(cycle: ["RelayTests.MainCycleA", "RelayTests.MainCycleB", "RelayTests.MainCycleA"], acrossThreads: false))
    }

    @MainActor
    @Test("@Injected in a main-actor type resolves a main-actor registration")
    func injected() {
        let container = DependencyContainer.container(for: "main-actor-screen")
        container.register(MainProfileStore.self) { _ in MainProfileStore(name: "screen store") }
        container.register(MainProfileModel.self, isolation: MainActor.self) { c in MainProfileModel(store: c.resolve()) }
        let screen = MainScreen()
        #expect(screen.model.store.name == "screen store")
        #expect(screen.model === screen.model)
    }

    @MainActor
    @Test("an indexed main-actor stub is injected by an instruction")
    func indexedMainActorStub() throws {
        let index = DynamicDependencyIndex()
        index.add(type: "RelayTests.MainCoordinating", MainCoordinating.self)
        index.add(factory: "RelayTests.MainCoordinating.Stub", producing: MainCoordinating.self, isolation: MainActor.self) { _ in
            StubMainCoordinator()
        }
        let container = DependencyContainer.container(for: "main-actor-index")
        container.register(MainCoordinating.self, isolation: MainActor.self) { _ in MainCoordinator() }
        try DynamicDependencyRegistry(index: index, sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=RelayTests.MainCoordinating,factory=RelayTests.MainCoordinating.Stub,scope=main-actor-index"]),
        ], policy: .enabled).inject()
        #expect(container.resolve(MainCoordinating.self).name == "stub")
    }
}
