import RelayTestSupport
import Foundation
import Relay
import Testing

// Each test uses types and scopes of its own, so tests can share the process-global
// containers and still run in parallel.

private protocol GreeterType: AnyObject { func greet() -> String }
private final class Greeter: GreeterType { func greet() -> String { "hello" } }
private final class LoudGreeter: GreeterType { func greet() -> String { "HELLO" } }

private protocol CounterType: AnyObject {}
private final class Counter: CounterType {}

private protocol ScopedType: AnyObject { var name: String { get } }
private final class Named: ScopedType {
    let name: String
    init(_ name: String) { self.name = name }
}

private protocol OptionalProbe: AnyObject {}
private final class OptionalProbeImpl: OptionalProbe {}

private protocol Replaced: AnyObject { var version: Int { get } }
private final class Versioned: Replaced {
    let version: Int
    init(_ version: Int) { self.version = version }
}

private protocol ServiceType: AnyObject {}
private final class Service: ServiceType {}
private protocol StoreType: AnyObject { var service: ServiceType { get } }
private final class Store: StoreType {
    let service: ServiceType
    init(service: ServiceType) { self.service = service }
}

extension DependencyContainerScope {
    fileprivate static let basicsA = DependencyContainerScope("ContainerBasicsTests.a")
    fileprivate static let basicsB = DependencyContainerScope("ContainerBasicsTests.b")
    fileprivate static let basicsReset = DependencyContainerScope("ContainerBasicsTests.reset")
}

@Suite("Containers")
struct ContainerBasicsTests {
    @Test("the same scope always yields the same container; global is global")
    func containerIdentity() {
        #expect(DependencyContainer.container(for: .basicsA) === DependencyContainer.container(for: .basicsA))
        #expect(DependencyContainer.container(for: .basicsA) !== DependencyContainer.container(for: .basicsB))
        #expect(DependencyContainer.container(for: .global) === DependencyContainer.global)
        #expect(DependencyContainer.container(for: DependencyContainerScope("global")) === DependencyContainer.global)
        #expect(DependencyContainer.container(for: .basicsA).scope == .basicsA)
    }

    @Test("the seed's registration forms compile and resolve")
    func seedForms() throws {
        DependencyContainer.global.register(ServiceType.self) { _ in Service() }
        DependencyContainer.global.register(StoreType.self, lifecycle: .transient) { c in Store(service: c.resolve(ServiceType.self)) }
        let store = DependencyContainer.global.resolve(StoreType.self)
        let inferred: ServiceType = DependencyContainer.global.resolve()
        #expect(store.service === inferred)
    }

    @Test("a singleton is created once per container and then reused")
    func singleton() throws {
        let scope = DependencyContainerScope("ContainerBasicsTests.singleton")
        let container = DependencyContainer.container(for: scope)
        let calls = Locked(0)
        container.register(GreeterType.self) { _ in
            calls.withLock { $0 += 1 }
            return Greeter()
        }
        #expect(calls.withLock { $0 } == 0, "singletons are created lazily")
        let first = try container.tryResolve(GreeterType.self)
        let second = try container.tryResolve(GreeterType.self)
        #expect(first === second)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("a transient is created on every resolve and not retained by the container")
    func transient() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.transient"))
        container.register(CounterType.self, lifecycle: .transient) { _ in Counter() }
        weak var weakFirst: CounterType?
        do {
            let first = try container.tryResolve(CounterType.self)
            let second = try container.tryResolve(CounterType.self)
            #expect(first !== second)
            weakFirst = first
        }
        #expect(weakFirst == nil, "the container must not keep transient instances alive")
    }

    @Test("a scoped container uses its own registration, else falls back to global")
    func scopeFallback() throws {
        DependencyContainer.global.register(ScopedType.self) { _ in Named("global") }
        DependencyContainer.container(for: .basicsA).register(ScopedType.self) { _ in Named("a") }
        #expect(try DependencyContainer.container(for: .basicsA).tryResolve(ScopedType.self).name == "a")
        #expect(try DependencyContainer.container(for: .basicsB).tryResolve(ScopedType.self).name == "global")
        #expect(try DependencyContainer.global.tryResolve(ScopedType.self).name == "global")
        // The fallback's singleton is the global container's one.
        #expect(try DependencyContainer.container(for: .basicsB).tryResolve(ScopedType.self) === DependencyContainer.global.tryResolve(ScopedType.self))
    }

    @Test("registering again replaces the factory and drops the cached singleton")
    func reRegister() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.replace"))
        container.register(Replaced.self) { _ in Versioned(1) }
        #expect(try container.tryResolve(Replaced.self).version == 1)
        container.register(Replaced.self) { _ in Versioned(2) }
        #expect(try container.tryResolve(Replaced.self).version == 2)
    }

    @Test("resolving T? and T?? resolves T's registration")
    func optionalFlattening() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.optional"))
        container.register(OptionalProbe.self) { _ in OptionalProbeImpl() }
        let plain = try container.tryResolve(OptionalProbe.self)
        let optional = try container.tryResolve(OptionalProbe?.self)
        let doubleOptional = try container.tryResolve(OptionalProbe??.self)
        #expect(optional === plain)
        #expect(doubleOptional.flatMap { $0 } === plain)
        #expect(DependencyKey(OptionalProbe??.self) == DependencyKey(OptionalProbe.self))
    }

    @Test("registration by DependencyKey resolves through the typed API")
    func keyRegistration() throws {
        let container = DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.key"))
        container.register(key: DependencyKey(GreeterType.self), lifecycle: .transient) { _ in LoudGreeter() }
        #expect(try container.tryResolve(GreeterType.self).greet() == "HELLO")
        #expect(container.isRegistered(GreeterType.self))
        #expect(container.registeredTypes.map(\.typeName).contains("RelayTests.GreeterType"))
    }

    @Test("reset() clears one container and leaves others alone")
    func resetOne() throws {
        let container = DependencyContainer.container(for: .basicsReset)
        let other = DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.untouched"))
        container.register(Replaced.self) { _ in Versioned(7) }
        other.register(Replaced.self) { _ in Versioned(8) }
        _ = try container.tryResolve(Replaced.self)
        container.reset()
        #expect(!container.registeredTypes.contains(DependencyKey(Replaced.self)))
        #expect(try other.tryResolve(Replaced.self).version == 8)
        container.register(Replaced.self) { _ in Versioned(9) }
        #expect(try container.tryResolve(Replaced.self).version == 9, "no singleton survives a reset")
    }

    // resetAll() wipes process-global state, so it runs in a child process.
    @Test("resetAll() clears every container and cached singleton")
    func resetAll() async {
        await #expect(processExitsWith: .success) {
            DependencyContainer.global.register(Replaced.self) { _ in Versioned(1) }
            DependencyContainer.container(for: .basicsA).register(Replaced.self) { _ in Versioned(2) }
            _ = DependencyContainer.global.resolve(Replaced.self)
            DependencyContainer.resetAll()
            guard !DependencyContainer.global.isRegistered(Replaced.self),
                  !DependencyContainer.container(for: .basicsA).isRegistered(Replaced.self) else { exit(1) }
            DependencyContainer.global.register(Replaced.self) { _ in Versioned(3) }
            exit(DependencyContainer.global.resolve(Replaced.self).version == 3 ? 0 : 2)
        }
    }

    @Test("@Injected resolves lazily on first access, from its scope")
    func injected() {
        final class Consumer {
            @Injected var greeter: GreeterType
            @Injected(scope: DependencyContainerScope("ContainerBasicsTests.injected")) var scoped: ScopedType
        }
        let consumer = Consumer()   // nothing registered yet: must not resolve here
        DependencyContainer.global.register(GreeterType.self) { _ in Greeter() }
        DependencyContainer.container(for: DependencyContainerScope("ContainerBasicsTests.injected")).register(ScopedType.self) { _ in Named("injected") }
        #expect(consumer.greeter.greet() == "hello")
        #expect(consumer.greeter === consumer.greeter)
        #expect(consumer.scoped.name == "injected")
    }
}
