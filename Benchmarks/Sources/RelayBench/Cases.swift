import BenchSupport
import Foundation
import Relay
import Swinject

/// What a row must achieve. `nil` means no target of that kind.
struct Targets {
    /// Relay's ns/op at most this.
    var maxNanoseconds: Double?
    /// Relay's ns/op at most this multiple of the floor.
    var maxTimesFloor: Double?
    /// Swinject's ns/op at least this multiple of Relay's.
    var minSpeedUp: Double?

    var description: String {
        var parts: [String] = []
        if let maxNanoseconds { parts.append("≤\(Int(maxNanoseconds)) ns") }
        if let maxTimesFloor { parts.append("≤\(format(maxTimesFloor))× floor") }
        if let minSpeedUp { parts.append("≥\(format(minSpeedUp))× Swinject") }
        return parts.isEmpty ? "—" : parts.joined(separator: ", ")
    }
}

/// One line of the results table, all figures in ns per operation.
struct BenchmarkRow {
    let label: String
    let relay: Spread
    let swinject: Spread?
    let floor: Spread?
    /// Swinject's time over Relay's, round by round (see ``Harness/rounds(_:count:)``).
    let speedUp: Spread?
    /// Relay's time over the floor's, round by round.
    let timesFloor: Spread?
    let targets: Targets

    /// The targets this row misses, described; empty when all are met. Judged on medians.
    var misses: [String] {
        var result: [String] = []
        if let max = targets.maxNanoseconds, relay.median > max { result.append("ns") }
        if let max = targets.maxTimesFloor, let timesFloor, timesFloor.median > max { result.append("×floor") }
        if let min = targets.minSpeedUp, let speedUp, speedUp.median < min { result.append("speed-up") }
        return result
    }
}

extension BenchmarkRow {
    /// Measures the workloads of one row together, in interleaved rounds (see
    /// ``Harness/rounds(_:count:)``); the ratios are taken round by round.
    init(_ label: String, relay: Workload, swinject: Workload?, floor: Workload?, targets: Targets) {
        let results = Harness.rounds([relay] + [swinject, floor].compactMap { $0 })
        var next = 1
        func take(_ workload: Workload?) -> [Double]? {
            guard workload != nil else { return nil }
            defer { next += 1 }
            return results[next]
        }
        let swinjectSamples = take(swinject)
        let floorSamples = take(floor)
        self.init(
            label: label,
            relay: Spread(results[0]),
            swinject: swinjectSamples.map { Spread($0) },
            floor: floorSamples.map { Spread($0) },
            speedUp: swinjectSamples.map { Spread.ofRatios($0, results[0]) },
            timesFloor: floorSamples.map { Spread.ofRatios(results[0], $0) },
            targets: targets
        )
    }
}

/// The benchmark cases, in table order. Each measures Relay, Swinject and the floor in
/// turn; everything runs in this one process.
enum Cases {
    /// Every row, by the letter that selects it on the command line.
    static func all() -> [(letter: String, measure: () -> BenchmarkRow)] {
        [
            ("a", singletonResolve),
            ("b", transientResolve),
            ("c", transientGraphResolve),
            ("d", singletonResolveOnTwoThreads),
            ("e", registration),
            ("f", scopedFallbackResolve),
        ] + overrideCases() + containerFeatureCases() + deferredCases()
    }

    // MARK: - (g), (h) overrides

    /// The cost of in-process overrides: a resolve while no override is active anywhere
    /// (after one has run and ended, so the machinery is installed but idle), and the same
    /// resolve inside a `withInjectedDependencies` body that overrides another type.
    static func overrideCases() -> [(letter: String, measure: () -> BenchmarkRow)] {
        [("g", singletonResolveNoOverrideActive), ("h", singletonResolveInsideOverride)]
    }

    static func singletonResolveNoOverrideActive() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        var overrides = DependencyOverrides()
        overrides.register(FallbackService.self) { _ in LiveFallbackService() }
        try! withInjectedDependencies(overrides) { _ = relay.resolve(SingletonService.self) }
        let holder = PropertyHolder(LiveSingletonService())
        return BenchmarkRow(
            "(g) singleton, no override active",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                publish(accumulator)
            },
            swinject: nil,
            floor: propertyRead(holder),
            targets: Targets(maxNanoseconds: 30, maxTimesFloor: 2, minSpeedUp: nil)
        )
    }

    static func singletonResolveInsideOverride() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        var overrides = DependencyOverrides()
        overrides.register(FallbackService.self) { _ in LiveFallbackService() }
        let holder = PropertyHolder(LiveSingletonService())
        return BenchmarkRow(
            "(h) singleton, inside an override",
            relay: .batch { n in
                var accumulator: UInt = 0
                try! withInjectedDependencies(overrides) {
                    for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                }
                publish(accumulator)
            },
            swinject: nil,
            floor: propertyRead(holder),
            targets: Targets(maxNanoseconds: 40, maxTimesFloor: nil, minSpeedUp: nil)
        )
    }

    // MARK: - (a) singleton resolve of a protocol-typed service

    static func singletonResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        let swinject = Container()
        swinject.register(SingletonService.self) { _ in LiveSingletonService() }.inObjectScope(.container)
        let holder = PropertyHolder(LiveSingletonService())

        return BenchmarkRow(
            "(a) singleton resolve",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(SingletonService.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: propertyRead(holder),
            targets: Targets(maxNanoseconds: 30, maxTimesFloor: 2, minSpeedUp: 15)
        )
    }

    /// Floor for singleton reads: one stored-property read per operation.
    static func propertyRead(_ holder: PropertyHolder) -> Workload {
        .batch { n in
            var accumulator: UInt = 0
            for _ in 0..<n { consume(holder.service, &accumulator) }
            publish(accumulator)
        }
    }

    // MARK: - (b) transient resolve, no dependencies

    static func transientResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(PlainObject.self, lifecycle: .transient) { _ in PlainObject() }
        let swinject = Container()
        swinject.register(PlainObject.self) { _ in PlainObject() }.inObjectScope(.transient)

        return BenchmarkRow(
            "(b) transient resolve",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(PlainObject.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(PlainObject.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(PlainObject(), &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: 50, maxTimesFloor: nil, minSpeedUp: 15)
        )
    }

    // MARK: - (c) transient 3-level graph A → B → C

    static func transientGraphResolve() -> BenchmarkRow {
        let relay = DependencyContainer.global
        relay.register(GraphA.self, lifecycle: .transient) { c in LiveGraphA(b: try c.tryResolve(GraphB.self)) }
        relay.register(GraphB.self, lifecycle: .transient) { c in LiveGraphB(c: try c.tryResolve(GraphC.self)) }
        relay.register(GraphC.self, lifecycle: .transient) { _ in LiveGraphC() }
        let swinject = Container()
        swinject.register(GraphA.self) { r in LiveGraphA(b: r.resolve(GraphB.self)!) }.inObjectScope(.transient)
        swinject.register(GraphB.self) { r in LiveGraphB(c: r.resolve(GraphC.self)!) }.inObjectScope(.transient)
        swinject.register(GraphC.self) { _ in LiveGraphC() }.inObjectScope(.transient)

        return BenchmarkRow(
            "(c) transient graph A→B→C",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(GraphA.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(GraphA.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(LiveGraphA(b: LiveGraphB(c: LiveGraphC())), &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: 200, maxTimesFloor: 1.7, minSpeedUp: 15)
        )
    }

    // MARK: - (d) singleton resolve on 2 threads at once

    static func singletonResolveOnTwoThreads() -> BenchmarkRow {
        let threads = 2
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        let container = Container()
        container.register(SingletonService.self) { _ in LiveSingletonService() }.inObjectScope(.container)
        let swinject = UncheckedSendableBox(value: container.synchronize())
        let holder = PropertyHolder(LiveSingletonService())

        return BenchmarkRow(
            "(d) singleton, 2 threads",
            relay: .concurrent(threads: threads) { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .concurrent(threads: threads) { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.value.resolve(SingletonService.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: .concurrent(threads: threads) { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(holder.service, &accumulator) }
                publish(accumulator)
            },
            targets: Targets(maxNanoseconds: 80, maxTimesFloor: nil, minSpeedUp: 15)
        )
    }

    // MARK: - (e) registering 1,000 distinct types

    static func registration() -> BenchmarkRow {
        // A scope of its own, emptied (untimed) before every sample, so each sample
        // registers into an empty container.
        let relay = DependencyContainer.container(for: DependencyContainerScope("bench.registration"))
        var swinject = Container()
        defer { relay.reset() }

        return BenchmarkRow(
            "(e) register, per type",
            relay: .fresh(operations: registrationTypeCount, setUp: { relay.reset() }) {
                registerGeneratedTypes(in: relay)
            },
            swinject: .fresh(operations: registrationTypeCount, setUp: { swinject = Container() }) {
                registerGeneratedTypes(in: swinject)
            },
            floor: nil,
            // The 100 ns per type target is retired: start-up feels (k), 1,000 types ≤ 1 ms.
            targets: Targets(maxNanoseconds: nil, maxTimesFloor: nil, minSpeedUp: 4)
        )
    }

    // MARK: - (f) scoped container falling back to global

    static func scopedFallbackResolve() -> BenchmarkRow {
        DependencyContainer.global.register(FallbackService.self) { _ in LiveFallbackService() }
        let relay = DependencyContainer.container(for: DependencyContainerScope("bench.fallback"))
        let parent = Container()
        parent.register(FallbackService.self) { _ in LiveFallbackService() }.inObjectScope(.container)
        let swinject = Container(parent: parent)
        let holder = PropertyHolder(LiveSingletonService())

        return BenchmarkRow(
            "(f) scoped → global fallback",
            relay: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(FallbackService.self), &accumulator) }
                publish(accumulator)
            },
            swinject: .batch { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(swinject.resolve(FallbackService.self)!, &accumulator) }
                publish(accumulator)
            },
            floor: propertyRead(holder),
            targets: Targets()
        )
    }
}

/// A ratio with two decimals, e.g. `1.27×` (the resolve rows are judged against a
/// baseline ratio within 10%, which one decimal cannot show).
func formatRatio(_ value: Double) -> String {
    String(format: "%.2f×", value)
}

func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() && abs(rounded) >= 10 ? String(Int(rounded)) : String(rounded)
}
