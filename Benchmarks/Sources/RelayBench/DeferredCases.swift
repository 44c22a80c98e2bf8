import BenchSupport
import Relay
import Swinject

// Rows (y) and (z): Relay's `Provider` and `Lazy` next to Swinject's, with a plain resolve
// of the same registration as the floor — what the wrapper adds to one resolve.

extension Cases {
    static func deferredCases() -> [(letter: String, measure: () -> BenchmarkRow)] {
        [("y", providerCall), ("z", lazyFirstUse)]
    }

    // MARK: - (y) a Provider call

    /// A provider of the singleton of row (a), called again and again: one resolve per
    /// call. Swinject: `Provider<T>.instance` on a `.container` registration. Floor: a
    /// plain resolve, row (a). Target: a few dozen instructions over it.
    static func providerCall() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        let provider = relay.provider(SingletonService.self)
        let swinject = Container()
        swinject.register(SingletonService.self) { _ in LiveSingletonService() }.inObjectScope(.container)
        let swinjectProvider = swinject.resolve(Swinject.Provider<SingletonService>.self)!
        return BenchmarkRow(
            "(y) Provider call, singleton (floor: a plain resolve)",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(provider(), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinjectProvider.instance, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }

    // MARK: - (z) a Lazy, made and used once

    /// A new `Lazy` of the transient of row (b), used once: the `Lazy` is made
    /// (`c.lazy(_:)`), its first use resolves. Swinject: `resolve(Lazy<T>.self)!.instance`
    /// on a `.transient` registration (its `Lazy` is made by a resolve). Floor: a plain
    /// resolve, row (b).
    static func lazyFirstUse() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(PlainObject.self, lifecycle: .transient) { _ in PlainObject() }
        let swinject = Container()
        swinject.register(PlainObject.self) { _ in PlainObject() }.inObjectScope(.transient)
        return BenchmarkRow(
            "(z) Lazy made and used once, transient (floor: a plain resolve)",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.lazy(PlainObject.self).value, &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(Swinject.Lazy<PlainObject>.self)!.instance, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(PlainObject.self), &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }
}
