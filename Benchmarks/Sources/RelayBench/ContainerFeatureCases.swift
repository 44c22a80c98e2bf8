import BenchSupport
import Relay
import Swinject

// Rows (q)–(t) and (v): the full-container features, each next to Swinject's equivalent
// where it has one — a named registration, a runtime argument, the `.graph` object scope,
// the `.weak` object scope.

protocol TaggedService: AnyObject {}
final class LiveTaggedService: TaggedService {}

protocol ArgumentService: AnyObject {}
final class LiveArgumentService: ArgumentService {
    let port: Int
    init(port: Int) { self.port = port }
}

protocol ObjectGraphA: AnyObject {}
protocol ObjectGraphB: AnyObject {}
protocol ObjectGraphC: AnyObject {}
final class LiveObjectGraphA: ObjectGraphA {
    let b: any ObjectGraphB
    let c: any ObjectGraphC
    init(b: any ObjectGraphB, c: any ObjectGraphC) { self.b = b; self.c = c }
}
final class LiveObjectGraphB: ObjectGraphB {
    let c: any ObjectGraphC
    init(c: any ObjectGraphC) { self.c = c }
}
final class LiveObjectGraphC: ObjectGraphC {}

protocol WeakService: AnyObject {}
final class LiveWeakService: WeakService {}

protocol UnitOfWorkService: AnyObject {}
final class LiveUnitOfWorkService: UnitOfWorkService {}

extension Cases {
    static func containerFeatureCases() -> [(letter: String, measure: () -> BenchmarkRow)] {
        [("q", taggedSingletonResolve), ("r", argumentResolve), ("s", graphResolve), ("t", unitOfWorkResolve), ("v", weakSingletonResolve)]
    }

    static func registerTagged(in relay: DependencyContainer) {
        relay.register(TaggedService.self) { _ in LiveTaggedService() }
        relay.register(TaggedService.self, tag: "primary") { _ in LiveTaggedService() }
    }

    static func registerArgument(in relay: DependencyContainer) {
        relay.register(ArgumentService.self, argument: Int.self) { _, port in LiveArgumentService(port: port) }
    }

    /// A → B → C and A → C, every level `.graph`: A's C and B's C are one instance.
    static func registerObjectGraph(in relay: DependencyContainer) {
        relay.register(ObjectGraphA.self, lifecycle: .graph) { c in LiveObjectGraphA(b: try c.tryResolve(), c: try c.tryResolve()) }
        relay.register(ObjectGraphB.self, lifecycle: .graph) { c in LiveObjectGraphB(c: try c.tryResolve()) }
        relay.register(ObjectGraphC.self, lifecycle: .graph) { _ in LiveObjectGraphC() }
    }

    static func registerWeakSingleton(in relay: DependencyContainer) {
        relay.register(WeakService.self, lifecycle: .weakSingleton) { _ in LiveWeakService() }
    }

    static func registerUnitOfWork(in relay: DependencyContainer) {
        relay.register(UnitOfWorkService.self, lifecycle: .unitOfWork) { _ in LiveUnitOfWorkService() }
    }

    // MARK: - (q) tagged singleton

    static func taggedSingletonResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        registerTagged(in: relay)
        let swinject = Container()
        swinject.register(TaggedService.self) { _ in LiveTaggedService() }.inObjectScope(.container)
        swinject.register(TaggedService.self, name: "primary") { _ in LiveTaggedService() }.inObjectScope(.container)
        return BenchmarkRow(
            "(q) tagged singleton (Swinject: named)",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(TaggedService.self, tag: "primary"), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(TaggedService.self, name: "primary")!, &accumulator) }
                publish(accumulator)
            },
            floor: nil,
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }

    // MARK: - (r) runtime argument

    static func argumentResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        registerArgument(in: relay)
        let swinject = Container()
        swinject.register(ArgumentService.self) { (_, port: Int) in LiveArgumentService(port: port) }.inObjectScope(.transient)
        return BenchmarkRow(
            "(r) resolve with an argument",
            relay: .batch { n in
                var accumulator: UInt = 0
                for i in 0..<n { consume(relay.resolve(ArgumentService.self, argument: i), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for i in 0..<n { consume(swinject.resolve(ArgumentService.self, argument: i)!, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for i in 0..<n { consume(LiveArgumentService(port: i), &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }

    // MARK: - (s) 3-level graph lifecycle

    static func graphResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        registerObjectGraph(in: relay)
        let swinject = Container()
        swinject.register(ObjectGraphA.self) { r in LiveObjectGraphA(b: r.resolve(ObjectGraphB.self)!, c: r.resolve(ObjectGraphC.self)!) }.inObjectScope(.graph)
        swinject.register(ObjectGraphB.self) { r in LiveObjectGraphB(c: r.resolve(ObjectGraphC.self)!) }.inObjectScope(.graph)
        swinject.register(ObjectGraphC.self) { _ in LiveObjectGraphC() }.inObjectScope(.graph)
        return BenchmarkRow(
            "(s) 3-level .graph A→B→C, A→C",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(ObjectGraphA.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(ObjectGraphA.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n {
                    let c = LiveObjectGraphC()
                    consume(LiveObjectGraphA(b: LiveObjectGraphB(c: c), c: c), &accumulator)
                }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }

    // MARK: - (t) unitOfWork inside its block

    /// A `.unitOfWork` registration resolved again and again inside one
    /// `withUnitOfWork` block (on the benchmark's thread, which runs no task): after the
    /// first resolve builds it, the task-local read of the unit and the thread's cache of
    /// this unit's instances. Swinject has no equivalent (its `.graph` scope is Relay's
    /// `.graph`, one resolve; a per-request lifetime needs a child container per request).
    /// Target: ≤3× row (a), a singleton resolve, which is about 1.3× the floor.
    static func unitOfWorkResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        registerUnitOfWork(in: relay)
        let holder = PropertyHolder(LiveSingletonService())
        return BenchmarkRow(
            "(t) unitOfWork, inside its block (Swinject: none)",
            relay: .batch { n in
                var accumulator: UInt = 0
                DependencyContainer.withUnitOfWork {
                    for _ in 0..<n { consume(relay.resolve(UnitOfWorkService.self), &accumulator) }
                }
                publish(accumulator)
            },
            swinject: nil,
            floor: propertyRead(holder),
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: 3.9, minSpeedUp: nil)
        )
    }

    // MARK: - (v) weakSingleton while alive

    /// A `.weakSingleton` resolved again and again while the caller holds the instance.
    /// Swinject: the `.weak` object scope. Target: ≤3× row (a), in instructions (see
    /// docs/performance.md); in time, ahead of Swinject.
    static func weakSingletonResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        registerWeakSingleton(in: relay)
        let swinject = Container()
        swinject.register(WeakService.self) { _ in LiveWeakService() }.inObjectScope(.weak)
        // Held for the whole run, so every resolve finds the instance alive.
        let held = (relay.resolve(WeakService.self), swinject.resolve(WeakService.self)!)
        let holder = PropertyHolder(LiveSingletonService())
        return BenchmarkRow(
            "(v) weakSingleton, instance alive (Swinject: .weak)",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(WeakService.self), &accumulator) }
                withExtendedLifetime(held) {}
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(WeakService.self)!, &accumulator) }
                withExtendedLifetime(held) {}
                publish(accumulator)
            },
            floor: propertyRead(holder),
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 1)
        )
    }
}
