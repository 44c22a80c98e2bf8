// Relay 0.3.2 code, written against its public API as documented, compiled in the Swift 5
// language mode (see Package.swift). One test per difference the seed-compatibility issue
// found; each fails if the 0.3.2 call shape stops compiling or behaving as it did.
//
// Factory indexes are written exactly as 0.3.2 wrote them, `(DependencyContainer) -> Any`
// without `@Sendable`: Relay runs each such factory under a lock instead.

import Foundation
import Relay
import Testing

protocol CompatService: AnyObject {}
final class CompatLiveService: CompatService {}
final class CompatStubService: CompatService {}

protocol CompatClock {}
struct CompatSystemClock: CompatClock {}

extension DependencyTypeKey {
    static let compatService = DependencyTypeKey("RelayCompatibilityTests.CompatService")
}

extension DependencyFactoryKey {
    static let compatServiceStub = DependencyFactoryKey("RelayCompatibilityTests.CompatService.Stub")
}

extension DependencyContainerScope {
    // 0.3.2's README declares scopes as `static var`; Swift 5 mode still allows it.
    static var compatUseCase1 = DependencyContainerScope("compatUseCase1")
    static var compatUseCase2 = DependencyContainerScope("compatUseCase2")
    static var compatMeta = DependencyContainerScope("compatMeta")
    static var compatParser = DependencyContainerScope("compatParser")
}

final class CompatTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type] = [
        .compatService: CompatService.self,
    ]
}

final class CompatFactoryIndex: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any] = CompatFactoryIndex.makeIndex()

    private static func makeIndex() -> [DependencyFactoryKey: (DependencyContainer) -> Any] {
        let stubFactory: (DependencyContainer) -> Any = { _ in CompatStubService() }
        return [.compatServiceStub: stubFactory]
    }
}

private func compatIndex() -> DynamicDependencyIndex {
    let index = DynamicDependencyIndex()
    index.add(CompatTypeIndex())
    index.add(CompatFactoryIndex())
    return index
}

@Suite("Relay 0.3.2 call shapes")
struct SeedCompatibilityTests {
    @Test("1. a factory index is a dictionary of non-throwing factories")
    func factoryIndexShape() throws {
        let index = compatIndex()
        let factory = try index.lookup(factory: .compatServiceStub)
        #expect(factory(DependencyContainer.global) is CompatStubService)
    }

    @Test("2. lookup(factory:) returns a closure called without try")
    func lookupFactoryDoesNotThrow() throws {
        let index = compatIndex()
        let factory: (DependencyContainer) -> Any = try index.lookup(factory: .compatServiceStub)
        #expect(factory(DependencyContainer.global) is CompatStubService)
        #expect(try index.lookup(type: .compatService) == CompatService.self)
    }

    @Test("3. DynamicDependencyIndexError has typeNotFound(identifier:) and factoryNotFound(identifier:), as a LocalizedError")
    func indexErrorShape() {
        let index = compatIndex()
        var caughtType: String?
        do {
            _ = try index.lookup(type: DependencyTypeKey("Compat.Missing"))
        } catch DynamicDependencyIndexError.typeNotFound(let identifier) {
            caughtType = identifier
        } catch {}
        #expect(caughtType == "Compat.Missing")

        var caughtFactory: String?
        do {
            _ = try index.lookup(factory: DependencyFactoryKey("Compat.Missing.Stub"))
        } catch DynamicDependencyIndexError.factoryNotFound(let identifier) {
            caughtFactory = identifier
        } catch {}
        #expect(caughtFactory == "Compat.Missing.Stub")

        let error: LocalizedError = DynamicDependencyIndexError.typeNotFound(identifier: "Compat.Missing")
        #expect(error.errorDescription?.contains("Compat.Missing") == true)
        #expect(error.recoverySuggestion?.isEmpty == false)
    }

    @available(*, deprecated, message: "exercises the seed name DependencyContainerScope.value")
    @Test("4. DependencyContainerScope.value still names the scope")
    func scopeValue() {
        #expect(DependencyContainerScope.compatUseCase1.value == "compatUseCase1")
        #expect(DependencyContainerScope("x").value == DependencyContainerScope("x").name)
    }

    @Test("5. @Injected can be assigned, and then never asks the container")
    func injectedSetter() {
        final class Screen {
            @Injected var clock: CompatClock
        }
        let screen = Screen()
        screen.clock = CompatSystemClock()   // CompatClock is registered nowhere
        #expect(screen.clock is CompatSystemClock)
    }

    @Test("7. register(_:with:) and register(lifecycle:) with the type inferred from the closure")
    func registerShapes() {
        let container = DependencyContainer.container(for: .compatUseCase2)
        container.register(CompatService.self, with: { _ in CompatLiveService() })
        #expect(container.resolve(CompatService.self) is CompatLiveService)

        container.register(lifecycle: .transient) { _ -> CompatClock in CompatSystemClock() }
        #expect(container.resolve(CompatClock.self) is CompatSystemClock)
        container.reset()
    }

    @Test("8. DependencyInstructionLaunchArgument takes scope: nil and exposes type, factory and scope")
    func launchArgumentShape() {
        let global = DependencyInstructionLaunchArgument(type: .compatService, factory: .compatServiceStub, scope: nil)
        #expect(global.type == .compatService)
        #expect(global.factory == .compatServiceStub)
        #expect(global.scope == nil)
        #expect(global.flag == "-d")
        #expect(global.value == "type=RelayCompatibilityTests.CompatService,factory=RelayCompatibilityTests.CompatService.Stub")

        let scoped = DependencyInstructionLaunchArgument(type: .compatService, factory: .compatServiceStub, scope: .compatUseCase1)
        #expect(scoped.scope == .compatUseCase1)
        #expect(LaunchArgumentBuilder(arguments: [scoped]).build() == ["-d", "type=RelayCompatibilityTests.CompatService,factory=RelayCompatibilityTests.CompatService.Stub,scope=compatUseCase1"])
    }

    @Test("9. meta containers and the dynamic registry, built in code")
    func metaContainers() throws {
        // The app's default in that scope, which the injected definition replaces.
        DependencyContainer.container(for: .compatMeta).register(CompatService.self) { _ in CompatLiveService() }
        let metaContainer = DependencyMetaContainer(scope: .compatMeta, definitions: [
            DependencyDefinition(typeIdentifier: .compatService, factoryIdentifier: .compatServiceStub, lifecycle: .singleton),
        ])
        let registry = DynamicDependencyRegistry(index: compatIndex(), metaContainers: [metaContainer])
        try registry.registerDependencies()
        #expect(DependencyContainer.container(for: .compatMeta).resolve(CompatService.self) is CompatStubService)
        DependencyContainer.container(for: .compatMeta).reset()
    }

    @Test("10. CommandLine.parse(with:) hands a parser all of CommandLine.arguments")
    func parsersSeeTheProgramName() throws {
        final class RecordingParser: ArgumentParser {
            var received: [String]?
            func canParse(arguments: [String]) -> Bool { true }
            func parse(arguments: [String]) throws { received = arguments }
        }
        let parser = RecordingParser()
        try CommandLine.parse(with: [parser])
        #expect(parser.received == CommandLine.arguments)
    }

    @Test("12. InjectDependenciesArgumentParser reads -d unless told otherwise: the call is the opt-in")
    func seedParserIsOn() throws {
        #expect(InjectDependenciesArgumentParser().policy.isEnabled)
        DependencyContainer.container(for: .compatParser).register(CompatService.self) { _ in CompatLiveService() }
        let index = compatIndex()
        let arguments = ["/path/to/App"] + LaunchArgumentBuilder(arguments: [
            DependencyInstructionLaunchArgument(type: .compatService, factory: .compatServiceStub, scope: .compatParser),
        ]).build()
        try CommandLine.parse(with: [InjectDependenciesArgumentParser(index: index)], arguments: arguments)
        #expect(DependencyContainer.container(for: .compatParser).resolve(CompatService.self) is CompatStubService)
        DependencyContainer.container(for: .compatParser).reset()
    }
}
