import Foundation
import Relay
import Testing

// The seed README's code, as a user would write it, compiled and run.

protocol SeedBackendServiceType: AnyObject {}
final class SeedBackendService: SeedBackendServiceType {}
final class SeedBackendServiceStub: SeedBackendServiceType {}
protocol SeedDataStoreType: AnyObject { var backendService: SeedBackendServiceType { get } }
final class SeedDataStore: SeedDataStoreType {
    let backendService: SeedBackendServiceType
    init(backendService: SeedBackendServiceType) { self.backendService = backendService }
}

extension DependencyContainerScope {
    static let seedUseCase1 = DependencyContainerScope("seed.useCase1")
}

extension DependencyTypeKey {
    static let seedBackendService = DependencyTypeKey("RelayTests.SeedBackendServiceType")
}

extension DependencyFactoryKey {
    static let seedBackendServiceStub = DependencyFactoryKey("RelayTests.SeedBackendService.Stub")
}

final class SeedDefaultDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        let container = DependencyContainer.container(for: .seedUseCase1)
        container.register(SeedBackendServiceType.self) { _ in SeedBackendService() }
        container.register(SeedDataStoreType.self, lifecycle: .transient) { container in
            SeedDataStore(backendService: container.resolve())
        }
    }
}

final class SeedTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .seedBackendService: SeedBackendServiceType.self,
    ]
}

final class SeedFactoryIndex: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = [
        .seedBackendServiceStub: { _ in SeedBackendServiceStub() },
    ]
}

@Suite("Seed README")
struct SeedReadmeTests {
    @Test("registry, indices, CommandLine.parse and LaunchArgumentBuilder work as the seed describes")
    func seedFlow() throws {
        try SeedDefaultDependencyRegistry().registerDependencies()
        let index = DynamicDependencyIndex()
        index.add(SeedTypeIndex())
        index.add(SeedFactoryIndex())

        // The driver's side.
        let argument = DependencyInstructionLaunchArgument(type: .seedBackendService, factory: .seedBackendServiceStub, scope: .seedUseCase1)
        let launchArguments = LaunchArgumentBuilder(arguments: [argument]).build()

        // The app's side.
        try CommandLine.parse(with: [InjectDependenciesArgumentParser(index: index)], arguments: launchArguments)
        let store = DependencyContainer.container(for: .seedUseCase1).resolve(SeedDataStoreType.self)
        #expect(store.backendService is SeedBackendServiceStub)
    }
}
