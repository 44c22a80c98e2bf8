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
            index.add(factory: "Val.Healthy", producing: ValHealthy.self) { _ in ValHealthyImpl() }
            index.add(factory: "Val.NeedsMissing", producing: ValNeedsMissing.self) { c in ValNeedsMissingImpl(dep: try c.tryResolve()) }
            do {
                try index.validate()
                exit(10)
            } catch let error as DependencyValidationError {
                guard error.failures.count == 1, error.failures[0].subject == "factory 'Val.NeedsMissing'",
                      error.failures[0].error.reason == .missingRegistration,
                      error.failures[0].error.requestedType == "RelayTests.ValMissingDep" else { exit(11) }
            } catch {
                exit(12)
            }
            exit(0)
        }
    }
}
