import Relay
import Testing

// Tagged, argument and weakSingleton resolves are served from the resolving thread's
// cache when repeated: these tests pin what that cache must never change. Each test uses
// types and scopes of its own.

private final class CachedTagged {}
private final class CachedFallback: Sendable {}
private final class CachedWeak {}
private final class CachedTaggedWeak {}
private final class CachedArgument { let value: Int; init(_ value: Int) { self.value = value } }
private final class CachedArgumentReplaced { let label: String; init(_ label: String) { self.label = label } }
private protocol CacheDigit: SendableMetatype { static var value: Int { get } }
private enum CacheD0: CacheDigit { static let value = 0 }
private enum CacheD1: CacheDigit { static let value = 1 }
private enum CacheD2: CacheDigit { static let value = 2 }
private enum CacheD3: CacheDigit { static let value = 3 }
private enum CacheD4: CacheDigit { static let value = 4 }
private enum CacheD5: CacheDigit { static let value = 5 }
private enum CacheD6: CacheDigit { static let value = 6 }
private enum CacheD7: CacheDigit { static let value = 7 }
/// One of 512 distinct types: more than a thread's tables hold, so entries collide, probe
/// past their home slots, are swapped into them and are evicted.
private final class CachedMany<A: CacheDigit, B: CacheDigit, C: CacheDigit>: Sendable {
    static var number: Int { A.value * 64 + B.value * 8 + C.value }
}

@Suite("Repeated tagged, argument and weakSingleton resolves")
struct ResolveCacheTests {
    @Test("a tagged singleton is one instance per tag, and re-registering the tag replaces it")
    func taggedSingleton() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.tagged"))
        c.register(CachedTagged.self) { _ in CachedTagged() }
        c.register(CachedTagged.self, tag: "a") { _ in CachedTagged() }
        let a = c.resolve(CachedTagged.self, tag: "a")
        #expect(c.resolve(CachedTagged.self, tag: "a") === a)
        #expect(c.resolve(CachedTagged.self, tag: "a") === a)
        let untagged = c.resolve(CachedTagged.self)
        #expect(untagged !== a)
        // Tag "b" has no registration: the untagged one, cached under "b".
        #expect(c.resolve(CachedTagged.self, tag: "b") === untagged)
        #expect(c.resolve(CachedTagged.self, tag: "b") === untagged)
        c.register(CachedTagged.self, tag: "b") { _ in CachedTagged() }
        let b = c.resolve(CachedTagged.self, tag: "b")
        #expect(b !== untagged && b !== a)
        c.register(CachedTagged.self, tag: "a") { _ in CachedTagged() }
        #expect(c.resolve(CachedTagged.self, tag: "a") !== a)
    }

    @Test("a tagged transient is a new instance on every resolve")
    func taggedTransient() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.taggedTransient"))
        c.register(CachedTagged.self, tag: "t", lifecycle: .transient) { _ in CachedTagged() }
        let first = c.resolve(CachedTagged.self, tag: "t")
        #expect(c.resolve(CachedTagged.self, tag: "t") !== first)
        #expect(c.resolve(CachedTagged.self, tag: "t") !== first)
    }

    @Test("a tagged resolve inside withInjectedDependencies sees the override, after the same resolve was cached outside")
    func taggedInsideOverride() throws {
        DependencyContainer.global.register(CachedFallback.self) { _ in CachedFallback() }
        let outside = DependencyContainer.global.resolve(CachedFallback.self, tag: "untagged-fallback")
        #expect(DependencyContainer.global.resolve(CachedFallback.self, tag: "untagged-fallback") === outside)
        let replacement = CachedFallback()
        var overrides = DependencyOverrides()
        overrides.register(CachedFallback.self) { _ in replacement }
        let inside = try withInjectedDependencies(overrides) {
            DependencyContainer.global.resolve(CachedFallback.self, tag: "untagged-fallback")
        }
        #expect(inside === replacement)
        #expect(DependencyContainer.global.resolve(CachedFallback.self, tag: "untagged-fallback") === outside)
    }

    @Test("a weakSingleton served again is the same instance, and the cache does not keep it alive")
    func weakSingleton() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.weak"))
        c.register(CachedWeak.self, lifecycle: .weakSingleton) { _ in CachedWeak() }
        weak var dropped: CachedWeak?
        do {
            let held = c.resolve(CachedWeak.self)
            #expect(c.resolve(CachedWeak.self) === held)
            #expect(c.resolve(CachedWeak.self) === held)
            dropped = held
        }
        #expect(dropped == nil)
        let next = c.resolve(CachedWeak.self)
        #expect(c.resolve(CachedWeak.self) === next)
    }

    @Test("a tagged weakSingleton behaves the same")
    func taggedWeakSingleton() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.taggedWeak"))
        c.register(CachedTaggedWeak.self, tag: "w", lifecycle: .weakSingleton) { _ in CachedTaggedWeak() }
        weak var dropped: CachedTaggedWeak?
        do {
            let held = c.resolve(CachedTaggedWeak.self, tag: "w")
            #expect(c.resolve(CachedTaggedWeak.self, tag: "w") === held)
            dropped = held
        }
        #expect(dropped == nil)
        let next = c.resolve(CachedTaggedWeak.self, tag: "w")
        #expect(c.resolve(CachedTaggedWeak.self, tag: "w") === next)
    }

    @Test("an argument resolve served again runs the factory with the new argument, and sees a new registration")
    func argumentResolve() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.argument"))
        c.register(CachedArgument.self, argument: Int.self) { _, n in CachedArgument(n) }
        #expect(c.resolve(CachedArgument.self, argument: 1).value == 1)
        #expect(c.resolve(CachedArgument.self, argument: 2).value == 2)
        c.register(CachedArgument.self, argument: Int.self) { _, n in CachedArgument(n * 10) }
        #expect(c.resolve(CachedArgument.self, argument: 3).value == 30)
        // Another argument type, or a tag, is another entry.
        c.register(CachedArgument.self, argument: String.self) { _, s in CachedArgument(s.count) }
        #expect(c.resolve(CachedArgument.self, argument: "four").value == 4)
        #expect(c.resolve(CachedArgument.self, argument: 5).value == 50)
    }

    @Test("a tagged argument resolve is cached under its tag")
    func taggedArgumentResolve() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.taggedArgument"))
        c.register(CachedArgumentReplaced.self, argument: Int.self) { _, n in CachedArgumentReplaced("untagged \(n)") }
        c.register(CachedArgumentReplaced.self, tag: "t", argument: Int.self) { _, n in CachedArgumentReplaced("t \(n)") }
        for n in 0..<3 {
            #expect(c.resolve(CachedArgumentReplaced.self, tag: "t", argument: n).label == "t \(n)")
            #expect(c.resolve(CachedArgumentReplaced.self, argument: n).label == "untagged \(n)")
            #expect(c.resolve(CachedArgumentReplaced.self, tag: "other", argument: n).label == "untagged \(n)")
        }
    }

    @Test("512 types resolved in turn and in reverse, untagged and tagged: each always gets its own instance")
    func manyTypesCollide() {
        let c = DependencyContainer.container(for: DependencyContainerScope("ResolveCacheTests.many"))
        let digits: [any CacheDigit.Type] = [CacheD0.self, CacheD1.self, CacheD2.self, CacheD3.self, CacheD4.self, CacheD5.self, CacheD6.self, CacheD7.self]
        var resolvers: [ManyResolver] = []
        func add<A: CacheDigit, B: CacheDigit, C: CacheDigit>(_: A.Type, _: B.Type, _: C.Type) {
            c.register(CachedMany<A, B, C>.self) { _ in CachedMany<A, B, C>() }
            c.register(CachedMany<A, B, C>.self, tag: "t") { _ in CachedMany<A, B, C>() }
            resolvers.append(ManyResolver(number: CachedMany<A, B, C>.number, plain: { c.resolve(CachedMany<A, B, C>.self) }, tagged: { c.resolve(CachedMany<A, B, C>.self, tag: "t") }))
        }
        for a in digits { for b in digits { for d in digits { add(a, b, d) } } }
        #expect(Set(resolvers.map(\.number)).count == 512)
        let plain = resolvers.map { $0.plain() }
        let tagged = resolvers.map { $0.tagged() }
        var mismatches = 0
        for round in 0..<3 {
            for i in round == 1 ? Array(resolvers.indices.reversed()) : Array(resolvers.indices) {
                if resolvers[i].plain() !== plain[i] || resolvers[i].tagged() !== tagged[i] || plain[i] === tagged[i] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}

private struct ManyResolver {
    let number: Int
    let plain: () -> AnyObject
    let tagged: () -> AnyObject
}
