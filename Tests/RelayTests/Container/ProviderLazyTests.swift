import RelayTestSupport
import Foundation
import Relay
import Testing

// Each test registers its types in a scope of its own, so the tests run in parallel with
// every other suite on the shared containers.

private final class Part: Sendable {}
private final class Whole: Sendable {
    let part: Part
    let later: Provider<Part>
    init(part: Part, later: Provider<Part>) { self.part = part; self.later = later }
}
private final class Deferred: Sendable {
    let part: Part
    let lazyPart: Lazy<Part>
    init(part: Part, lazyPart: Lazy<Part>) { self.part = part; self.lazyPart = lazyPart }
}
private final class Counted: Sendable {}
private final class Downloader: Sendable {
    let url: String
    init(url: String) { self.url = url }
}
private final class OptionalHolder {
    @Injected(scope: "ProviderLazyTests.optional") var makePart: Provider<Part>?
    @Injected(scope: "ProviderLazyTests.optional") var lazyCounted: Lazy<Counted>?
}
private final class Holder {
    @Injected(scope: "ProviderLazyTests.injected") var makePart: Provider<Part>
    @Injected(scope: "ProviderLazyTests.injected", tag: "Special") var lazyPart: Lazy<Part>
}

/// A fresh container for one test, with `Counted` registered with `lifecycle`; the count
/// of its builds.
private func container(_ name: String, counted lifecycle: LifecycleType) -> (DependencyContainer, Locked<Int>) {
    let c = DependencyContainer.container(for: DependencyContainerScope("ProviderLazyTests.\(name)"))
    let builds = Locked(0)
    c.register(Counted.self, lifecycle: lifecycle) { _ in builds.withLock { $0 += 1 }; return Counted() }
    return (c, builds)
}

@Suite("Provider")
struct ProviderTests {
    @Test("resolved by type without a registration of its own; builds nothing until called")
    func byType() throws {
        let (c, builds) = container("byType", counted: .transient)
        let provider = try c.tryResolve(Provider<Counted>.self)
        #expect(builds.withLock { $0 } == 0)
        _ = provider()
        _ = try provider.tryResolve()
        #expect(builds.withLock { $0 } == 2)
    }

    @Test("singleton and eagerSingleton: every call returns the container's instance")
    func singletons() throws {
        for lifecycle in [LifecycleType.singleton, .eagerSingleton] {
            let (c, builds) = container("singletons.\(lifecycle)", counted: lifecycle)
            let provider = try c.tryResolve(Provider<Counted>.self)
            #expect(provider() === provider())
            #expect(provider() === c.resolve(Counted.self))
            #expect(builds.withLock { $0 } == 1)
        }
    }

    @Test("transient: a new instance per call")
    func transient() throws {
        let (c, builds) = container("transient", counted: .transient)
        let provider = c.provider(Counted.self)
        #expect(provider() !== provider())
        #expect(builds.withLock { $0 } == 2)
    }

    @Test("weakSingleton: the live instance while held, a new one after it is released")
    func weakSingleton() throws {
        let (c, builds) = container("weak", counted: .weakSingleton)
        let provider = try c.tryResolve(Provider<Counted>.self)
        var held: Counted? = provider()
        #expect(provider() === held)
        #expect(builds.withLock { $0 } == 1)
        held = nil
        _ = provider()
        #expect(builds.withLock { $0 } == 2)
        _ = held
    }

    @Test("unitOfWork: the current unit's instance; noUnitOfWork outside any block")
    func unitOfWork() throws {
        let (c, _) = container("unit", counted: .unitOfWork)
        let provider = try c.tryResolve(Provider<Counted>.self)
        let (first, again) = try DependencyContainer.withUnitOfWork { (try provider.tryResolve(), try provider.tryResolve()) }
        #expect(first === again)
        let next = try DependencyContainer.withUnitOfWork { try provider.tryResolve() }
        #expect(next !== first)
        let error = #expect(throws: DependencyResolutionError.self) { try provider.tryResolve() }
        #expect(error?.reason == .noUnitOfWork)
    }

    @Test("graph: a call after the making resolve returned is a new outermost resolve (new instance); a call inside a factory shares that resolve's instance")
    func graph() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.graph")
        c.register(Part.self, lifecycle: .graph) { _ in Part() }
        let insideCall = Locked<Part?>(nil)
        c.register(Whole.self, lifecycle: .transient) { c in
            let later = try c.tryResolve(Provider<Part>.self)
            let part = try c.tryResolve(Part.self)
            insideCall.withLock { $0 = later() }
            return Whole(part: part, later: later)
        }
        let whole = try c.tryResolve(Whole.self)
        #expect(insideCall.withLock { $0 } === whole.part)
        let first = whole.later(), second = whole.later()
        #expect(first !== whole.part)
        #expect(first !== second)
    }

    @Test("with a tag: the tagged registration; with none for the tag, the untagged one")
    func tagged() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.tagged")
        let special = Part(), plain = Part()
        c.register(Part.self, tag: "Special") { _ in special }
        c.register(Part.self) { _ in plain }
        #expect(try c.tryResolve(Provider<Part>.self, tag: "Special")() === special)
        #expect(c.provider(Part.self, tag: "Special")() === special)
        #expect(try c.tryResolve(Provider<Part>.self, tag: "Other")() === plain)
        #expect(try c.tryResolve(Provider<Part>.self)() === plain)
    }

    @Test("resolving it when the type is not registered fails at once, naming the type")
    func missing() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.missing")
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Provider<Part>.self) }
        #expect(error?.reason == .missingRegistration)
        #expect(error?.requestedType == DependencyKey(Part.self).typeName)
        let lazyError = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(Lazy<Part>.self, tag: "Special") }
        #expect(lazyError?.requestedType == DependencyKey(Part.self).typeName)
    }

    @Test("a registration of Provider<T> itself wins over the one built by type")
    func explicitRegistrationWins() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.explicit")
        let fixed = Part()
        c.register(Part.self, lifecycle: .transient) { _ in Part() }
        c.register(Provider<Part>.self) { _ in DependencyContainer.container(for: "ProviderLazyTests.explicitOther").provider(Part.self) }
        DependencyContainer.container(for: "ProviderLazyTests.explicitOther").register(Part.self) { _ in fixed }
        #expect(try c.tryResolve(Provider<Part>.self)() === fixed)
    }

    @Test("usable in an @Injected property, with a scope and a tag")
    func injected() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.injected")
        let special = Part()
        c.register(Part.self, lifecycle: .transient) { _ in Part() }
        c.register(Part.self, tag: "Special") { _ in special }
        let holder = Holder()
        #expect(holder.makePart() !== holder.makePart())
        #expect(holder.lazyPart.value === special)
    }

    @Test("optional: Provider<T>? resolves to a provider when T is registered; an optional @Injected one is nil when T is not")
    func optional() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.optional")
        c.register(Part.self, lifecycle: .transient) { _ in Part() }
        let provider = try c.tryResolve(Provider<Part>?.self)
        #expect(provider?() != nil)
        let holder = OptionalHolder()
        #expect(holder.makePart != nil)
        #expect(holder.lazyCounted == nil)
    }

    @Test("with an argument: ArgumentProvider by type, or provider(_:argument:); another argument type is argumentMismatch")
    func argument() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.argument")
        c.register(Downloader.self, argument: String.self) { _, url in Downloader(url: url) }
        let byType = try c.tryResolve(ArgumentProvider<Downloader, String>.self)
        #expect(byType("a").url == "a")
        let direct = c.provider(Downloader.self, argument: String.self)
        #expect(try direct.tryResolve("b").url == "b")
        let error = #expect(throws: DependencyResolutionError.self) { try c.tryResolve(ArgumentProvider<Downloader, Int>.self) }
        #expect(error?.reason == .argumentMismatch(expected: "Swift.String", given: "Swift.Int"))
    }

    @Test("an ArgumentProvider with a tag uses the tagged argument registration, else the untagged one")
    func argumentTagged() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.argumentTagged")
        c.register(Downloader.self, argument: String.self) { _, url in Downloader(url: "plain " + url) }
        c.register(Downloader.self, tag: "Mirror", argument: String.self) { _, url in Downloader(url: "mirror " + url) }
        #expect(try c.tryResolve(ArgumentProvider<Downloader, String>.self, tag: "Mirror")("a").url == "mirror a")
        #expect(c.provider(Downloader.self, tag: "Other", argument: String.self)("b").url == "plain b")
    }

    @Test("from a scoped container, a type registered only in the global one is found")
    func scopedFallback() throws {
        let scoped = DependencyContainer.container(for: "ProviderLazyTests.scopedFallback")
        final class OnlyGlobal: Sendable {}
        let instance = OnlyGlobal()
        DependencyContainer.global.register(OnlyGlobal.self) { _ in instance }
        #expect(try scoped.tryResolve(Provider<OnlyGlobal>.self)() === instance)
        #expect(try scoped.tryResolve(Lazy<OnlyGlobal>.self).value === instance)
    }

    @Test("Provider, ArgumentProvider and Lazy of a Sendable type are Sendable")
    func sendable() throws {
        let (c, _) = container("sendable", counted: .transient)
        let values: [any Sendable] = [c.provider(Counted.self), c.provider(Counted.self, argument: Int.self), c.lazy(Counted.self)]
        #expect(values.count == 3)
    }
}

@Suite("Lazy")
struct LazyTests {
    @Test("resolved on first use, then the same instance; two Lazy values of a transient hold two instances")
    func transient() throws {
        let (c, builds) = container("lazyTransient", counted: .transient)
        let lazy = try c.tryResolve(Lazy<Counted>.self)
        #expect(builds.withLock { $0 } == 0)
        #expect(lazy.value === lazy.value)
        #expect(builds.withLock { $0 } == 1)
        let other = c.lazy(Counted.self)
        #expect(try other.tryResolve() !== lazy.value)
        #expect(builds.withLock { $0 } == 2)
    }

    @Test("singleton and eagerSingleton: the container's instance")
    func singletons() throws {
        for lifecycle in [LifecycleType.singleton, .eagerSingleton] {
            let (c, builds) = container("lazySingletons.\(lifecycle)", counted: lifecycle)
            let lazy = try c.tryResolve(Lazy<Counted>.self)
            #expect(lazy.value === c.resolve(Counted.self))
            #expect(builds.withLock { $0 } == 1)
        }
    }

    @Test("weakSingleton: the Lazy holds the instance, so it stays the container's live one")
    func weakSingleton() throws {
        let (c, builds) = container("lazyWeak", counted: .weakSingleton)
        let lazy = try c.tryResolve(Lazy<Counted>.self)
        let first = ObjectIdentifier(lazy.value)
        #expect(ObjectIdentifier(c.resolve(Counted.self)) == first)
        #expect(builds.withLock { $0 } == 1)
    }

    @Test("unitOfWork: first used inside a block, it keeps that unit's instance after the block")
    func unitOfWork() throws {
        let (c, _) = container("lazyUnit", counted: .unitOfWork)
        let lazy = try c.tryResolve(Lazy<Counted>.self)
        let inUnit = try DependencyContainer.withUnitOfWork {
            let resolved = try c.tryResolve(Counted.self)
            #expect(try lazy.tryResolve() === resolved)
            return resolved
        }
        #expect(lazy.value === inUnit)
        let outside = #expect(throws: DependencyResolutionError.self) { try c.lazy(Counted.self).tryResolve() }
        #expect(outside?.reason == .noUnitOfWork)
    }

    @Test("graph: first used after the making resolve, a new outermost resolve (new instance); inside the factory, that resolve's instance")
    func graph() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.lazyGraph")
        c.register(Part.self, lifecycle: .graph) { _ in Part() }
        c.register(Deferred.self, lifecycle: .transient) { c in
            Deferred(part: try c.tryResolve(), lazyPart: try c.tryResolve())
        }
        let later = try c.tryResolve(Deferred.self)
        #expect(later.lazyPart.value !== later.part)
        let inside = Locked<Bool?>(nil)
        c.register(Deferred.self, lifecycle: .transient) { c in
            let deferred = Deferred(part: try c.tryResolve(), lazyPart: try c.tryResolve())
            inside.withLock { $0 = try? deferred.lazyPart.tryResolve() === deferred.part }
            return deferred
        }
        _ = try c.tryResolve(Deferred.self)
        #expect(inside.withLock { $0 } == true)
    }

    @Test("with a tag: the tagged registration; with none for the tag, the untagged one")
    func tagged() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.lazyTagged")
        let special = Part(), plain = Part()
        c.register(Part.self, tag: "Special") { _ in special }
        c.register(Part.self) { _ in plain }
        #expect(try c.tryResolve(Lazy<Part>.self, tag: "Special").value === special)
        #expect(c.lazy(Part.self, tag: "Other").value === plain)
    }

    @Test("many threads using it first at once resolve it once and all get that instance")
    func concurrentFirstUse() throws {
        for round in 0..<20 {
            let (c, builds) = container("lazyConcurrent.\(round)", counted: .transient)
            let lazy = c.lazy(Counted.self)
            let seen = Locked<Set<ObjectIdentifier>>([])
            runOnThreads(8) { _ in
                let instance = lazy.value
                seen.withLock { _ = $0.insert(ObjectIdentifier(instance)) }
            }
            #expect(builds.withLock { $0 } == 1)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test("a failed first resolve is not kept: the next use resolves again")
    func failureNotKept() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.lazyFailure")
        struct Flaky: Error {}
        let attempts = Locked(0)
        c.register(Counted.self, lifecycle: .transient) { _ in
            let attempt = attempts.withLock { $0 += 1; return $0 }
            if attempt == 1 { throw Flaky() }
            return Counted()
        }
        let lazy = c.lazy(Counted.self)
        let error = #expect(throws: DependencyResolutionError.self) { try lazy.tryResolve() }
        #expect(error?.reason == .factoryFailed)
        #expect(lazy.value === lazy.value)
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test("used from inside its own type's factory: circularDependency, not a deadlock")
    func cycle() throws {
        let c = DependencyContainer.container(for: "ProviderLazyTests.lazyCycle")
        let lazy = c.lazy(Counted.self)
        c.register(Counted.self, lifecycle: .transient) { _ in try lazy.tryResolve() }
        let error = #expect(throws: DependencyResolutionError.self) { try lazy.tryResolve() }
        guard case .circularDependency(let cycle, false)? = error?.reason else {
            Issue.record("expected a circular dependency, got \(String(describing: error))")
            return
        }
        let name = DependencyKey(Counted.self).typeName
        #expect(cycle == [name, name])
    }
}
