import Foundation
@testable import Relay
@testable import RelayInstructions
@testable import RelayContainer
import Testing

// Types for the diagnostics tests. Names matter: the messages quote them.
protocol FaultBackendService: AnyObject {}
protocol FaultBackendServic: AnyObject {}   // a near miss by name
final class FaultBackend: FaultBackendService {}
protocol FaultDataStore: AnyObject {}
final class FaultStore: FaultDataStore {
    init(backend: FaultBackendService) {}
}
protocol FaultViewModel: AnyObject {}
final class FaultModel: FaultViewModel {
    init(store: FaultDataStore) {}
}

protocol CycleA: AnyObject {}
protocol CycleB: AnyObject {}
final class CycleAImpl: CycleA { init(b: CycleB) {} }
final class CycleBImpl: CycleB { init(a: CycleA) {} }

protocol LazyA: AnyObject { var b: LazyB { get } }
protocol LazyB: AnyObject { var a: LazyA { get } }
final class LazyAImpl: LazyA {
    let container: DependencyContainer
    init(container: DependencyContainer) { self.container = container }
    lazy var b: LazyB = container.resolve()
}
final class LazyBImpl: LazyB {
    let a: LazyA
    init(a: LazyA) { self.a = a }
}

protocol MismatchTarget: AnyObject {}
struct NotATarget {}

struct FactoryFailure: Error, CustomStringConvertible {
    var description: String { "the database is locked" }
}
protocol FailingType {}

extension DependencyContainerScope {
    static let faultScope = DependencyContainerScope("faults")
    static let faultOtherScope = DependencyContainerScope("faults.other")
}

@Suite("Resolution faults")
struct ResolutionFaultTests {
    @Test("a missing registration names the type, scope, fallback, chain and near misses")
    func missingRegistration() throws {
        let scope = DependencyContainer.container(for: .faultScope)
        scope.register(FaultViewModel.self, lifecycle: .transient) { c in FaultModel(store: try c.tryResolve()) }
        scope.register(FaultDataStore.self, lifecycle: .transient) { c in FaultStore(backend: try c.tryResolve()) }
        DependencyContainer.global.register(FaultBackendServic.self) { _ in fatalError("never resolved") }
        DependencyContainer.container(for: .faultOtherScope).register(FaultBackendService.self) { _ in FaultBackend() }

        let error = #expect(throws: DependencyResolutionError.self) {
            try scope.tryResolve(FaultViewModel.self)
        }
        let e = try #require(error)
        #expect(e.reason == .missingRegistration)
        #expect(e.requestedType == "RelayTests.FaultBackendService")
        #expect(e.scope == .faultScope)
        #expect(e.chain == ["RelayTests.FaultViewModel", "RelayTests.FaultDataStore", "RelayTests.FaultBackendService"])
        // A self-filling index that another test has not filled yet adds a note and a fix
        // (ForgottenInjectTests); what is left is the same.
        let description = e.hint.map { hint in
            e.description.replacingOccurrences(of: "  note: \(hint.note)\n", with: "").replacingOccurrences(of: "fix: \(hint.fix); otherwise ", with: "fix: ")
        } ?? e.description
        #expect(description == """
            Relay cannot resolve RelayTests.FaultBackendService: no registration in scope 'faults' or in its fallback, the global container.
              dependency chain: RelayTests.FaultViewModel → RelayTests.FaultDataStore → RelayTests.FaultBackendService
              near misses: RelayTests.FaultBackendService is registered in scope 'faults.other'; RelayTests.FaultBackendServic (registered in global)
              fix: register it before resolving, e.g. DependencyContainer.global (or the 'faults' scope's container).register(RelayTests.FaultBackendService.self) { _ in … }
            """)
    }

    @Test("a key-registered factory returning the wrong type names both types and the registration")
    func typeMismatch() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("faults.mismatch"))
        container.register(key: DependencyKey(MismatchTarget.self)) { _ in NotATarget() }; let line = #line
        let error = #expect(throws: DependencyResolutionError.self) {
            try container.tryResolve(MismatchTarget.self)
        }
        let e = try #require(error)
        #expect(e.reason == .typeMismatch(actualType: "RelayTests.NotATarget"))
        #expect(e.registration == "RelayTests/ResolutionFaultTests.swift:\(line)")
        #expect(e.description.contains("returned RelayTests.NotATarget, which is not a RelayTests.MismatchTarget"))
    }

    @Test("a circular dependency is reported with the whole cycle", arguments: [LifecycleType.singleton, .transient])
    func circularDependency(lifecycle: LifecycleType) throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("faults.cycle.\(lifecycle)"))
        container.register(CycleA.self, lifecycle: lifecycle) { c in CycleAImpl(b: try c.tryResolve()) }
        container.register(CycleB.self, lifecycle: lifecycle) { c in CycleBImpl(a: try c.tryResolve()) }
        let error = #expect(throws: DependencyResolutionError.self) {
            try container.tryResolve(CycleA.self)
        }
        let e = try #require(error)
        #expect(e.reason == .circularDependency(cycle: ["RelayTests.CycleA", "RelayTests.CycleB", "RelayTests.CycleA"], acrossThreads: false))
        #expect(e.description.hasPrefix("Relay cannot resolve RelayTests.CycleA in scope 'faults.cycle.\(lifecycle)': circular dependency RelayTests.CycleA → RelayTests.CycleB → RelayTests.CycleA."))
        // A failed singleton build leaves nothing half-made: fixing the graph works.
        container.register(CycleB.self, lifecycle: lifecycle) { _ in CycleBImpl(a: LazyCycleBreaker()) }
        #expect(throws: Never.self) { try container.tryResolve(CycleA.self) }
    }

    @Test("the seed's lazy cycle (resolved after the factory returned) keeps working")
    func lazyCycle() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("faults.lazy"))
        container.register(LazyA.self) { c in LazyAImpl(container: c) }
        container.register(LazyB.self) { c in LazyBImpl(a: try c.tryResolve()) }
        let a = try container.tryResolve(LazyA.self)
        #expect(a.b.a === a)
    }

    @Test("an error thrown by a factory is wrapped with the type and the registration")
    func factoryThrows() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("faults.throwing"))
        container.register(FailingType.self) { _ in throw FactoryFailure() }
        let error = #expect(throws: DependencyResolutionError.self) {
            try container.tryResolve(FailingType.self)
        }
        let e = try #require(error)
        #expect(e.reason == .factoryFailed)
        #expect(e.underlyingError is FactoryFailure)
        #expect(e.description.contains("its factory (registered at RelayTests/ResolutionFaultTests.swift:"))
        #expect(e.description.contains("threw: the database is locked"))
        // The singleton was not cached in a broken state: a fixed registration works.
        container.register(FailingType.self) { _ in FailingImpl() }
        #expect(throws: Never.self) { try container.tryResolve(FailingType.self) }
    }

    @Test("resolve() stops the program with the full diagnostic")
    func resolveStopsTheProgram() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            protocol NeverRegistered {}
            _ = DependencyContainer.global.resolve(NeverRegistered.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Relay cannot resolve"))
        #expect(stderr.contains("NeverRegistered: no registration in the global container (it has no fallback)."))
    }
}

private final class LazyCycleBreaker: CycleA {}
private struct FailingImpl: FailingType {}
