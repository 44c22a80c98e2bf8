import BenchSupport
import Dispatch
import Foundation
import Relay

/// A thread that the benchmark can put inside a `withInjectedDependencies` body (it stays
/// there, blocked) or take out of it. Used from one benchmark thread only.
final class OverridingThread {
    private let signals = Signals()
    private var isInside = false

    private final class Signals: Sendable {
        let enter = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let acknowledged = DispatchSemaphore(value: 0)
        let stopping = Locked(false)
    }

    init() {
        let signals = signals
        var overrides = DependencyOverrides()
        overrides.register(FallbackService.self) { _ in LiveFallbackService() }
        Thread { [overrides] in
            while true {
                signals.enter.wait()
                if signals.stopping.value { return }
                try! withInjectedDependencies(overrides) {
                    signals.acknowledged.signal()
                    signals.leave.wait()
                }
                signals.acknowledged.signal()
            }
        }.start()
    }

    /// Puts the thread inside its override, or takes it out; returns once it is there.
    func set(inside: Bool) {
        guard inside != isInside else { return }
        (inside ? signals.enter : signals.leave).signal()
        signals.acknowledged.wait()
        isInside = inside
    }

    func stop() {
        set(inside: false)
        signals.stopping.value = true
        signals.enter.signal()
    }
}

/// A value shared between threads under a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: `stored` is only read or written with `lock` held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A chain of transient types in a scope of its own: the factory of type number `i`
/// resolves type number `i + 1`, up to `length - 1`, whose factory resolves nothing.
final class DependencyChain: Sendable {
    let length: Int
    let container: DependencyContainer
    private let probe = StackProbe()

    init(length: Int) {
        self.length = length
        container = DependencyContainer.container(for: DependencyContainerScope("bench.depth"))
        let types = ScaledTypes.first(length)
        for i in 0..<length {
            Self.registerLink(types[i], next: i + 1 < length ? i + 1 : nil, probe: probe, in: container)
        }
    }

    private static func registerLink<T: ScaledType>(_ type: T.Type, next: Int?, probe: StackProbe, in container: DependencyContainer) {
        container.register(T.self, lifecycle: .transient) { container in
            probe.record()
            if let next { _ = try resolve(ScaledTypes.type(next), from: container) }
            return T()
        }
    }

    private static func resolve<T: ScaledType>(_ type: T.Type, from container: DependencyContainer) throws(DependencyResolutionError) -> T {
        try container.tryResolve(T.self)
    }

    /// Resolves the chain's last `depth` links.
    func resolve(depth: Int) throws(DependencyResolutionError) {
        _ = try Self.resolve(ScaledTypes.type(length - depth), from: container)
    }

    /// The stack one nested resolve takes, in bytes: the distance between the factories
    /// of the first and the 51st link of a chain, divided by 50.
    func stackBytesPerLevel() -> Int {
        probe.start()
        try! resolve(depth: 51)
        let addresses = probe.stop()
        return Int(addresses[0] - addresses[50]) / 50
    }

    /// Resolves `depth` links on a new thread with a stack of `stackSize` bytes, and says
    /// how it went: `resolved`, or which depth error stopped it at which depth.
    func resolveOnThread(depth: Int, stackSize: Int) -> String {
        let outcome = Locked("not run")
        runOnThread(stackSize: stackSize) { [self] in
            do throws(DependencyResolutionError) {
                try resolve(depth: depth)
                outcome.value = "resolved"
            } catch {
                guard case .resolutionTooDeep(let limit) = error.reason else {
                    outcome.value = "unexpected: \(error.reason)"
                    return
                }
                let cause = error.description.contains("stack") ? "stack nearly full" : "depth limit"
                outcome.value = "error at depth \(limit) (\(cause))"
            }
        }
        return outcome.value
    }
}

/// Records the stack pointer in each factory of a ``DependencyChain`` while started.
final class StackProbe: Sendable {
    private let addresses = Locked<[UInt]?>(nil)

    func start() { addresses.value = [] }

    func stop() -> [UInt] {
        defer { addresses.value = nil }
        return addresses.value ?? []
    }

    func record() {
        guard addresses.value != nil else { return }
        let address = approximateStackPointer()
        addresses.value?.append(address)
    }
}
