import RelayTestSupport
import Foundation
import Relay
import Testing

// Each test registers its types in a scope of its own, so the tests run in parallel with
// every other suite on the shared containers.

private final class Work: Sendable {}
private final class Provider: Sendable {}
private struct ForecastPart: Sendable { let work: Work; let provider: Provider }
private struct AdvicePart: Sendable { let work: Work; let provider: Provider }
private final class SlowWork: Sendable {}
private final class Session: Sendable {}
private protocol Ledger: AnyObject, Sendable {}
private final class LedgerStub: Ledger {}

private extension DependencyContainerScope {
    static let shared = DependencyContainerScope("UnitOfWorkTests.shared")
    static let outside = DependencyContainerScope("UnitOfWorkTests.outside")
    static let tasks = DependencyContainerScope("UnitOfWorkTests.tasks")
    static let concurrent = DependencyContainerScope("UnitOfWorkTests.concurrent")
    static let released = DependencyContainerScope("UnitOfWorkTests.released")
    static let nested = DependencyContainerScope("UnitOfWorkTests.nested")
    static let detached = DependencyContainerScope("UnitOfWorkTests.detached")
    static let instructions = DependencyContainerScope("UnitOfWorkTests.instructions")
    static let layered = DependencyContainerScope("UnitOfWorkTests.layered")
}

/// Registers `Work` per unit of work, a counted singleton `Provider`, and two services that
/// each take both, in `scope`; returns the counts of builds.
private func registerServices(in scope: DependencyContainerScope) -> (container: DependencyContainer, works: Locked<Int>, providers: Locked<Int>) {
    let works = Locked(0), providers = Locked(0)
    let c = DependencyContainer.container(for: scope)
    c.register(Work.self, lifecycle: .unitOfWork) { _ in works.withLock { $0 += 1 }; return Work() }
    c.register(Provider.self) { _ in providers.withLock { $0 += 1 }; return Provider() }
    c.register(ForecastPart.self, lifecycle: .transient) { c in ForecastPart(work: try c.tryResolve(), provider: try c.tryResolve()) }
    c.register(AdvicePart.self, lifecycle: .transient) { c in AdvicePart(work: try c.tryResolve(), provider: try c.tryResolve()) }
    return (c, works, providers)
}

@Suite("Unit of work lifecycle")
struct UnitOfWorkTests {
    @Test("one instance per block, shared by every resolve inside it; a fresh one next block; singletons built once")
    func sharedWithinBlock() throws {
        let (c, works, providers) = registerServices(in: .shared)
        let first = try DependencyContainer.withUnitOfWork {
            let forecast = try c.tryResolve(ForecastPart.self)
            let advice = try c.tryResolve(AdvicePart.self)
            #expect(forecast.work === advice.work)
            #expect(try c.tryResolve(Work.self) === forecast.work)
            return forecast.work
        }
        let second = try DependencyContainer.withUnitOfWork { try c.tryResolve(Work.self) }
        #expect(first !== second)
        #expect(works.withLock { $0 } == 2)
        #expect(providers.withLock { $0 } == 1)
    }

    @Test("resolving it outside any block is noUnitOfWork, and the message names withUnitOfWork")
    func outsideAnyBlock() {
        let c = DependencyContainer.container(for: .outside)
        c.register(Work.self, lifecycle: .unitOfWork) { _ in Work() }
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Work.self) }
        #expect(error?.reason == .noUnitOfWork)
        let text = error?.description ?? ""
        #expect(text.contains("registered as unitOfWork"), "\(text)")
        #expect(text.contains("fix: resolve ") && text.contains(" inside DependencyContainer.withUnitOfWork { … }"), "\(text)")
        // Also as a dependency: the chain says who needed it.
        c.register(ForecastPart.self, lifecycle: .transient) { c in ForecastPart(work: try c.tryResolve(), provider: Provider()) }
        let nested = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ForecastPart.self) }
        #expect(nested?.reason == .noUnitOfWork)
        #expect(nested?.chain.count == 2)
    }

    @Test("child tasks, async let and task groups share the block's instance")
    func childTasksShare() async throws {
        let (c, works, _) = registerServices(in: .tasks)
        let (work, others) = try await DependencyContainer.withUnitOfWork {
            async let forecast = c.tryResolve(ForecastPart.self)
            async let advice = c.tryResolve(AdvicePart.self)
            let grouped = try await withThrowingTaskGroup(of: Work.self) { group in
                for _ in 0..<4 { group.addTask { try c.tryResolve(Work.self) } }
                return try await group.reduce(into: [Work]()) { $0.append($1) }
            }
            let unstructured = try await Task { try c.tryResolve(Work.self) }.value
            return (try await forecast.work, [try await advice.work, unstructured] + grouped)
        }
        #expect(others.allSatisfy { $0 === work })
        #expect(works.withLock { $0 } == 1)
        let next = try DependencyContainer.withUnitOfWork { try c.tryResolve(Work.self) }
        #expect(next !== work)
    }

    @Test("8 concurrent requests, 8 tasks each resolving at the same moment: one build per request")
    func concurrentRequests() async throws {
        let builds = Locked(0), providers = Locked(0)
        let c = DependencyContainer.container(for: .concurrent)
        c.register(SlowWork.self, lifecycle: .unitOfWork) { _ in
            builds.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.005)   // others arrive while it is being built
            return SlowWork()
        }
        c.register(Provider.self) { _ in providers.withLock { $0 += 1 }; return Provider() }
        let perRequest = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { requests in
            for _ in 0..<8 {
                requests.addTask {
                    try await DependencyContainer.withUnitOfWork {
                        try await withThrowingTaskGroup(of: ObjectIdentifier.self) { tasks in
                            for _ in 0..<8 {
                                tasks.addTask {
                                    _ = try c.tryResolve(Provider.self)
                                    return ObjectIdentifier(try c.tryResolve(SlowWork.self))
                                }
                            }
                            return try await tasks.reduce(into: [ObjectIdentifier]()) { $0.append($1) }
                        }
                    }
                }
            }
            return try await requests.reduce(into: [[ObjectIdentifier]]()) { $0.append($1) }
        }
        #expect(perRequest.count == 8)
        #expect(perRequest.allSatisfy { Set($0).count == 1 && $0.count == 8 })
        #expect(builds.withLock { $0 } == 8)
        #expect(providers.withLock { $0 } == 1)
    }

    @Test("the instance is released when its block ends")
    func releasedAtEnd() throws {
        let c = DependencyContainer.container(for: .released)
        c.register(Session.self, lifecycle: .unitOfWork) { _ in Session() }
        weak var kept: Session?
        try DependencyContainer.withUnitOfWork {
            let session = try c.tryResolve(Session.self)
            kept = session
            #expect(try c.tryResolve(Session.self) === session)
        }
        #expect(kept == nil)
    }

    @Test("a block inside a block is a new unit, which hides the outer one until it ends")
    func nestedBlocks() throws {
        let c = DependencyContainer.container(for: .nested)
        c.register(Session.self, lifecycle: .unitOfWork) { _ in Session() }
        try DependencyContainer.withUnitOfWork {
            let outer = try c.tryResolve(Session.self)
            let inner = try DependencyContainer.withUnitOfWork { try c.tryResolve(Session.self) }
            #expect(inner !== outer)
            #expect(try c.tryResolve(Session.self) === outer)
        }
    }

    @Test("a detached task does not inherit the unit")
    func detachedTask() async throws {
        let c = DependencyContainer.container(for: .detached)
        c.register(Session.self, lifecycle: .unitOfWork) { _ in Session() }
        try await DependencyContainer.withUnitOfWork {
            _ = try c.tryResolve(Session.self)
            let result = await Task.detached { Result { try c.tryResolve(Session.self) } }.value
            #expect(throws: DependencyResolutionError.self) { try result.get() }
        }
    }

    @Test("lifecycle=unitOfWork binds a stub per unit of work, through withInjectedDependencies")
    func instructionBinding() throws {
        #expect(try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=unitOfWork").lifecycle == .unitOfWork)
        #expect(try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=UNITOFWORK").lifecycle == .unitOfWork)
        let index = DynamicDependencyIndex()
        index.add(scope: .instructions)
        index.add(type: "UnitOfWorkTests.Ledger", Ledger.self)
        index.add(factory: "UnitOfWorkTests.Ledger.Stub", producing: Ledger.self) { _ in LedgerStub() }
        let c = DependencyContainer.container(for: .instructions)
        c.register(Ledger.self) { _ in LedgerStub() }   // the live one: a singleton
        try withInjectedDependencies(["type=UnitOfWorkTests.Ledger,factory=UnitOfWorkTests.Ledger.Stub,scope=UnitOfWorkTests.instructions,lifecycle=unitOfWork"], index: index) {
            #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Ledger.self) }
            let first: any Ledger = try DependencyContainer.withUnitOfWork {
                let ledger = try c.tryResolve(Ledger.self)
                let again = try c.tryResolve(Ledger.self)
                #expect(again === ledger)
                return ledger
            }
            let second: any Ledger = try DependencyContainer.withUnitOfWork { try c.tryResolve(Ledger.self) }
            #expect(first !== second)
        }
        // Outside the overrides, the live singleton again.
        let live = try c.tryResolve(Ledger.self)
        #expect(live === c.resolve(Ledger.self))
    }

    @Test("an instance built inside an override layer stays in that layer; the unit's own is kept outside it")
    func overrideLayerInsideAUnit() throws {
        let c = DependencyContainer.container(for: .layered)
        c.register(Provider.self) { _ in Provider() }
        c.register(ForecastPart.self, lifecycle: .unitOfWork) { c in ForecastPart(work: Work(), provider: try c.tryResolve()) }
        var overrides = DependencyOverrides()
        overrides.register(Provider.self, scope: .layered) { _ in Provider() }
        try DependencyContainer.withUnitOfWork {
            let outer = try c.tryResolve(ForecastPart.self)
            let inner = try withInjectedDependencies(overrides) {
                let first = try c.tryResolve(ForecastPart.self)
                #expect(try c.tryResolve(ForecastPart.self).work === first.work)
                return first
            }
            #expect(inner.work !== outer.work)
            #expect(inner.provider !== outer.provider)
            #expect(try c.tryResolve(ForecastPart.self).work === outer.work)
        }
    }
}
