import Relay
import Testing

// Resolve-level tests of `tag=` and of the new lifecycles by name: instructions through
// the pipeline into the engine's tagged registrations.
/// A type of these tests' own: the tags they register in code (which every container's
/// manifest then lists) stay off the types other suites export.
protocol ResolveTagNetwork: Sendable { var name: String { get } }
struct ResolveTagNetworkStub: ResolveTagNetwork { let name = "stub" }

private func makeResolveTagIndex() -> DynamicDependencyIndex {
    let index = makeTagAndParameterIndex()
    index.add(type: "RelayTests.ResolveTagNetwork", (any ResolveTagNetwork).self)
    index.add(factory: "RelayTests.ResolveTagNetwork.Stub", producing: (any ResolveTagNetwork).self) { _ in ResolveTagNetworkStub() }
    index.add(tag: "Production", for: (any ResolveTagNetwork).self)
    index.add(tag: "Staging", for: (any ResolveTagNetwork).self)
    return index
}

/// The type of the tests of what each binding replaced: the tag they register in code is
/// theirs alone (an untagged binding's report lists the type's tags in every container).
protocol ReplacedTagNetwork: Sendable { var name: String { get } }
private struct ReplacedTagNetworkValue: ReplacedTagNetwork { let name: String }

private func makeReplacedTagIndex() -> DynamicDependencyIndex {
    let index = DynamicDependencyIndex()
    index.add(type: "RelayTests.ReplacedTagNetwork", (any ReplacedTagNetwork).self)
    index.add(factory: "RelayTests.ReplacedTagNetwork.Stub", producing: (any ReplacedTagNetwork).self) { _ in ReplacedTagNetworkValue(name: "stub") }
    return index
}

@Suite("Dynamic injection: tagged bindings resolve")
struct TaggedBindingResolveTests {
    private func registry(_ arguments: [String], index: DynamicDependencyIndex = makeResolveTagIndex()) -> DynamicDependencyRegistry {
        DynamicDependencyRegistry(index: index, sources: [CommandLineInstructionSource(arguments: arguments)], policy: .enabled)
    }

    struct Live: ResolveTagNetwork { let name: String }

    @Test("tag= replaces only the tagged registration")
    func taggedBindingReplacesItsTagOnly() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ResolveTagNetwork).self) { _ in Live(name: "untagged") }
        container.register((any ResolveTagNetwork).self, tag: "Production") { _ in Live(name: "production") }
        try registry(["-d", "type=RelayTests.ResolveTagNetwork,factory=RelayTests.ResolveTagNetwork.Stub,scope=\(scope.name),tag=Production"]).inject()
        #expect(try container.tryResolve((any ResolveTagNetwork).self, tag: "Production").name == "stub")
        #expect(try container.tryResolve((any ResolveTagNetwork).self).name == "untagged")
    }

    @Test("a tagged and an untagged binding of one type each name only the registration they replace")
    func replacedRegistrationIsPerTag() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        let taggedLine = #line + 1
        container.register((any ReplacedTagNetwork).self, tag: "T") { _ in ReplacedTagNetworkValue(name: "code T") }
        let report = try registry([
            "-d", "type=RelayTests.ReplacedTagNetwork,factory=RelayTests.ReplacedTagNetwork.Stub,scope=\(scope.name),tag=T",
            "-d", "type=RelayTests.ReplacedTagNetwork,factory=RelayTests.ReplacedTagNetwork.Stub,scope=\(scope.name)",
        ], index: makeReplacedTagIndex()).inject()
        let tagged = try #require(report.bindings.first { $0.tag == "T" })
        let untagged = try #require(report.bindings.first { $0.tag == nil })
        #expect(tagged.replacedRegistration == "RelayTests/TaggedBindingResolveTests.swift:\(taggedLine)")
        #expect(untagged.replacedRegistration == nil, "nothing untagged was registered in code")
        #expect(!untagged.description.contains("replaces the registration"))
        #expect(try container.tryResolve((any ReplacedTagNetwork).self, tag: "T").name == "stub")
        #expect(try container.tryResolve((any ReplacedTagNetwork).self).name == "stub")
    }

    @Test("with both registered in code, each binding names its own registration")
    func replacedRegistrationsStayApart() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        let untaggedLine = #line + 1
        container.register((any ReplacedTagNetwork).self) { _ in ReplacedTagNetworkValue(name: "code untagged") }
        let taggedLine = #line + 1
        container.register((any ReplacedTagNetwork).self, tag: "T") { _ in ReplacedTagNetworkValue(name: "code T") }
        let report = try registry([
            "-d", "type=RelayTests.ReplacedTagNetwork,factory=RelayTests.ReplacedTagNetwork.Stub,scope=\(scope.name)",
            "-d", "type=RelayTests.ReplacedTagNetwork,factory=RelayTests.ReplacedTagNetwork.Stub,scope=\(scope.name),tag=T",
        ], index: makeReplacedTagIndex()).inject()
        #expect(report.bindings.first { $0.tag == "T" }?.replacedRegistration == "RelayTests/TaggedBindingResolveTests.swift:\(taggedLine)")
        #expect(report.bindings.first { $0.tag == nil }?.replacedRegistration == "RelayTests/TaggedBindingResolveTests.swift:\(untaggedLine)")
    }

    @Test("a tag registered in code, not declared, is accepted")
    func registeredTagIsKnown() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ResolveTagNetwork).self, tag: "Registered") { _ in Live(name: "registered") }
        try registry(["-d", "type=RelayTests.ResolveTagNetwork,factory=RelayTests.ResolveTagNetwork.Stub,scope=\(scope.name),tag=Registered"]).inject()
        #expect(try container.tryResolve((any ResolveTagNetwork).self, tag: "Registered").name == "stub")
    }

    @Test("an untagged binding leaves tagged registrations alone, and the report names them")
    func untaggedBindingKeepsTaggedRegistrations() throws {
        let scope = uniqueScope()
        let container = DependencyContainer.container(for: scope)
        container.register((any ResolveTagNetwork).self, tag: "Registered") { _ in Live(name: "registered") }
        let report = try registry(["-d", "type=RelayTests.ResolveTagNetwork,factory=RelayTests.ResolveTagNetwork.Stub,scope=\(scope.name)"]).inject()
        #expect(report.bindings[0].keptTags == ["Production", "Registered", "Staging"])
        #expect(try container.tryResolve((any ResolveTagNetwork).self, tag: "Registered").name == "registered")
        #expect(try container.tryResolve((any ResolveTagNetwork).self).name == "stub")
        #expect(try container.tryResolve((any ResolveTagNetwork).self, tag: "Staging").name == "stub", "a tag with no registration falls back to the untagged binding")
    }

    @Test("withInjectedDependencies binds a tag")
    func overridesBindATag() throws {
        DependencyContainer.global.register((any ResolveTagNetwork).self, tag: "Production") { _ in Live(name: "production") }
        let name = try withInjectedDependencies("type=RelayTests.ResolveTagNetwork,factory=RelayTests.ResolveTagNetwork.Stub,tag=Production", index: makeResolveTagIndex()) {
            try DependencyContainer.global.tryResolve((any ResolveTagNetwork).self, tag: "Production").name
        }
        #expect(name == "stub")
    }

    @Test("lifecycle= names the engine's new lifecycles, in any case")
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

    @Test("a transient binding from lifecycle=graph is injected with that lifecycle")
    func graphLifecycleIsInjected() throws {
        let scope = uniqueScope()
        let report = try registry(["-d", "type=RelayTests.ParamClock,factory=RelayTests.ParamClock.At,scope=\(scope.name),lifecycle=graph,parameter=3"]).inject()
        #expect(report.bindings[0].lifecycle == .graph)
        #expect(try DependencyContainer.container(for: scope).tryResolve((any ParamClock).self).seconds == 3)
    }
}
