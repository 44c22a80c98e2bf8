import Foundation
import Relay
import Testing

// The README's five-minute tour, verbatim where it is code a user writes.

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

extension DependencyTypeKey { static let backend = DependencyTypeKey("MyApp.BackendService") }
extension DependencyFactoryKey { static let backendStub = DependencyFactoryKey("MyApp.BackendService.Stub") }

@Suite("README tour")
struct ReadmeTourTests {
    @Test("registration, indexing, launch arguments and injection behave as the README says")
    func tour() async throws {
        try AppRegistry().registerDependencies()
        #expect(try await DependencyContainer.global.resolve(RecipeStore.self).backend.recipes() == ["from the network"])

        let index = DynamicDependencyIndex()   // the README uses .shared
        index.add(type: .backend, BackendService.self)
        index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }

        let builder = LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .backend, factory: .backendStub),
        ])
        #expect(builder.build() == ["-d", "type=MyApp.BackendService,factory=MyApp.BackendService.Stub"])

        // In-process, so other tests in this process keep the live backend.
        try await withInjectedDependencies(DependencyOverrides(builder.instructions.map(\.description), index: index)) { () async throws in
            #expect(try await DependencyContainer.global.resolve(RecipeStore.self).backend.recipes() == ["Stub Pancakes"])
        }
        let report = try DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: builder.build())], policy: .enabled).plan()
        #expect(report.bindings.map(\.description) == ["MyApp.BackendService [global] → MyApp.BackendService.Stub (from argv[1])"])
    }
}
