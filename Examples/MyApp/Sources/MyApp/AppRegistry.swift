import Relay

protocol BackendService: Sendable { func recipes() async throws -> [String] }
struct LiveBackend: BackendService { func recipes() async throws -> [String] { ["from the network"] } }
struct BackendStub: BackendService { func recipes() async throws -> [String] { ["Stub Pancakes"] } }

final class RecipeStore {
    let backend: BackendService
    init(backend: BackendService) { self.backend = backend }
}

struct AppRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.global.register(BackendService.self) { _ in LiveBackend() }
        DependencyContainer.global.register(RecipeStore.self, lifecycle: .transient) { c in
            RecipeStore(backend: try c.tryResolve())
        }
    }
}
