import Foundation
import Relay
import Testing

// Each test uses types and scopes of its own, so tests can share the process-global
// containers and still run in parallel.

private protocol EngineTagNetwork: AnyObject { var name: String { get } }
private final class NamedNetwork: EngineTagNetwork {
    let name: String
    init(_ name: String) { self.name = name }
}
private protocol TagOnly: AnyObject {}
private final class TagOnlyImpl: TagOnly {}
private protocol TagFallbackScoped: AnyObject { var name: String { get } }
private final class TagFallbackScopedImpl: TagFallbackScoped {
    let name: String
    init(_ name: String) { self.name = name }
}
private protocol TagClient: AnyObject { var network: TagNetworkProbe { get } }
private protocol TagNetworkProbe: AnyObject { var name: String { get } }
private final class TagNetworkProbeImpl: TagNetworkProbe {
    let name: String
    init(_ name: String) { self.name = name }
}
private final class TagClientImpl: TagClient {
    let network: TagNetworkProbe
    init(network: TagNetworkProbe) { self.network = network }
}
private protocol TagSingleton: AnyObject {}
private final class TagSingletonImpl: TagSingleton {}
private protocol TagMissing: AnyObject {}
private protocol TagInjectedProbe: AnyObject {}
private final class TagInjectedProbeImpl: TagInjectedProbe {}

struct TagValidated {}
struct TagValidatedMissing {}

private enum TagEnvironment: String { case production = "Production" }

extension DependencyContainerScope {
    fileprivate static let tagsScoped = DependencyContainerScope("TagTests.scoped")
}

@Suite("Tags")
struct TagTests {
    @Test("a tagged resolve finds its registration; another tag falls back to the untagged one")
    func taggedAndFallback() {
        let global = DependencyContainer.global
        global.register(EngineTagNetwork.self) { _ in NamedNetwork("local") }
        global.register(EngineTagNetwork.self, tag: "Production") { _ in NamedNetwork("remote") }
        #expect(global.resolve(EngineTagNetwork.self, tag: "Production").name == "remote")
        #expect(global.resolve(EngineTagNetwork.self, tag: DependencyTag(TagEnvironment.production)).name == "remote")
        #expect(global.resolve(EngineTagNetwork.self, tag: "Staging").name == "local")
        #expect(global.resolve(EngineTagNetwork.self).name == "local")
        #expect(global.isRegistered(EngineTagNetwork.self, tag: "Staging"))
    }

    @Test("tagged singletons are one per (type, tag), and re-registering a tag replaces only it")
    func taggedSingletons() {
        let global = DependencyContainer.global
        global.register(TagSingleton.self) { _ in TagSingletonImpl() }
        global.register(TagSingleton.self, tag: "a") { _ in TagSingletonImpl() }
        let a = global.resolve(TagSingleton.self, tag: "a")
        #expect(global.resolve(TagSingleton.self, tag: "a") === a)
        let untagged = global.resolve(TagSingleton.self)
        #expect(untagged !== a)
        global.register(TagSingleton.self, tag: "a") { _ in TagSingletonImpl() }
        #expect(global.resolve(TagSingleton.self, tag: "a") !== a)
        #expect(global.resolve(TagSingleton.self) === untagged)
    }

    @Test("only tagged registrations: an untagged resolve fails and names the tags")
    func onlyTagged() throws {
        let global = DependencyContainer.global
        global.register(TagOnly.self, tag: "b") { _ in TagOnlyImpl() }
        global.register(TagOnly.self, tag: "a") { _ in TagOnlyImpl() }
        #expect(!global.isRegistered(TagOnly.self))
        #expect(!global.isRegistered(TagOnly.self, tag: "c"))
        #expect(global.isRegistered(TagOnly.self, tag: "a"))
        let error = #expect(throws: DependencyResolutionError.self) { try global.tryResolve(TagOnly.self, tag: "c") }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.requestedTag == "c")
        #expect(error?.nearMisses.first == "RelayTests.(unknown context).TagOnly is registered with tags 'a', 'b'; resolve it with tag:" || error?.nearMisses.first?.hasSuffix("TagOnly is registered with tags 'a', 'b'; resolve it with tag:") == true)
        #expect(error?.description.hasPrefix("Relay cannot resolve ") == true)
        #expect(error?.description.contains("tagged 'c': no registration with that tag or untagged in the global container (it has no fallback).") == true)
        let untagged = #expect(throws: DependencyResolutionError.self) { try global.tryResolve(TagOnly.self) }
        #expect(untagged?.requestedTag == nil)
        #expect(untagged?.nearMisses.first?.hasSuffix("TagOnly is registered with tags 'a', 'b'; resolve it with tag:") == true)
    }

    @Test("a scope's tagged resolve: its own exact tag, then global's exact tag, then untagged")
    func scopeOrder() {
        let scoped = DependencyContainer.container(for: .tagsScoped)
        DependencyContainer.global.register(TagFallbackScoped.self, tag: "x") { _ in TagFallbackScopedImpl("global x") }
        scoped.register(TagFallbackScoped.self) { _ in TagFallbackScopedImpl("scoped untagged") }
        // The exact tag wins over the scope's untagged registration, even from the fallback.
        #expect(scoped.resolve(TagFallbackScoped.self, tag: "x").name == "global x")
        #expect(scoped.resolve(TagFallbackScoped.self, tag: "y").name == "scoped untagged")
        scoped.register(TagFallbackScoped.self, tag: "x") { _ in TagFallbackScopedImpl("scoped x") }
        #expect(scoped.resolve(TagFallbackScoped.self, tag: "x").name == "scoped x")
    }

    @Test("a tag is not passed to the factory's dependencies")
    func tagNotPropagated() {
        let global = DependencyContainer.global
        global.register(TagNetworkProbe.self) { _ in TagNetworkProbeImpl("untagged") }
        global.register(TagNetworkProbe.self, tag: "t") { _ in TagNetworkProbeImpl("tagged") }
        global.register(TagClient.self, tag: "t", lifecycle: .transient) { c in TagClientImpl(network: try c.tryResolve()) }
        #expect(global.resolve(TagClient.self, tag: "t").network.name == "untagged")
    }

    @Test("@Injected(tag:) resolves the tagged registration")
    func injectedTag() {
        DependencyContainer.global.register(TagInjectedProbe.self, tag: "inj") { _ in TagInjectedProbeImpl() }
        final class Holder {
            @Injected(tag: "inj") var probe: TagInjectedProbe
        }
        let holder = Holder()
        #expect(holder.probe === DependencyContainer.global.resolve(TagInjectedProbe.self, tag: "inj"))
    }

    @Test("validate() resolves each tagged registration with its tag and names the tag")
    func validation() async {
        await #expect(processExitsWith: .success) {
            DependencyContainer.global.register(TagValidated.self) { _ in TagValidated() }
            DependencyContainer.global.register(TagValidated.self, tag: "broken") { c in
                _ = try c.tryResolve(TagValidatedMissing.self)
                return TagValidated()
            }
            do {
                try DependencyContainer.validate()
                exit(10)
            } catch let error as DependencyValidationError {
                guard error.failures.count == 1,
                      error.failures[0].subject.hasPrefix("RelayTests.TagValidated tagged 'broken' in global (registered at RelayTests/TagTests.swift:"),
                      error.failures[0].error.chain == ["RelayTests.TagValidated", "RelayTests.TagValidatedMissing"]
                else { exit(11) }
            } catch {
                exit(12)
            }
            exit(0)
        }
    }

    @Test("a missing type resolved with a tag names the tag")
    func missingTagged() {
        let error = #expect(throws: DependencyResolutionError.self) { try DependencyContainer.global.tryResolve(TagMissing.self, tag: "nope") }
        #expect(error?.description.components(separatedBy: "\n").first?.hasSuffix("TagMissing tagged 'nope': no registration with that tag or untagged in the global container (it has no fallback).") == true)
    }
}
