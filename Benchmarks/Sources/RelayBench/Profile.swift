import BenchSupport
import Relay

/// `relay-bench --profile <a|b|c|e|f> [iterations]`: runs Relay's side of one case with
/// nothing else in the process, for profiling.
enum Profile {
    static func run(case name: String, iterations: Int) {
        let global = DependencyContainer.global
        var accumulator: UInt = 0
        switch name {
        case "a":
            global.register(SingletonService.self) { _ in LiveSingletonService() }
            for _ in 0..<iterations { consume(global.resolve(SingletonService.self), &accumulator) }
        case "b":
            global.register(PlainObject.self, lifecycle: .transient) { _ in PlainObject() }
            for _ in 0..<iterations { consume(global.resolve(PlainObject.self), &accumulator) }
        case "c":
            global.register(GraphA.self, lifecycle: .transient) { c in LiveGraphA(b: try c.tryResolve(GraphB.self)) }
            global.register(GraphB.self, lifecycle: .transient) { c in LiveGraphB(c: try c.tryResolve(GraphC.self)) }
            global.register(GraphC.self, lifecycle: .transient) { _ in LiveGraphC() }
            for _ in 0..<iterations { consume(global.resolve(GraphA.self), &accumulator) }
        case "e":
            let scoped = DependencyContainer.container(for: DependencyContainerScope("bench.registration"))
            for _ in 0..<max(1, iterations / registrationTypeCount) {
                scoped.reset()
                registerGeneratedTypes(in: scoped)
            }
        case "f":
            global.register(FallbackService.self) { _ in LiveFallbackService() }
            let scoped = DependencyContainer.container(for: DependencyContainerScope("bench.fallback"))
            for _ in 0..<iterations { consume(scoped.resolve(FallbackService.self), &accumulator) }
        default:
            print("usage: relay-bench [a b c d e f …] | relay-bench --profile a|b|c|e|f [iterations]")
            return
        }
        publish(accumulator)
        print("profiled case \(name): \(iterations) iterations (checksum \(String(consumedChecksum(), radix: 16)))")
    }
}
