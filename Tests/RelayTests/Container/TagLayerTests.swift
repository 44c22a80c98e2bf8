@testable import Relay
@testable import RelayInstructions
import Testing

// The engine's side of `tag=`: a tagged RegistrationRequest, injected or as an override,
// is found by a tagged resolve before code registrations, as the layer order says.
// (Instructions with `tag=` are the instruction layer's; these use the engine's entry
// points directly.) Types and scopes of their own, so they run in parallel with the rest.

private final class LayerTagged {
    let origin: String
    init(_ origin: String) { self.origin = origin }
}

@Suite("Tags in the injected and override layers")
struct TagLayerTests {
    @Test("an injected (type, tag) binding stands over the code one; other tags keep theirs")
    func injectedTag() {
        let scope = DependencyContainerScope("TagLayerTests.injected")
        let c = DependencyContainer.container(for: scope)
        c.register(LayerTagged.self) { _ in LayerTagged("code untagged") }
        let taggedLine = #line + 1
        c.register(LayerTagged.self, tag: "a") { _ in LayerTagged("code a") }
        c.register(LayerTagged.self, tag: "b") { _ in LayerTagged("code b") }
        let shadowed = ResolutionEngine.shared.inject([
            RegistrationRequest(scope: scope, key: DependencyKey(LayerTagged.self), lifecycle: .transient, origin: .described("test"), factory: .typed { _ in LayerTagged("injected a") }, tag: "a"),
        ])
        #expect(shadowed == ["RelayTests/TagLayerTests.swift:\(taggedLine)"], "the tagged code registration, not the untagged one")
        #expect(c.resolve(LayerTagged.self, tag: "a").origin == "injected a")
        #expect(c.resolve(LayerTagged.self, tag: "b").origin == "code b")
        #expect(c.resolve(LayerTagged.self).origin == "code untagged")
        #expect(c.resolve(LayerTagged.self, tag: "zzz").origin == "code untagged")
    }

    @Test("injected together, a tagged and an untagged request each name their own code registration")
    func injectedTagAndUntaggedStayApart() {
        let scope = DependencyContainerScope("TagLayerTests.apart")
        let c = DependencyContainer.container(for: scope)
        let taggedLine = #line + 1
        c.register(LayerTagged.self, tag: "a") { _ in LayerTagged("code a") }
        let key = DependencyKey(LayerTagged.self)
        let shadowed = ResolutionEngine.shared.inject([
            RegistrationRequest(scope: scope, key: key, lifecycle: .transient, origin: .described("test"), factory: .typed { _ in LayerTagged("injected a") }, tag: "a"),
            RegistrationRequest(scope: scope, key: key, lifecycle: .transient, origin: .described("test"), factory: .typed { _ in LayerTagged("injected untagged") }),
        ])
        #expect(shadowed == ["RelayTests/TagLayerTests.swift:\(taggedLine)", nil], "nothing untagged was registered in code")
        #expect(c.resolve(LayerTagged.self, tag: "a").origin == "injected a")
        #expect(c.resolve(LayerTagged.self).origin == "injected untagged")
    }

    @Test("an override (type, tag) wins inside its layer only")
    func overrideTag() {
        let scope = DependencyContainerScope("TagLayerTests.override")
        let c = DependencyContainer.container(for: scope)
        c.register(LayerTagged.self, tag: "a") { _ in LayerTagged("code a") }
        let request = RegistrationRequest(scope: .global, key: DependencyKey(LayerTagged.self), lifecycle: .singleton, origin: .described("test"), factory: .typed { _ in LayerTagged("override a") }, tag: "a")
        ResolutionEngine.shared.withOverrides([request]) {
            // The override layer comes first, even over the scope's own code registration.
            #expect(c.resolve(LayerTagged.self, tag: "a").origin == "override a")
        }
        #expect(c.resolve(LayerTagged.self, tag: "a").origin == "code a")
    }
}
