// The snippets of mindbody/Relay 0.3.2's README, as a 0.3 user has them. Two packages
// build this one file: Examples/Seed5 in the Swift 5 language mode, Examples/Seed6 (whose
// Sources/SeedApp is a link to this folder) in Swift 6, where the one change Swift 6 asks
// for is made: scopes are `static let` (Swift 6 forbids mutable globals). Factory indexes
// keep 0.3.2's plain closures. Only what the README leaves out is filled in (the protocols
// and classes it names, a main). The README's `#if DEBUG` around the index and the parser is left
// out, so that a release build shows the parser honouring `-d` as 0.3.2 did. Its scoped
// registry wrote `DependencyContainer.useCase1`, which no
// Relay version had; the scope's container is `DependencyContainer.container(for:)`.
import Relay

protocol MyBackendServiceType: AnyObject { var name: String { get } }
final class MyBackendService: MyBackendServiceType { let name = "live backend" }
final class MyBackendServiceStub: MyBackendServiceType {
    let name = "stub backend"
    var responseUnderTest: [String] = []
}

protocol MyViewControllerDataStoreType { var backendService: MyBackendServiceType { get } }
final class MyViewControllerDataStore: MyViewControllerDataStoreType {
    let backendService: MyBackendServiceType
    init(backendService: MyBackendServiceType) { self.backendService = backendService }
}
final class MyViewControllerFirstUseCaseDataStore: MyViewControllerDataStoreType {
    let backendService: MyBackendServiceType = MyBackendService()
}

extension DependencyTypeKey {
    static let myViewControllerDataStore = DependencyTypeKey("Seed.MyViewControllerDataStoreType")
    static let myBackendService = DependencyTypeKey("Seed.MyBackendServiceType")
}

extension DependencyFactoryKey {
    static let testCase56789BackendService = DependencyFactoryKey("Seed.MyBackendServiceType.TestCase56789")
}

extension DependencyContainerScope {
    #if swift(>=6)
    static let useCase1 = DependencyContainerScope("useCase1")
    static let useCase2 = DependencyContainerScope("useCase2")
    #else
    // As 0.3.2's README declares them.
    static var useCase1 = DependencyContainerScope("useCase1")
    static var useCase2 = DependencyContainerScope("useCase2")
    #endif
}

final class DefaultDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.global.register(MyBackendServiceType.self) { _ in
            MyBackendService()
        }
        DependencyContainer.global.register(MyViewControllerDataStoreType.self, lifecycle: .transient) { container in
            MyViewControllerDataStore(backendService: container.resolve(MyBackendServiceType.self))
        }
    }
}

final class MyScopedDependencyRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.container(for: .useCase1).register(MyViewControllerDataStoreType.self, lifecycle: .transient) { _ in
            MyViewControllerFirstUseCaseDataStore()
        }
    }
}

final class DefaultDependencyTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .myViewControllerDataStore: MyViewControllerDataStoreType.self,
        .myBackendService: MyBackendServiceType.self,
    ]
}

final class TestSuite12345DependencyFactoryIndex: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = TestSuite12345DependencyFactoryIndex.makeIndex()

    private static func makeIndex() -> [DependencyFactoryKey: (DependencyContainer) -> Any] {
        let backendServiceFactory: (DependencyContainer) -> Any = { _ in
            let backendServiceStub = MyBackendServiceStub()
            backendServiceStub.responseUnderTest = ["sample", "sample"]
            return backendServiceStub
        }
        return [
            .testCase56789BackendService: backendServiceFactory,
        ]
    }
}

func registerDependencies() {
    do {
        try DefaultDependencyRegistry().registerDependencies()
        try MyScopedDependencyRegistry().registerDependencies()
        DynamicDependencyIndex.shared.add(DefaultDependencyTypeIndex())
        DynamicDependencyIndex.shared.add(TestSuite12345DependencyFactoryIndex())
        try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    } catch {
        fatalError(error.localizedDescription)
    }
}

registerDependencies()

// The driver's side: what a UI test would pass.
let argument = DependencyInstructionLaunchArgument(type: .myBackendService, factory: .testCase56789BackendService)
let builder = LaunchArgumentBuilder(arguments: [argument])
print("driver would pass: \(builder.build().joined(separator: " "))")

let dataStore = DependencyContainer.global.resolve(MyViewControllerDataStoreType.self)
print("global data store uses: \(dataStore.backendService.name)")
let scoped = DependencyContainer.container(for: .useCase1).resolve(MyViewControllerDataStoreType.self)
print("useCase1 data store: \(type(of: scoped))")
let first = DependencyContainer.global.resolve(MyViewControllerDataStoreType.self)
print("transient data stores are distinct: \(first as AnyObject !== dataStore as AnyObject)")
