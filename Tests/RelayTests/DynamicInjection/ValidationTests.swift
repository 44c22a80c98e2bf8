import Foundation
import Relay
import Testing

protocol ValMissingDep: AnyObject {}
protocol ValNeedsMissing: AnyObject {}
final class ValNeedsMissingImpl: ValNeedsMissing { init(dep: ValMissingDep) {} }
protocol ValCycleA: AnyObject {}
protocol ValCycleB: AnyObject {}
final class ValCycleAImpl: ValCycleA { init(b: ValCycleB) {} }
final class ValCycleBImpl: ValCycleB { init(a: ValCycleA) {} }
protocol ValMismatch {}
struct ValOrphan: ValMismatch {}
protocol ValHealthy: AnyObject {}
final class ValHealthyImpl: ValHealthy {}

// validate() dry-runs every registration of every container, so these run in child
// processes where no other test's registrations exist.
@Suite("Validation")
struct ValidationTests {
    @Test("validate() reports every missing dependency, mismatch and cycle at once")
    func containerValidation() async {
        await #expect(processExitsWith: .success) {
            let scope = DependencyContainerScope("validation")
            DependencyContainer.global.register(ValHealthy.self) { _ in ValHealthyImpl() }
            DependencyContainer.global.register(ValNeedsMissing.self) { c in ValNeedsMissingImpl(dep: try c.tryResolve()) }
            DependencyContainer.container(for: scope).register(ValCycleA.self) { c in ValCycleAImpl(b: try c.tryResolve()) }
            DependencyContainer.container(for: scope).register(ValCycleB.self) { c in ValCycleBImpl(a: try c.tryResolve()) }
            DependencyContainer.global.register(key: DependencyKey(ValMismatch.self)) { _ in "not a ValMismatch" }
            do {
                try DependencyContainer.validate()
                exit(10)
            } catch let error as DependencyValidationError {
                let reasons = error.failures.map(\.error.reason)
                guard error.failures.count == 4,
                      reasons.contains(.missingRegistration),
                      reasons.contains(.typeMismatch(actualType: "Swift.String")),
                      reasons.filter({ if case .circularDependency = $0 { true } else { false } }).count == 2,
                      error.description.hasPrefix("Relay validation found 4 failures:"),
                      error.description.contains("RelayTests.ValNeedsMissing in global (registered at RelayTests/ValidationTests.swift:")
                else { exit(11) }
            } catch {
                exit(12)
            }
            exit(0)
        }
    }

    @Test("validate() on a complete graph passes")
    func containerValidationPasses() async {
        await #expect(processExitsWith: .success) {
            DependencyContainer.global.register(ValHealthy.self) { _ in ValHealthyImpl() }
            do { try DependencyContainer.validate() } catch { exit(1) }
            exit(0)
        }
    }

    @Test("the index's validate() dry-runs every factory")
    func indexValidation() async {
        await #expect(processExitsWith: .success) {
            let index = DynamicDependencyIndex()
            index.add(type: "Val.Healthy", ValHealthy.self)
            index.add(type: "Val.NeedsMissing", ValNeedsMissing.self)
            index.add(factory: "Val.Healthy.Impl", producing: ValHealthy.self) { _ in ValHealthyImpl() }
            index.add(factory: "Val.NeedsMissing.Impl", producing: ValNeedsMissing.self) { c in ValNeedsMissingImpl(dep: try c.tryResolve()) }
            do {
                try index.validate()
                exit(10)
            } catch let error as DependencyValidationError {
                guard error.failures.count == 1, error.failures[0].subject == "factory 'Val.NeedsMissing.Impl'",
                      error.failures[0].error.reason == .missingRegistration,
                      error.failures[0].error.requestedType == "RelayTests.ValMissingDep" else { exit(11) }
            } catch {
                exit(12)
            }
            exit(0)
        }
    }

    @Test("the index's validate() reports a factory whose type no type key is indexed as, and names add(type:) with the protocol as the fix")
    func typeKeyIndexedWithTheConcreteClass() throws {
        let index = DynamicDependencyIndex()
        index.add(type: "Val.Healthy", ValHealthyImpl.self)   // the mistake: the class, not the protocol code resolves
        index.add(factory: "Val.Healthy.Stub", producing: ValHealthy.self) { _ in ValHealthyImpl() }
        index.add(factory: "Val.Orphan", producing: ValMismatch.self) { _ in ValOrphan() }
        let error = #expect(throws: DependencyValidationError.self) { try index.validate() }
        let failures = error?.failures ?? []
        #expect(failures.map(\.subject) == ["factory 'Val.Healthy.Stub'", "factory 'Val.Orphan'"])
        #expect(failures.first?.error.reason == .factoryForNoTypeKey(typeKey: "Val.Healthy", indexedAs: "RelayTests.ValHealthyImpl"))
        #expect(failures.first?.error.description == """
            Relay cannot bind factory 'Val.Healthy.Stub': it produces RelayTests.ValHealthy, but no type key is indexed as RelayTests.ValHealthy, \
            so no instruction can use it. Its key is named for type key 'Val.Healthy', which is indexed as RelayTests.ValHealthyImpl.
              fix: if code resolves RelayTests.ValHealthy, index the type key as that: add(type: DependencyTypeKey("Val.Healthy"), RelayTests.ValHealthy.self); \
            otherwise make the factory produce RelayTests.ValHealthyImpl (add(factory:producing:)).
            """)
        #expect(failures.last?.error.reason == .factoryForNoTypeKey(typeKey: nil, indexedAs: nil))
    }

    @Test("the first injection through such a type key names add(type:) with the protocol, not a factory for the class")
    func injectionMessageNamesTheTypeKeyFix() throws {
        let index = DynamicDependencyIndex()
        index.add(type: "Val.Healthy", ValHealthyImpl.self)
        index.add(factory: "Val.Healthy.Stub", producing: ValHealthy.self) { _ in ValHealthyImpl() }
        let registry = DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: ["-d", "type=Val.Healthy,factory=Val.Healthy.Stub"])])
        let error = #expect(throws: DynamicInjectionError.self) { try registry.plan() }
        #expect(error?.description.contains(
            "factory 'Val.Healthy.Stub' produces RelayTests.ValHealthy, but type key 'Val.Healthy' is RelayTests.ValHealthyImpl; "
                + "no type key is indexed as RelayTests.ValHealthy and no factory produces RelayTests.ValHealthyImpl, so the type key was likely indexed with the wrong type — "
                + "if code resolves RelayTests.ValHealthy, index the type key as that: add(type: DependencyTypeKey(\"Val.Healthy\"), RelayTests.ValHealthy.self); "
                + "otherwise index a factory that produces RelayTests.ValHealthyImpl"
        ) == true, "\(String(describing: error))")
    }
}
