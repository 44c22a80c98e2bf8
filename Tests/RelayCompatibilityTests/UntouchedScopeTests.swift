// Relay 0.3.2's two scenarios that bind into a scope nothing has touched yet, with 0.3's
// own entry points and 0.3's call shapes (Swift 5 language mode, non-`@Sendable` factory
// dictionaries): meta containers given to `DynamicDependencyRegistry(index:metaContainers:)`
// and `-d` read by `InjectDependenciesArgumentParser`. As in 0.3, the binding creates the
// scope's container; every 1.x entry point rejects such a scope instead (last test).

import Foundation
import Relay
import Testing

protocol UntouchedTypeA {}
protocol UntouchedTypeB {}
protocol UntouchedTypeC {}
final class MakesUntouchedA: UntouchedTypeA {}
final class MakesUntouchedB: UntouchedTypeB {}
final class MakesUntouchedC: UntouchedTypeC {}

/// A 0.3-style type index: a class holding a dictionary.
final class UntouchedTypeIndex: DependencyTypeIndexable {
    let index: [DependencyTypeKey: Any.Type]
    init(index: [DependencyTypeKey: Any.Type]) { self.index = index }
}

/// A 0.3-style factory index: plain `(DependencyContainer) -> Any` closures.
final class UntouchedFactoryIndex: DependencyFactoryIndexable {
    let index: [DependencyFactoryKey: (DependencyContainer) -> Any]
    init(index: [DependencyFactoryKey: (DependencyContainer) -> Any]) { self.index = index }
}

extension DependencyTypeKey {
    static let untouchedA = DependencyTypeKey("UntouchedScopeTests.typeA")
    static let untouchedB = DependencyTypeKey("UntouchedScopeTests.typeB")
    static let untouchedC = DependencyTypeKey("UntouchedScopeTests.typeC")
}

extension DependencyFactoryKey {
    static let untouchedA = DependencyFactoryKey("UntouchedScopeTests.factoryA")
    static let untouchedB = DependencyFactoryKey("UntouchedScopeTests.factoryB")
    static let untouchedC = DependencyFactoryKey("UntouchedScopeTests.factoryC")
}

private func untouchedIndex() -> DynamicDependencyIndex {
    let makeA: (DependencyContainer) -> Any = { _ in MakesUntouchedA() }
    let makeB: (DependencyContainer) -> Any = { _ in MakesUntouchedB() }
    let makeC: (DependencyContainer) -> Any = { _ in MakesUntouchedC() }
    let index = DynamicDependencyIndex()
    index.add(UntouchedTypeIndex(index: [.untouchedA: UntouchedTypeA.self, .untouchedB: UntouchedTypeB.self, .untouchedC: UntouchedTypeC.self]))
    index.add(UntouchedFactoryIndex(index: [.untouchedA: makeA, .untouchedB: makeB, .untouchedC: makeC]))
    return index
}

@Suite("Relay 0.3.2: binding into a scope nothing has touched")
struct UntouchedScopeTests {
    @Test("meta containers given to the registry create the scope's container, as in 0.3")
    func metaContainersCreateTheScope() throws {
        let customScope = DependencyContainerScope("UntouchedScopeTests.metaContainers")
        let metaContainers = [
            DependencyMetaContainer(scope: .global, definitions: [
                DependencyDefinition(typeIdentifier: .untouchedA, factoryIdentifier: .untouchedA),
                DependencyDefinition(typeIdentifier: .untouchedB, factoryIdentifier: .untouchedB),
            ]),
            DependencyMetaContainer(scope: customScope, definitions: [
                DependencyDefinition(typeIdentifier: .untouchedC, factoryIdentifier: .untouchedC),
            ]),
        ]
        let sut = DynamicDependencyRegistry(index: untouchedIndex(), metaContainers: metaContainers)
        try sut.registerDependencies()

        #expect(DependencyContainer.global.resolve(UntouchedTypeA.self) is MakesUntouchedA)
        #expect(DependencyContainer.global.resolve(UntouchedTypeB.self) is MakesUntouchedB)
        #expect(DependencyContainer.container(for: customScope).resolve(UntouchedTypeC.self) is MakesUntouchedC)
    }

    @Test("InjectDependenciesArgumentParser creates the scope's container, as in 0.3")
    func argumentParserCreatesTheScope() throws {
        let scopeIdentifier = "UntouchedScopeTests.argumentParser"
        let arguments = [
            "--dependency", "type=UntouchedScopeTests.typeA,factory=UntouchedScopeTests.factoryA",
            "-d", "type=UntouchedScopeTests.typeB,factory=UntouchedScopeTests.factoryB,scope=\(scopeIdentifier)",
        ]
        let sut = InjectDependenciesArgumentParser(index: untouchedIndex())
        #expect(sut.canParse(arguments: arguments))
        try sut.parse(arguments: arguments)

        #expect(DependencyContainer.global.resolve(UntouchedTypeA.self) is MakesUntouchedA)
        #expect(DependencyContainer.container(for: DependencyContainerScope(scopeIdentifier)).resolve(UntouchedTypeB.self) is MakesUntouchedB)
    }

    @Test("the report says the binding created its scope")
    func reportSaysSo() throws {
        let scope = DependencyContainerScope("UntouchedScopeTests.report")
        let report = try InjectDependenciesArgumentParser(index: untouchedIndex())
            .registry(arguments: ["-d", "type=UntouchedScopeTests.typeC,factory=UntouchedScopeTests.factoryC,scope=\(scope.name)"])
            .inject()
        #expect(report.bindings.map(\.createdScope) == [true])
        #expect(report.description.contains("scope 'UntouchedScopeTests.report' had nothing registered; created for this binding"))
        // Once the container exists, a second injection does not say so again.
        let again = try DynamicDependencyRegistry(index: untouchedIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: .untouchedC, factoryIdentifier: .untouchedC)]),
        ]).inject()
        #expect(again.bindings.map(\.createdScope) == [false])
    }

    @Test("1.x entry points still reject a scope nothing knows")
    func newEntryPointsReject() throws {
        let registry = DynamicDependencyRegistry(
            index: untouchedIndex(),
            sources: [CommandLineInstructionSource(arguments: ["-d", "type=UntouchedScopeTests.typeC,factory=UntouchedScopeTests.factoryC,scope=UntouchedScopeTests.never"])],
            policy: .enabled
        )
        let error = #expect(throws: DynamicInjectionError.self) { try registry.inject() }
        #expect(error?.diagnostics.first?.message.hasPrefix("unknown scope 'UntouchedScopeTests.never'") == true)
        #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(DependencyOverrides(["type=UntouchedScopeTests.typeC,factory=UntouchedScopeTests.factoryC,scope=UntouchedScopeTests.never"], index: untouchedIndex())) {}
        }
    }
}
