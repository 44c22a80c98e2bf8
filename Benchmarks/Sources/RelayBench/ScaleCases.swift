import BenchSupport
import Foundation
import Relay

/// One line of the scale table. A case prints one line per size or variant; only its
/// first line names the case, and the line that carries the case's verdict has `misses`.
struct ScaleLine {
    var label = ""
    var variant: String
    var measured: String
    var perItem = "—"
    /// The ratio to the line above (or to the case's reference line), e.g. `10.2×`.
    var growth = "—"
    var target = "—"
    /// `nil` when this line is not judged; otherwise the targets it misses (empty: met).
    var misses: [String]?
}

/// The scale rows: how Relay's costs grow with the size of the input or of the registry,
/// and the cases where one part of the program must not slow another down.
enum ScaleCases {
    static func all() -> [(letter: String, measure: () -> [ScaleLine])] {
        [
            ("i", inject),
            ("j", parse),
            ("k", registerMany),
            ("l", resolveWithManyRegistered),
            ("m", resolveWhileAnotherThreadOverrides),
            ("n", malformedInput),
            ("o", diagnosticsPrinted),
            ("p", depthGuard),
            ("u", ControlCases.batchToResolve),
        ]
    }

    /// Samples per size for the rows that time whole runs of milliseconds.
    static let runSamples = 21
    static let sizes = [100, 1_000, 10_000]

    // MARK: - (i) inject from a .relay file

    /// `DynamicDependencyRegistry.inject()` end to end — read the file, parse, merge, check
    /// 10,000 indexed keys, register, report — for files of 100, 1,000 and 10,000 lines.
    static func inject() -> [ScaleLine] {
        let index = ScaledTypes.index(10_000)
        let scope = "bench.inject"
        let container = DependencyContainer.container(for: DependencyContainerScope(scope))
        defer { container.reset() }
        let registries = sizes.map { size in
            let path = TemporaryFiles.write("inject-\(size).relay", ScaledTypes.relayFile(size, scope: scope))
            return DynamicDependencyRegistry(index: index, sources: [ConfigFileInstructionSource(path: path)], policy: .enabled)
        }
        let totals = Harness.medians(registries.map { registry in
            .fresh(operations: 1, setUp: { container.reset() }, body: {
                let report = try! registry.inject()
                precondition(report.bindings.count > 0)
            })
        }, samples: runSamples)
        // What an app's start-up feels: a realistic 100 instructions within 1 ms.
        return sizeLines("(i) inject N instructions, .relay file, 10,000 keys indexed", sizes: sizes, totals: totals, unit: "instruction", maxTotalAtSmallest: 1_000_000, maxGrowth: 12)
    }

    // MARK: - (j) parsing alone

    /// `InstructionSourceParsing.parseRelayBytes`: decode, parse and the duplicate check,
    /// on the same files as (i) (10,000 lines are 1,000,015 bytes).
    static func parse() -> [ScaleLine] {
        let files = sizes.map { Array(ScaledTypes.relayFile($0, scope: "bench.parse").utf8) }
        let context = InstructionReadContext()
        let totals = Harness.medians(files.map { bytes in
            .fresh(operations: 1, setUp: {}, body: {
                let instructions = try! InstructionSourceParsing.parseRelayBytes(bytes, source: "bench", context: context)
                precondition(!instructions.isEmpty)
            })
        }, samples: runSamples)
        return sizeLines("(j) parse N instructions (no index, no registry)", sizes: sizes, totals: totals, unit: "instruction", maxPerItem: 1_000)
    }

    // MARK: - (k) registering many types

    static func registerMany() -> [ScaleLine] {
        let counts = [1_000, 10_000]
        let types = ScaledTypes.first(10_000)
        let container = DependencyContainer.container(for: DependencyContainerScope("bench.register-many"))
        defer { container.reset() }
        let totals = Harness.medians(counts.map { count in
            .fresh(operations: 1, setUp: { container.reset() }, body: {
                for i in 0..<count { ScaledTypes.register(types[i], in: container) }
            })
        }, samples: runSamples)
        // What an app's start-up feels: 1,000 types registered within 1 ms.
        return sizeLines("(k) register N types (generic, as an app calls it)", sizes: counts, totals: totals, unit: "type", maxTotalAtSmallest: 1_000_000, maxGrowth: 12)
    }

    // MARK: - (l) resolving with many types registered

    /// The same ten singletons resolved in turn from a container holding 10 types and
    /// from one holding 10,000; then every one of the 10,000 in turn (so each resolve
    /// misses the per-thread cache and takes the lock).
    static func resolveWithManyRegistered() -> [ScaleLine] {
        let types = ScaledTypes.first(10_000)
        let small = DependencyContainer.container(for: DependencyContainerScope("bench.resolve-10"))
        let large = DependencyContainer.container(for: DependencyContainerScope("bench.resolve-10000"))
        defer {
            small.reset()
            large.reset()
        }
        for type in types.prefix(10) { ScaledTypes.register(type, in: small) }
        for type in types { ScaledTypes.register(type, in: large) }
        let ten = Array(types.prefix(10))
        func rotating(_ container: DependencyContainer, over types: [any ScaledType.Type]) -> Workload {
            .batch { n in
                var accumulator: UInt = 0
                var next = 0
                for _ in 0..<n {
                    let type: any ScaledType.Type = types[next]
                    consume(ScaledTypes.resolve(type, from: container), &accumulator)
                    next += 1
                    if next == types.count { next = 0 }
                }
                publish(accumulator)
            }
        }
        let results = Harness.medians([rotating(small, over: ten), rotating(large, over: ten), rotating(large, over: types)])
        let ratio = results[1] / results[0]
        return [
            ScaleLine(label: "(l) resolve 10 singletons in turn", variant: "10 registered", measured: formatNanoseconds(results[0]) + "/op"),
            ScaleLine(variant: "10,000 registered", measured: formatNanoseconds(results[1]) + "/op", growth: formatRatio(ratio), target: "≤1.25× the 10-type figure", misses: ratio > 1.25 ? ["growth"] : []),
            ScaleLine(variant: "all 10,000 in turn", measured: formatNanoseconds(results[2]) + "/op", growth: format(results[2] / results[0]) + "×", target: "— (every resolve misses the per-thread cache)"),
        ]
    }

    // MARK: - (m) an override on another thread

    /// Row (a)'s resolve on this thread, with no override alive anywhere, and while
    /// another thread sits inside a `withInjectedDependencies` body. The two are sampled
    /// in turn; the other thread enters or leaves its override (untimed) between samples.
    static func resolveWhileAnotherThreadOverrides() -> [ScaleLine] {
        let relay = DependencyContainer.global
        relay.register(SingletonService.self) { _ in LiveSingletonService() }
        let other = OverridingThread()
        defer { other.stop() }
        func resolving(inside: Bool) -> Workload {
            .prepared(setUp: { other.set(inside: inside) }, batch: { n in
                var accumulator: UInt = 0
                for _ in 0..<n { consume(relay.resolve(SingletonService.self), &accumulator) }
                publish(accumulator)
            })
        }
        let results = Harness.medians([resolving(inside: false), resolving(inside: true)])
        let ratio = results[1] / results[0]
        return [
            ScaleLine(label: "(m) row (a) on a thread with no task", variant: "no override anywhere", measured: formatNanoseconds(results[0]) + "/op"),
            ScaleLine(variant: "other thread in an override", measured: formatNanoseconds(results[1]) + "/op", growth: formatRatio(ratio), target: "≤1.1× no override", misses: ratio > 1.1 ? ["ratio"] : []),
        ]
    }

    // MARK: - (n) malformed input, by route

    /// 65,536 malformed lines (`x`, each one error) read through every route that can
    /// carry them, against the `RELAY_DEPENDENCIES_FILE` route; and 65,536 and 100,000
    /// malformed `-d` arguments. Each route must stay within 2× of the file route's time
    /// per malformed input.
    static func malformedInput() -> [ScaleLine] {
        let lineCount = 65_536
        let text = String(repeating: "x\n", count: lineCount)
        let path = TemporaryFiles.write("malformed.relay", text)
        let bytes = Array(text.utf8)
        let context = InstructionReadContext()
        func arguments(_ count: Int) -> [String] {
            Array(repeating: ["-d", "x"], count: count).flatMap { $0 }
        }
        let routes: [(name: String, items: Int, source: any DependencyInstructionSource)] = [
            ("RELAY_DEPENDENCIES_FILE", lineCount, ConfigFileInstructionSource.standard(environment: ["RELAY_DEPENDENCIES_FILE": path])!),
            ("-d @file", lineCount, CommandLineInstructionSource(arguments: ["-d", "@" + path])),
            ("-d - (standard input)", lineCount, CommandLineInstructionSource(arguments: ["-d", "-"], standardInput: StandardInputInstructionSource { _ in bytes })),
            ("65,536 × -d x", lineCount, CommandLineInstructionSource(arguments: arguments(lineCount))),
            ("100,000 × -d x", 100_000, CommandLineInstructionSource(arguments: arguments(100_000))),
        ]
        let totals = Harness.medians(routes.map { route in
            .fresh(operations: 1, setUp: {}, body: {
                do {
                    _ = try route.source.readInstructions(context: context)
                    preconditionFailure("malformed input was accepted")
                } catch let error as DynamicInjectionError {
                    precondition(error.diagnostics.count == route.items)
                } catch {
                    preconditionFailure("\(error)")
                }
            })
        }, samples: 5)
        let reference = totals[0] / Double(routes[0].items)
        return routes.indices.map { i in
            let perItem = totals[i] / Double(routes[i].items)
            var line = ScaleLine(variant: routes[i].name, measured: formatNanoseconds(totals[i]), perItem: formatNanoseconds(perItem))
            if i == 0 {
                line.label = "(n) 65,536 malformed inputs"
            } else {
                line.growth = format(perItem / reference) + "×"
                line.target = "≤2× per input of RELAY_DEPENDENCIES_FILE"
                line.misses = perItem > 2 * reference ? ["ratio"] : []
            }
            return line
        }
    }

    // MARK: - (o) how much a failure prints

    /// The lines of `DynamicInjectionError.description` for 100,000 malformed `-d`
    /// arguments (all 100,000 stay in `diagnostics`).
    static func diagnosticsPrinted() -> [ScaleLine] {
        let source = CommandLineInstructionSource(arguments: Array(repeating: ["-d", "x"], count: 100_000).flatMap { $0 })
        var printed = 0
        var kept = 0
        do {
            _ = try source.readInstructions(context: InstructionReadContext())
        } catch let error as DynamicInjectionError {
            printed = error.description.split(separator: "\n").count
            kept = error.diagnostics.count
        } catch {
            preconditionFailure("\(error)")
        }
        return [ScaleLine(label: "(o) printed for 100,000 bad -d", variant: "\(kept) diagnostics kept", measured: "\(printed) lines", target: "≤101 lines (first 100, then \"and N more\")", misses: printed > 101 ? ["lines"] : [])]
    }

    // MARK: - (p) the depth guard, release build

    /// Chains of transient types, each factory resolving the next, resolved on a thread
    /// with a 512 KiB stack: a legal chain must resolve, and a chain that would not fit
    /// must throw a depth error instead of crashing. Also measures the stack one nested
    /// resolve takes (in this build).
    static func depthGuard() -> [ScaleLine] {
        let chain = DependencyChain(length: 2_000)
        defer { chain.container.reset() }
        let perLevel = chain.stackBytesPerLevel()
        var lines = [ScaleLine(label: "(p) nested-resolve chain on a small stack", variant: "stack per level (release)", measured: "\(perLevel) bytes", target: "—")]
        // 511 links is within the depth limit, so on 128 KiB only the stack guard can stop it.
        for (depth, kibibytes) in [(100, 512), (200, 512), (511, 512), (511, 128), (2_000, 512)] {
            let outcome = chain.resolveOnThread(depth: depth, stackSize: kibibytes * 1024)
            let mustResolve = depth <= 200
            let acceptable = outcome.hasPrefix("resolved") || (!mustResolve && outcome.hasPrefix("error"))
            lines.append(ScaleLine(
                variant: "depth \(depth), \(kibibytes) KiB thread",
                measured: outcome,
                target: mustResolve ? "resolves" : "resolves or throws, never crashes",
                misses: acceptable ? [] : ["outcome"]
            ))
        }
        return lines
    }

    // MARK: - Helpers

    /// Lines for one case measured at several sizes, with the growth of the total from
    /// each size to the next. Judged, when given: every size's time per item
    /// (`maxPerItem`), the total at the smallest size (`maxTotalAtSmallest`), and at the
    /// largest size the growth from the size before (`maxGrowth`, e.g. 12× for a 10×
    /// larger input).
    static func sizeLines(_ label: String, sizes: [Int], totals: [Double], unit: String, maxPerItem: Double? = nil, maxTotalAtSmallest: Double? = nil, maxGrowth: Double? = nil) -> [ScaleLine] {
        sizes.indices.map { i in
            let perItem = totals[i] / Double(sizes[i])
            var line = ScaleLine(
                label: i == 0 ? label : "",
                variant: grouped(sizes[i]),
                measured: formatNanoseconds(totals[i]),
                perItem: formatNanoseconds(perItem) + "/" + unit
            )
            var targets: [String] = []
            var misses: [String] = []
            if let maxPerItem {
                targets.append("≤" + formatNanoseconds(maxPerItem) + "/" + unit)
                if perItem > maxPerItem { misses.append("per " + unit) }
            }
            if i == 0, let maxTotalAtSmallest {
                targets.append("≤" + formatNanoseconds(maxTotalAtSmallest))
                if totals[i] > maxTotalAtSmallest { misses.append("time") }
            }
            if i > 0 {
                let growth = totals[i] / totals[i - 1]
                line.growth = format(growth) + "×"
                if i == sizes.count - 1 {
                    if let maxGrowth {
                        targets.append("growth ≤\(format(maxGrowth))×")
                        if growth > maxGrowth { misses.append("growth") }
                    }
                }
            }
            if !targets.isEmpty {
                line.target = targets.joined(separator: ", ")
                line.misses = misses
            }
            return line
        }
    }
}

/// `1.23 ms`, `456 ns`, `7.8 µs`, `1.2 s`.
func formatNanoseconds(_ value: Double) -> String {
    switch value {
    case ..<1_000: format(value) + " ns"
    case ..<1_000_000: format(value / 1_000) + " µs"
    case ..<1_000_000_000: format(value / 1_000_000) + " ms"
    default: format(value / 1_000_000_000) + " s"
    }
}

/// Files the scale rows read, in one temporary directory (not writable by others, as
/// Relay requires).
enum TemporaryFiles {
    static let directory: String = {
        let path = NSTemporaryDirectory() + "relay-bench-\(getpid())"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return path
    }()

    /// Writes `text` to `name` in the directory and returns its path.
    static func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o644])
        return path
    }

    static func removeAll() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// `10000` as `10,000` (written out: `formatted(.number)` needs macOS 12 / iOS 15, above the
/// package's floor).
func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    return String(digits.enumerated().flatMap { offset, digit in
        offset > 0 && (digits.count - offset) % 3 == 0 ? [",", digit] : [digit]
    })
}
