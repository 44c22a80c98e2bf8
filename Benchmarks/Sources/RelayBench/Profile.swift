import BenchSupport
import Relay

/// `relay-bench --profile <case> [iterations]` (see ``cases``): runs Relay's side of one case with
/// nothing else in the process, for profiling.
enum Profile {
    static let cases = "a|b|c|e|f|h|k|m|q|r|s|t|v|w|wq|wv|x|y|z|parse|parse100|inject|inject1000|inject100"

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
        case "k":
            let types = ScaledTypes.first(10_000)
            let scoped = DependencyContainer.container(for: DependencyContainerScope("bench.register-many"))
            for count in [1_000, 10_000, 1_000, 10_000] {
                var best = UInt64.max
                for _ in 0..<max(1, iterations / count) {
                    scoped.reset()
                    let start = nowNanoseconds()
                    for i in 0..<count { ScaledTypes.register(types[i], in: scoped) }
                    best = min(best, nowNanoseconds() - start)
                }
                print("\(count) types: best \(Double(best) / Double(count)) ns/type")
            }
        case "h":
            global.register(SingletonService.self) { _ in LiveSingletonService() }
            var overrides = DependencyOverrides()
            overrides.register(FallbackService.self) { _ in LiveFallbackService() }
            try! withInjectedDependencies(overrides) {
                for _ in 0..<iterations { consume(global.resolve(SingletonService.self), &accumulator) }
            }
        case "m":
            global.register(SingletonService.self) { _ in LiveSingletonService() }
            let other = OverridingThread()
            other.set(inside: true)
            for _ in 0..<iterations { consume(global.resolve(SingletonService.self), &accumulator) }
            other.stop()
        case "q":
            Cases.registerTagged(in: global)
            for _ in 0..<iterations { consume(global.resolve(TaggedService.self, tag: "primary"), &accumulator) }
        case "r":
            Cases.registerArgument(in: global)
            for i in 0..<iterations { consume(global.resolve(ArgumentService.self, argument: i), &accumulator) }
        case "s":
            Cases.registerObjectGraph(in: global)
            for _ in 0..<iterations { consume(global.resolve(ObjectGraphA.self), &accumulator) }
        case "t":
            Cases.registerUnitOfWork(in: global)
            DependencyContainer.withUnitOfWork {
                for _ in 0..<iterations { consume(global.resolve(UnitOfWorkService.self), &accumulator) }
            }
        case "v":
            Cases.registerWeakSingleton(in: global)
            let held = global.resolve(WeakService.self)
            for _ in 0..<iterations { consume(global.resolve(WeakService.self), &accumulator) }
            withExtendedLifetime(held) {}
        case "w":
            Cases.registerForwarded(in: global)
            for _ in 0..<iterations { consume(global.resolve(ForwardedService.self), &accumulator) }
        case "wq":
            Cases.registerForwarded(in: global)
            for _ in 0..<iterations { consume(global.resolve(ForwardedService.self, tag: "primary"), &accumulator) }
        case "wv":
            Cases.registerForwarded(in: global)
            let held = global.resolve(ForwardedWeakService.self)
            for _ in 0..<iterations { consume(global.resolve(ForwardedWeakService.self), &accumulator) }
            withExtendedLifetime(held) {}
        case "x":
            Cases.registerForwarded(in: global)
            for _ in 0..<iterations { consume(global.resolve(ForwardedTransientService.self), &accumulator) }
        case "y":
            global.register(SingletonService.self) { _ in LiveSingletonService() }
            let provider = global.provider(SingletonService.self)
            for _ in 0..<iterations { consume(provider(), &accumulator) }
        case "z":
            global.register(PlainObject.self, lifecycle: .transient) { _ in PlainObject() }
            for _ in 0..<iterations { consume(global.lazy(PlainObject.self).value, &accumulator) }
        case "parse", "parse100":
            let lines = name == "parse" ? 10_000 : 100
            let bytes = Array(ScaledTypes.relayFile(lines, scope: "bench.parse").utf8)
            for _ in 0..<max(1, iterations / lines) {
                _ = try! InstructionSourceParsing.parseRelayBytes(bytes, source: "bench", context: InstructionReadContext())
            }
        case "inject", "inject1000", "inject100":
            // 10,000 keys indexed; a file of 10,000, 1,000 or 100 lines; `iterations` counts
            // instructions, as for parse.
            let lines = name == "inject" ? 10_000 : name == "inject1000" ? 1_000 : 100
            let index = ScaledTypes.index(10_000)
            let path = TemporaryFiles.write("inject.relay", ScaledTypes.relayFile(lines, scope: "bench.inject"))
            let registry = DynamicDependencyRegistry(index: index, sources: [ConfigFileInstructionSource(path: path)], policy: .enabled)
            let container = DependencyContainer.container(for: DependencyContainerScope("bench.inject"))
            for _ in 0..<max(1, iterations / lines) {
                container.reset()
                _ = try! registry.inject()
            }
            TemporaryFiles.removeAll()
        default:
            print("usage: relay-bench --profile \(cases) [iterations]")
            return
        }
        publish(accumulator)
        print("profiled case \(name): \(iterations) iterations (checksum \(String(consumedChecksum(), radix: 16)))")
    }
}
