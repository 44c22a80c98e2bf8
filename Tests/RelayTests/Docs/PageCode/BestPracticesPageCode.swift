import Foundation
import Relay

// docs/best-practices.md's Swift blocks that are not code of an example package, compiled
// here verbatim (DocumentationCoverageTests finds them). The functions are compiled and
// never called: they would fill the process's shared containers under other tests.

// "One registry per module", "One index that fills itself"

private struct NetworkingRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}

private struct RecipesRegistry: DependencyRegistryType {
    func registerDependencies() throws {}
}

private protocol BackendService: Sendable {}
private struct BackendStub: BackendService {}

private struct AppTypeIndex: DependencyTypeIndexable {
    var index: [DependencyTypeKey: Any.Type] { ["MyApp.BackendService": BackendService.self] }
}

private extension DependencyFactoryKey {
    static let backendStub = DependencyFactoryKey("MyApp.BackendService.Stub")
}

private func runTheRegistries() throws {
    try NetworkingRegistry().registerDependencies()
    try RecipesRegistry().registerDependencies()
}

extension DynamicDependencyIndex {
    static let myApp = DynamicDependencyIndex { index in
        try NetworkingRegistry().registerDependencies()   // the defaults instructions replace
        try RecipesRegistry().registerDependencies()
        #if DEBUG
        index.add(AppTypeIndex())
        index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
        #endif
    }
}

// "Which entry point, when"

private func startUp() {
    // main.swift
    do {
        try DynamicDependencyRegistry.standard(index: .myApp).inject()
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))   // every problem, positioned
        exit(1)
    }
}

// "Keep your own flags apart"

private struct MyOptions {
    static func parse(_ arguments: [String]) throws -> MyOptions { MyOptions() }
}

private func parseOwnFlags() throws {
    let options = try MyOptions.parse(CommandLine.withoutDependencyArguments())
    _ = options
}

private func printHelp() {
    print(DynamicDependencyIndex.myApp.manifest())
    // MyApp.BackendService: MyApp.BackendService.Stub
    // MyApp.Clock: MyApp.Clock.Fixed
}

// "Name keys `[Module].[Type].[Purpose]`"

extension DependencyTypeKey { static let recipeBook = DependencyTypeKey("RelayDemo.RecipeBook") }
extension DependencyFactoryKey { static let recipeBookStub = DependencyFactoryKey("RelayDemo.RecipeBook.Stub") }

// "Register main-actor types on the main actor"

private extension DependencyFactoryKey {
    static let profileModelStub = DependencyFactoryKey("MyApp.ProfileViewModel.Stub")
}

enum BestPracticesMainActorPage {
    protocol ProfileStore: Sendable {}
    struct LiveProfileStore: ProfileStore {}
    struct StubProfileStore: ProfileStore {}

    @MainActor final class ProfileViewModel {
        let store: ProfileStore
        init(store: ProfileStore) { self.store = store }
    }

    struct AppRegistry: DependencyRegistryType {
        func registerDependencies() throws {
            DependencyContainer.global.register(ProfileStore.self) { _ in LiveProfileStore() }
            DependencyContainer.global.register(ProfileViewModel.self, isolation: MainActor.self) { c in
                ProfileViewModel(store: try c.tryResolve())
            }
        }
    }

    @MainActor final class ProfileScreen {
        @Injected var model: ProfileViewModel      // resolved on first use, on the main actor
    }

    static let uiTestIndex = DynamicDependencyIndex { index in
        index.add(factory: .profileModelStub, producing: ProfileViewModel.self, isolation: MainActor.self) { _ in
            ProfileViewModel(store: StubProfileStore())
        }
    }
}
