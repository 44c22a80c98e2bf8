import RelayTestSupport
import Foundation
@testable import Relay
@testable import RelayInstructions
import Testing

@Suite("An index that fills itself")
struct IndexPreparationTests {
    /// An index whose `prepare` counts its runs and indexes the backend and its stub.
    private static func countingIndex(_ runs: Locked<Int>, delay: TimeInterval = 0) -> DynamicDependencyIndex {
        DynamicDependencyIndex { index in
            runs.withLock { $0 += 1 }
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            index.add(type: .dynBackend, DynBackend.self)
            index.add(factory: .dynBackendStub, producing: DynBackend.self) { _ in DynStubBackend() }
        }
    }

    @Test("prepare runs on the first read, not on creation, and only once")
    func runsOnceOnFirstRead() throws {
        let runs = Locked(0)
        let index = Self.countingIndex(runs)
        #expect(runs.withLock { $0 } == 0)
        #expect(index.typeKeys == [.dynBackend])
        #expect(index.factoryKeys == [.dynBackendStub])
        _ = try index.lookup(type: .dynBackend)
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("the first check of instructions fills the index before looking anything up")
    func checkPrepares() throws {
        let runs = Locked(0)
        let index = Self.countingIndex(runs)
        let scope = uniqueScope()
        let report = try DynamicDependencyRegistry(index: index, metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynBackendStub)]),
        ]).inject()
        #expect(report.bindings.map(\.factory) == [.dynBackendStub])
        #expect(try DependencyContainer.container(for: scope).tryResolve(DynBackend.self).name == "stub")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("inject() prepares the index even when no source is read, so prepare's registrations are made")
    func injectPreparesWithoutInstructions() throws {
        let scope = uniqueScope()
        let index = DynamicDependencyIndex { _ in
            DependencyContainer.container(for: scope).register(DynClock.self) { _ in DynFixedClock() }
        }
        let report = try DynamicDependencyRegistry(index: index, sources: [], policy: .disabled).inject()
        #expect(report.bindings.isEmpty)
        #expect(try DependencyContainer.container(for: scope).tryResolve(DynClock.self).now == 42)
    }

    @Test("readers on other threads wait for the one preparation and all see the full index")
    func concurrentFirstReads() async throws {
        let runs = Locked(0)
        let index = Self.countingIndex(runs, delay: 0.05)
        let seen = try await withThrowingTaskGroup(of: [DependencyFactoryKey].self) { group in
            for n in 0..<8 {
                group.addTask {
                    if n.isMultiple(of: 2) { return index.factoryKeys }
                    try withInjectedDependencies(["type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub"], index: index) {}
                    return index.factoryKeys
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seen.count == 8)
        #expect(seen.allSatisfy { $0 == [.dynBackendStub] })
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("reads inside prepare see what it has added so far instead of waiting for themselves")
    func readsInsidePrepare() {
        let insideKeys = Locked<[DependencyTypeKey]>([])
        let index = DynamicDependencyIndex { index in
            index.add(type: .dynBackend, DynBackend.self)
            insideKeys.withLock { $0 = index.typeKeys }
            index.add(type: .dynClock, DynClock.self)
        }
        #expect(index.typeKeys == [.dynBackend, .dynClock])
        #expect(insideKeys.withLock { $0 } == [.dynBackend])
    }

    @Test("a prepare that throws fails every check with its error, and does not run again")
    func failingPrepare() throws {
        struct MissingConfiguration: Error, CustomStringConvertible {
            var description: String { "Config.plist is missing" }
        }
        let runs = Locked(0)
        let index = DynamicDependencyIndex { index in
            runs.withLock { $0 += 1 }
            index.add(type: .dynBackend, DynBackend.self)
            throw MissingConfiguration()
        }
        let expected = "code: error: preparing the DynamicDependencyIndex failed: Config.plist is missing; fix the index's prepare closure — no instruction can be checked against it until it succeeds"
        for _ in 0..<2 {
            let error = #expect(throws: DynamicInjectionError.self) {
                try DynamicDependencyRegistry(index: index, sources: [], policy: .enabled).plan()
            }
            #expect(error?.description == expected)
        }
        let fromOverride = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies("type=RelayTests.DynBackend,factory=RelayTests.DynBackend.Stub", index: index) {}
        }
        #expect(fromOverride?.description == expected)
        #expect(index.typeKeys == [.dynBackend], "what prepare added before it threw stays")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("an empty index says it is empty and how to fill it, once per instruction, in the order given")
    func emptyIndex() {
        let error = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies(["type=MyApp.Backend,factory=MyApp.Backend.Stub", "type=MyApp.Clock,factory=MyApp.Clock.Fixed"], index: DynamicDependencyIndex()) {}
        }
        #expect(error?.diagnostics.map(\.description) == [
            "override #1: error: unknown type key 'MyApp.Backend': the index is empty — nothing had been added to it when this instruction was checked; add the keys in its prepare closure (DynamicDependencyIndex { index in … }), or before instructions are checked",
            "override #2: error: unknown type key 'MyApp.Clock': the index is empty — nothing had been added to it when this instruction was checked; add the keys in its prepare closure (DynamicDependencyIndex { index in … }), or before instructions are checked",
        ])
    }

    // No test in this package adds to DynamicDependencyIndex.shared, so it is empty here.
    @Test("the shared index, when empty, is named and the fix is an index that fills itself")
    func emptySharedIndex() {
        let error = #expect(throws: DynamicInjectionError.self) {
            try withInjectedDependencies("type=MyApp.Backend,factory=MyApp.Backend.Stub") {}
        }
        #expect(error?.description == "override #1: error: unknown type key 'MyApp.Backend': DynamicDependencyIndex.shared is empty — nothing had been added to it when this instruction was checked; give the app an index that fills itself on first use, static let myApp = DynamicDependencyIndex { index in … }, and check against it (index: .myApp)")
    }
}

@Suite("Unknown keys in in-process overrides")
struct OverrideHintTests {
    @Test("only the shared index gets the note that a test may have checked it before it was filled")
    func hintOnlyForShared() {
        #expect(DependencyOverrides.hint(for: .shared)?.description == "code: note: this was checked against DynamicDependencyIndex.shared, which holds only what code had added to it by then; if your code adds this key later (in a suite's init, or in the test), use an index that fills itself on first use, static let myApp = DynamicDependencyIndex { index in … }, and pass it (index: .myApp)")
        #expect(DependencyOverrides.hint(for: makeDynIndex()) == nil)
    }

    @Test("the note goes on unknown-key errors, not on a factory for another type")
    func hintPlacement() throws {
        let hint = RelayDiagnostic.note("look here", at: .code)
        let plan = BindingPlan(merging: [.init(name: "test", instructions: DependencyMetaContainer(scope: .global, definitions: [
            DependencyDefinition(typeIdentifier: "RelayTests.Nope", factoryIdentifier: .dynBackendStub),
            DependencyDefinition(typeIdentifier: .dynClock, factoryIdentifier: .dynBackendStub),
        ]).instructions)])
        let error = #expect(throws: DynamicInjectionError.self) { try plan.check(against: makeDynIndex(), hint: hint) }
        #expect(error?.diagnostics.map(\.notes) == [[hint], []])
    }
}
