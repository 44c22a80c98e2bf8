import Foundation
import Relay
@testable import RelayContainer
import Testing

// A container's description: the exact text for small containers. Each test uses a scope
// of its own (a description lists one container's registrations), so the tests run in
// parallel with every other suite.

private protocol DescribedService: AnyObject {}
private final class DescribedNetwork: DescribedService, Sendable {}
private final class DescribedDownloader: Sendable {
    init(url: String) {}
}
private protocol DescribedClock {}
private struct DescribedFixedClock: DescribedClock {}

private extension DependencyContainerScope {
    static let describedSmall = DependencyContainerScope("ContainerDescriptionTests.small")
    static let describedEmpty = DependencyContainerScope("ContainerDescriptionTests.empty")
    static let describedInjected = DependencyContainerScope("ContainerDescriptionTests.injected")
    static let describedInstanceScoped = DependencyContainerScope("ContainerDescriptionTests.instanceScoped")
}

private extension InstanceScope {
    static let describedSession = InstanceScope("ContainerDescriptionTests.session")
}

@Suite("A container you can print")
struct ContainerDescriptionTests {
    private static let file = "RelayTests/ContainerDescriptionTests.swift"

    @Test("description lists each registration, sorted by type, tag and argument: lifecycle, forwarding and where it was registered")
    func smallContainer() {
        let c = DependencyContainer.container(for: .describedSmall)
        // Registered out of order: the text is sorted.
        let line = #line + 1
        c.register(DescribedDownloader.self, argument: String.self) { _, url in DescribedDownloader(url: url) }
        c.register(DescribedNetwork.self, tag: "Production", lifecycle: .transient) { _ in DescribedNetwork() }
        c.register(DescribedNetwork.self, as: DescribedService.self) { _ in DescribedNetwork() }
        #expect(c.description == """
            DependencyContainer scope 'ContainerDescriptionTests.small' (falls back to global): 4 registrations
              RelayTests.DescribedDownloader with argument Swift.String: transient (\(Self.file):\(line))
              RelayTests.DescribedNetwork: singleton, forwarded as RelayTests.DescribedService (\(Self.file):\(line + 2))
              RelayTests.DescribedNetwork tagged 'Production': transient (\(Self.file):\(line + 1))
              RelayTests.DescribedService: forwards to RelayTests.DescribedNetwork (\(Self.file):\(line + 2))
            """)
        #expect(c.debugDescription == c.description)
        #expect("\(c)" == c.description, "string interpolation and print use it")
    }

    @Test("a registration in an instance scope says which, so a reset's reach can be read off the text")
    func instanceScoped() {
        let c = DependencyContainer.container(for: .describedInstanceScoped)
        let line = #line + 1
        c.register(DescribedNetwork.self, instanceScope: .describedSession) { _ in DescribedNetwork() }
        #expect(c.description == """
            DependencyContainer scope 'ContainerDescriptionTests.instanceScoped' (falls back to global): 1 registration
              RelayTests.DescribedNetwork: singleton in instance scope 'ContainerDescriptionTests.session' (\(Self.file):\(line))
            """)
    }

    @Test("an empty container says so")
    func empty() {
        let c = DependencyContainer.container(for: .describedEmpty)
        #expect(c.description == "DependencyContainer scope 'ContainerDescriptionTests.empty' (falls back to global): no registrations")
    }

    @Test("the registrations dynamic injection made are listed apart, as consulted first")
    func injectedLayer() {
        let c = DependencyContainer.container(for: .describedInjected)
        let line = #line + 1
        c.register(DescribedClock.self, lifecycle: .transient) { _ in DescribedFixedClock() }
        let request = RegistrationRequest(scope: .describedInjected, key: DependencyKey(DescribedClock.self), lifecycle: .singleton, origin: .described("instruction 'type=DescribedClock,factory=Fixed' from $RELAY_DEPENDENCIES"), factory: .untyped { _ in DescribedFixedClock() })
        ResolutionEngine.shared.insert(request, into: c, injected: true)
        #expect(c.description == """
            DependencyContainer scope 'ContainerDescriptionTests.injected' (falls back to global): 1 registration
              RelayTests.DescribedClock: transient (\(Self.file):\(line))
            injected, consulted first: 1 registration
              RelayTests.DescribedClock: singleton (instruction 'type=DescribedClock,factory=Fixed' from $RELAY_DEPENDENCIES)
            """)
    }
}
