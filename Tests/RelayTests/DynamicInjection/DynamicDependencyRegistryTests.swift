import RelayTestSupport
import Foundation
import Relay
import Testing

@Suite("Dynamic registry")
struct DynamicDependencyRegistryTests {
    @Test("meta containers register the indexed factory, overriding the code default in that scope")
    func registersAndOverridesDefaults() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register(DynBackend.self) { _ in DynLiveBackend() }
        container.register(DynClock.self) { _ in DynFixedClock() }
        let registry = DynamicDependencyRegistry(index: makeDynIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynBackendStub)]),
        ])
        let report = try registry.inject()
        #expect(try container.tryResolve(DynBackend.self).name == "stub")
        #expect(try container.tryResolve(DynClock.self).now == 42, "types no instruction names keep their defaults")
        #expect(report.bindings.count == 1)
        #expect(report.bindings[0].replacedRegistration?.hasPrefix("RelayTests/DynamicDependencyRegistryTests.swift:") == true)
    }

    @Test("lifecycle from the definition is honoured")
    func lifecycle() throws {
        let scope = uniqueScope()
        try DynamicDependencyRegistry(index: makeDynIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynBackendStub, lifecycle: .transient)]),
        ]).registerDependencies()
        let container = DependencyContainer.container(for: scope)
        #expect(try container.tryResolve(DynBackend.self) !== container.tryResolve(DynBackend.self))
    }

    @Test("every problem is reported at once with its origin, and nothing is registered")
    func allOrNothing() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register(DynBackend.self) { _ in DynLiveBackend() }
        let ran = Locked(false)
        let index = makeDynIndex()
        index.add(factory: "RelayTests.DynClock.Spy", producing: DynClock.self) { _ in
            ran.withLock { $0 = true }
            return DynFixedClock()
        }
        let origin = { (line: Int) in InstructionOrigin.file("fixtures/ui.relay", line: line, column: 1) }
        let registry = DynamicDependencyRegistry(index: index, metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [
                DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynBackendFixture, origin: origin(1)),
                DependencyDefinition(typeIdentifier: "RelayTests.DynBackedn", factoryIdentifier: .dynBackendStub, origin: origin(2)),
                DependencyDefinition(typeIdentifier: .dynClock, factoryIdentifier: "RelayTests.DynClock.Fixd", origin: origin(3)),
                DependencyDefinition(typeIdentifier: .dynClock, factoryIdentifier: "RelayTests.DynClock.Spy", origin: origin(4)),
                DependencyDefinition(typeIdentifier: .dynStore, factoryIdentifier: "RelayTests.DynClock.Spy", origin: origin(5)),
            ]),
        ])
        let error = #expect(throws: DynamicInjectionError.self) { try registry.inject() }
        #expect(error?.description == """
            fixtures/ui.relay:4:1: error: duplicate instruction for RelayTests.DynClock in scope \(scope.name); each type may be bound once per scope in one source — remove one of them
            fixtures/ui.relay:3:1: note: previous instruction for RelayTests.DynClock is here
            """)
        #expect(!ran.withLock { $0 }, "no factory runs while checking")

        // Without the duplicate, every key problem is listed.
        var fixed = registry
        fixed.metaContainers[0].definitions.remove(at: 3)
        let keyError = #expect(throws: DynamicInjectionError.self) { try fixed.inject() }
        #expect(keyError?.description == """
            fixtures/ui.relay:2:1: error: unknown type key 'RelayTests.DynBackedn' (did you mean 'RelayTests.DynBackend'?); index it with add(type:_:) before injecting, or fix the instruction
            fixtures/ui.relay:3:1: error: unknown factory key 'RelayTests.DynClock.Fixd' (did you mean 'RelayTests.DynClock.Fixed'?); index it with add(factory:producing:_:) before injecting, or fix the instruction; factories indexed for RelayTests.DynClock: 'RelayTests.DynClock.Fixed', 'RelayTests.DynClock.Spy'
            fixtures/ui.relay:5:1: error: factory 'RelayTests.DynClock.Spy' produces RelayTests.DynClock, but type key 'RelayTests.DynStore' is RelayTests.DynStore; index a factory that produces RelayTests.DynStore
            """)
        #expect(!ran.withLock { $0 }, "a mismatched typed factory is rejected before it runs")
        #expect(try container.tryResolve(DynBackend.self).name == "live", "the valid instruction in the failed run was not applied")
    }

    @Test("an untyped factory paired with the wrong type fails at resolve, naming the instruction and its origin")
    func untypedMismatch() throws {
        let scope = uniqueScope()
        try DynamicDependencyRegistry(index: makeDynIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [
                DependencyDefinition(typeIdentifier: .dynClock, factoryIdentifier: .dynUntypedStub, origin: .environment(variable: "RELAY_DEPENDENCIES", segment: 1, column: 1)),
            ]),
        ]).inject()
        let error = #expect(throws: DependencyResolutionError.self) {
            try DependencyContainer.container(for: scope).tryResolve(DynClock.self)
        }
        #expect(error?.reason == .typeMismatch(actualType: "RelayTests.DynStubBackend"))
        #expect(error?.registration == "instruction `type=RelayTests.DynClock,factory=RelayTests.DynBackend.UntypedStub,scope=\(scope.name)` from $RELAY_DEPENDENCIES:1:1")
    }

    @Test("an untyped factory paired with the right type resolves")
    func untypedMatch() throws {
        let scope = uniqueScope()
        try DynamicDependencyRegistry(index: makeDynIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynUntypedStub)]),
        ]).inject()
        let container = DependencyContainer.container(for: scope)
        #expect(try container.tryResolve(DynBackend.self).name == "stub")
        #expect(try container.tryResolve(DynBackend.self) === container.tryResolve(DynBackend.self))
    }

    @Test("the report lists each binding with scope, keys, lifecycle and origin; the registry prints nothing")
    func report() throws {
        let scope = uniqueScope()
        let report = try DynamicDependencyRegistry(index: makeDynIndex(), metaContainers: [
            DependencyMetaContainer(scope: scope, definitions: [
                DependencyDefinition(typeIdentifier: .dynClock, factoryIdentifier: .dynClockFixed, lifecycle: .transient, origin: .file("a.relay", line: 2, column: 1)),
                DependencyDefinition(typeIdentifier: .dynBackend, factoryIdentifier: .dynBackendStub, origin: .file("a.relay", line: 1, column: 1)),
            ]),
        ]).plan()
        #expect(!report.isApplied)
        #expect(report.bindings.map(\.type) == [.dynBackend, .dynClock])
        #expect(report.description == """
            Relay dynamic injection: 2 bindings from code (dry run, nothing registered)
              RelayTests.DynBackend [\(scope.name)] → RelayTests.DynBackend.Stub (from a.relay:1:1; reaches resolves from '\(scope.name)' only, not global types that depend on it)
              RelayTests.DynClock [\(scope.name), transient] → RelayTests.DynClock.Fixed (from a.relay:2:1; reaches resolves from '\(scope.name)' only, not global types that depend on it)
            """)
        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(DynamicInjectionReport.self, from: json) == report)
        #expect(!DependencyContainer.container(for: scope).isRegistered(DynBackend.self), "plan() registers nothing")
    }
}

@Suite("Dynamic index")
struct DynamicDependencyIndexTests {
    @Test("lookups find indexed keys and explain missing ones")
    func lookups() throws {
        let index = makeDynIndex()
        #expect(try index.lookup(type: .dynBackend) == DynBackend.self)
        #expect(try index.producedType(of: .dynBackendStub) == DynBackend.self)
        #expect(try index.producedType(of: .dynUntypedStub) == nil)
        #expect(try index.lookup(factory: .dynBackendStub)(DependencyContainer.global) is DynStubBackend)
        #expect(try index.lookup(factory: .dynUntypedStub)(DependencyContainer.global) is DynStubBackend)
        #expect(index.factories(producing: DynBackend.self) == [.dynBackendFixture, .dynBackendStub])

        // The seed API's error shape: the key that was not found.
        let typeError = #expect(throws: DynamicDependencyIndexError.self) { try index.lookup(type: "RelayTests.DynClok") }
        #expect(typeError == .typeNotFound(identifier: "RelayTests.DynClok"))
        #expect(typeError?.description == "unknown type key 'RelayTests.DynClok'; index it with add(type:_:) before injecting, or fix the instruction")
        let factoryError = #expect(throws: DynamicDependencyIndexError.self) { try index.lookup(factory: "Elsewhere.Thing") }
        #expect(factoryError == .factoryNotFound(identifier: "Elsewhere.Thing"))
        #expect(factoryError?.description == "unknown factory key 'Elsewhere.Thing'; index it with add(factory:producing:_:) before injecting, or fix the instruction")
    }

    @Test("an instruction whose type key shares the last component of an indexed one gets it suggested")
    func sameSuffixSuggestion() {
        let registry = DynamicDependencyRegistry(index: makeDynIndex(), sources: [
            CommandLineInstructionSource(arguments: ["-d", "type=OtherModule.DynClock,factory=RelayTests.DynClock.Fixed"]),
        ], policy: .enabled)
        let error = #expect(throws: DynamicInjectionError.self) { try registry.plan() }
        #expect(error?.diagnostics.map(\.message) == [
            "unknown type key 'OtherModule.DynClock' (did you mean 'RelayTests.DynClock'?); index it with add(type:_:) before injecting, or fix the instruction",
        ])
    }
}

@Suite("Dynamic registry ordering")
struct DynamicDependencyRegistryOrderingTests {
    @Test("check errors come out in source order, not in the report's sorted order")
    func diagnosticsInSourceOrder() {
        let registry = DynamicDependencyRegistry(index: makeDynIndex(), sources: [
            CommandLineInstructionSource(arguments: [
                "-d", "type=RelayTests.ZzzUnknown,factory=RelayTests.DynBackend.Stub",
                "-d", "type=RelayTests.AaaUnknown,factory=RelayTests.DynBackend.Stub",
            ]),
        ], policy: .enabled)
        let error = #expect(throws: DynamicInjectionError.self) { try registry.plan() }
        #expect(error?.diagnostics.map(\.origin.description) == ["argv[1]", "argv[3]"])
    }
}
