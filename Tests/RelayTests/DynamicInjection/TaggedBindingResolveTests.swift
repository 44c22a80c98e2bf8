import Relay
import Testing

// Resolve-level tests of `tag=` and of the engine's new lifecycles by name. They need the
// container engine's tags and lifecycles (issue 20 §1, branch wip-engine): tagged
// registrations, `register(_:tag:…)`, `tryResolve(_:tag:)`, the `graph`, `weakSingleton`
// and `eagerSingleton` cases, and `RegisteredTags` answering from the registration tables.
//
// Until that merges, the file does not compile against this branch's container, so its
// body is behind a compilation condition as well as the `.disabled` trait. To run it after
// the merge: `swift test -Xswiftc -DRELAY_ENGINE_TAGS --filter TaggedBindingResolveTests`,
// then delete the `#if`/`#endif` and the `.disabled` traits.
#if RELAY_ENGINE_TAGS
@Suite("Dynamic injection: tagged bindings resolve (needs the engine's tags)")
struct TaggedBindingResolveTests {
    private func registry(_ arguments: [String], index: DynamicDependencyIndex = makeTagAndParameterIndex()) -> DynamicDependencyRegistry {
        DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
    }

    struct Live: TagNetwork { let name: String }

    @Test("tag= replaces only the tagged registration", .disabled("needs the engine's tags (wip-engine)"))
    func taggedBindingReplacesItsTagOnly() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any TagNetwork).self) { _ in Live(name: "untagged") }
        container.register((any TagNetwork).self, tag: "Production") { _ in Live(name: "production") }
        try registry(["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,scope=\(scope.name),tag=Production"]).inject()
        #expect(try container.tryResolve((any TagNetwork).self, tag: "Production").name == "stub")
        #expect(try container.tryResolve((any TagNetwork).self).name == "untagged")
    }

    @Test("a tag registered in code, not declared, is accepted", .disabled("needs the engine's tags (wip-engine)"))
    func registeredTagIsKnown() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any TagNetwork).self, tag: "Registered") { _ in Live(name: "registered") }
        try registry(["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,scope=\(scope.name),tag=Registered"]).inject()
        #expect(try container.tryResolve((any TagNetwork).self, tag: "Registered").name == "stub")
    }

    @Test("an untagged binding leaves tagged registrations alone, and the report names them", .disabled("needs the engine's tags (wip-engine)"))
    func untaggedBindingKeepsTaggedRegistrations() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any TagNetwork).self, tag: "Registered") { _ in Live(name: "registered") }
        let report = try registry(["-d", "type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,scope=\(scope.name)"]).inject()
        #expect(report.bindings[0].keptTags == ["Production", "Registered", "Staging"])
        #expect(try container.tryResolve((any TagNetwork).self, tag: "Registered").name == "registered")
        #expect(try container.tryResolve((any TagNetwork).self).name == "stub")
        #expect(try container.tryResolve((any TagNetwork).self, tag: "Staging").name == "stub", "a tag with no registration falls back to the untagged binding")
    }

    @Test("withInjectedDependencies binds a tag", .disabled("needs the engine's tags (wip-engine)"))
    func overridesBindATag() throws {
        DependencyContainer.global.register((any TagNetwork).self, tag: "Production") { _ in Live(name: "production") }
        let name = try withInjectedDependencies("type=RelayTests.TagNetwork,factory=RelayTests.TagNetwork.Stub,tag=Production", index: makeTagAndParameterIndex()) {
            try DependencyContainer.global.tryResolve((any TagNetwork).self, tag: "Production").name
        }
        #expect(name == "stub")
    }

    @Test("lifecycle= names the engine's new lifecycles, in any case", .disabled("needs the engine's lifecycles (wip-engine)"))
    func newLifecyclesByName() throws {
        let expected: [(String, LifecycleType)] = [
            ("graph", .graph), ("Graph", .graph),
            ("weakSingleton", .weakSingleton), ("weaksingleton", .weakSingleton), ("WEAKSINGLETON", .weakSingleton),
            ("eagerSingleton", .eagerSingleton), ("EagerSingleton", .eagerSingleton),
        ]
        for (written, lifecycle) in expected {
            let instruction = try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=\(written)")
            #expect(instruction.lifecycle == lifecycle)
            #expect(instruction.description == "type=A,factory=B,lifecycle=\(lifecycle.rawValue)")
        }
        #expect(throws: DependencyInjectionInstructionError.malformattedDependencyParameter("lifecycle=forever")) {
            try DependencyInjectionInstruction(parsing: "type=A,factory=B,lifecycle=forever")
        }
    }

    @Test("a transient binding from lifecycle=graph is injected with that lifecycle", .disabled("needs the engine's lifecycles (wip-engine)"))
    func graphLifecycleIsInjected() throws {
        let scope = uniqueScope()
        let report = try registry(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(scope.name),lifecycle=graph,parameter=3"]).inject()
        #expect(report.bindings[0].lifecycle == .graph)
        #expect(try DependencyContainer.container(for: scope).tryResolve((any ParamClock).self).seconds == 3)
    }
}
#endif
