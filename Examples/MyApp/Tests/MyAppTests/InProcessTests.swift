import Relay
import RelayTesting
import Testing
@testable import MyApp

@Test(.injecting("type=MyApp.BackendService,factory=MyApp.BackendService.Stub", index: .myApp))
func storeShowsStubbedRecipes() async throws {
    let store = DependencyContainer.global.resolve(RecipeStore.self)
    #expect(try await store.backend.recipes() == ["Stub Pancakes"])
}

@Test func storeWithStubsInOneBlock() async throws {
    try await withInjectedDependencies(["type=MyApp.BackendService,factory=MyApp.BackendService.Stub"], index: .myApp) { () async throws in
        let store = DependencyContainer.global.resolve(RecipeStore.self)
        #expect(try await store.backend.recipes() == ["Stub Pancakes"])
    }
}

@Suite(.injecting("type=MyApp.BackendService,factory=MyApp.BackendService.Stub", index: .myApp))
struct StubbedStoreTests {
    @Test func recipes() async throws {
        #expect(try await DependencyContainer.global.resolve(RecipeStore.self).backend.recipes() == ["Stub Pancakes"])
    }

    @Test func backendIsTheStub() {
        #expect(DependencyContainer.global.resolve(BackendService.self) is BackendStub)
    }
}

@Test func dependencyGraphIsComplete() throws {
    try DynamicDependencyIndex.myApp.validate()   // fills the index: registers the defaults too
    try DependencyContainer.validate()
}
