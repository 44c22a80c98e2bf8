import BenchSupport
import Foundation
import Relay
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Row (u): how long a control batch takes to reach the next resolve.
enum ControlCases {
    /// What row (u) resolves: two stubs a batch switches between.
    protocol Greeting: AnyObject { var isFirst: Bool { get } }
    final class First: Greeting { var isFirst: Bool { true } }
    final class Second: Greeting { var isFirst: Bool { false } }

    static let typeKey = DependencyTypeKey("Bench.Greeting")
    static let firstKey = DependencyFactoryKey("Bench.Greeting.First")
    static let secondKey = DependencyFactoryKey("Bench.Greeting.Second")
    static let batches = 101

    /// The time from replacing the control file (atomically, as RelayTesting does) to the
    /// first resolve, on this thread, that returns the new binding — resolving every 50 µs
    /// meanwhile: the median and the 99th percentile of ``batches`` batches.
    /// Target: the 99th percentile within one interval (the default one; the mechanism,
    /// `polling every 100 ms`, names it) and 30 ms to read and apply the batch.
    static func batchToResolve() -> [ScaleLine] {
        let measured = measure()
        let interval = measured.mechanism.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
        let limit = interval + 30
        return [
            ScaleLine(label: "(u) control batch written → next resolve sees it", variant: measured.mechanism + ", median",
                      measured: formatNanoseconds(measured.median)),
            ScaleLine(variant: measured.mechanism + ", 99th percentile of \(batches)", measured: formatNanoseconds(measured.p99), target: "≤\(limit) ms (interval + 30 ms)",
                      misses: measured.p99 > Double(limit) * 1_000_000 ? ["latency"] : []),
        ]
    }

    static func measure() -> (mechanism: String, median: Double, p99: Double) {
        let scope = DependencyContainerScope("bench.control")
        let container = DependencyContainer.container(for: scope)
        container.register(Greeting.self) { _ in First() }
        defer { container.reset() }
        let index = DynamicDependencyIndex { index in
            index.add(type: typeKey, Greeting.self)
            index.add(factory: firstKey, producing: Greeting.self) { _ in First() }
            index.add(factory: secondKey, producing: Greeting.self) { _ in Second() }
        }
        let folder = TemporaryFiles.directory + "/control"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let path = folder + "/control.relay"
        let report = try! DynamicDependencyRegistry.standard(
            index: index, policy: .enabled, arguments: [],
            environment: [DynamicDependencyRegistry.controlVariable: path],
            workingDirectory: folder
        ).inject()
        var latencies: [Double] = []
        for number in 0..<batches {
            let first = number % 2 == 1
            let factory = first ? firstKey : secondKey
            let text = "type=\(typeKey.tag),factory=\(factory.tag),scope=\(scope.name)\n"
            let temporary = folder + "/.control.\(number)"
            try! Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            // As RunningProgram.reinject does: the modification time set back marks it finished.
            try! FileManager.default.setAttributes([.posixPermissions: 0o644, .modificationDate: Date(timeIntervalSinceNow: -1)], ofItemAtPath: temporary)
            let start = nowNanoseconds()
            precondition(rename(temporary, path) == 0)
            while container.resolve(Greeting.self).isFirst != first {
                usleep(50)
                precondition(nowNanoseconds() - start < 5_000_000_000, "batch \(number) not seen within 5 s")
            }
            latencies.append(Double(nowNanoseconds() - start))
        }
        let sorted = latencies.sorted()
        return (report.control?.mechanism ?? "no control channel", sorted[sorted.count / 2], sorted[(sorted.count * 99 + 99) / 100 - 1])
    }
}
