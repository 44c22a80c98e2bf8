import BenchSupport

/// Something to time, in one of three shapes.
enum Workload {
    /// `batch(n)` performs `n` operations on the calling thread.
    case batch((Int) -> Void)
    /// `batch(n)` performs `n` operations; `threads` threads run it at the same moment and
    /// the figure is wall time / (threads × n). Thread start-up is not timed.
    case concurrent(threads: Int, batch: @Sendable (Int) -> Void)
    /// `body()` performs `operations` operations; `setUp()` runs untimed before every
    /// sample, to start each sample from a fresh state.
    case fresh(operations: Int, setUp: () -> Void, body: () -> Void)
    /// Like ``batch``, with `setUp()` run untimed before every sample (and every
    /// calibration and warm-up run): for a state that another workload of the row undoes.
    case prepared(setUp: () -> Void, batch: (Int) -> Void)
}

/// How every measurement is taken. See docs/performance.md, "Method".
enum Harness {
    /// Each batch sample runs about this long, so timer and loop overhead are negligible.
    static let sampleNanoseconds: UInt64 = 1_000_000
    /// Untimed running of each workload before sampling: caches, branch predictors,
    /// lazily built state (Relay's per-thread cache, Swinject's instances).
    static let warmUpNanoseconds: UInt64 = 20_000_000
    /// Samples per workload; the reported figure is their median.
    static let sampleCount = 101
    /// Untimed samples of a `.fresh` workload before the timed ones.
    static let freshWarmUpSamples = 5

    /// The median ns per operation of each workload.
    static func medians(_ workloads: [Workload], samples sampleCount: Int = sampleCount) -> [Double] {
        rounds(workloads, count: sampleCount).map { median($0) }
    }

    /// `count` samples (ns per operation) of each workload, taken in interleaved rounds:
    /// every round takes one sample of each workload, so `result[w][r]` and
    /// `result[v][r]` were taken within a few milliseconds of each other.
    ///
    /// The workloads of one row (Relay, Swinject, floor) are sampled in turn, round after
    /// round, rather than one after the other, so that a burst of load on the machine
    /// affects all of them alike and their ratios stay meaningful. Every other round runs
    /// them in the opposite order, so none always runs first (right after the last
    /// one's caches and branch history) or last.
    static func rounds(_ workloads: [Workload], count sampleCount: Int = sampleCount) -> [[Double]] {
        let samplers = workloads.map(prepare)
        var samples = Array(repeating: [Double](), count: samplers.count)
        for round in 0..<sampleCount {
            let order = round % 2 == 0 ? Array(samplers.indices) : samplers.indices.reversed()
            for index in order {
                samples[index].append(samplers[index]())
            }
        }
        return samples
    }

    /// Calibrates and warms up `workload`; returns a function that takes one sample
    /// (ns per operation).
    private static func prepare(_ workload: Workload) -> () -> Double {
        switch workload {
        case let .batch(batch):
            // One untimed run first: a first call's one-time costs (lazy set-up) must not
            // size the batch. Row (h) run alone was calibrated to one or two resolves per
            // batch by its first `withInjectedDependencies` call, and read microseconds.
            batch(1)
            let n = calibrate { n in time { batch(n) } }
            warmUp { _ = time { batch(n) } }
            return { Double(time { batch(n) }) / Double(n) }

        case let .prepared(setUp, batch):
            setUp()
            batch(1)
            let n = calibrate { n in setUp(); return time { batch(n) } }
            warmUp { setUp(); _ = time { batch(n) } }
            return { setUp(); return Double(time { batch(n) }) / Double(n) }

        case let .concurrent(threads, batch):
            let run = { (n: Int) in runConcurrently(threads: threads) { _ in batch(n) } }
            // From 4,096 operations up: one sample of a few operations can last 0.5 ms on a
            // busy machine (waiting for the second thread to be scheduled), and a batch
            // calibrated on it then measures scheduling, not resolving (row (d) read
            // 10,000–30,000 ns/op in some runs before this).
            let n = calibrate(startingAt: 4_096, run)
            warmUp { _ = run(n) }
            return { Double(run(n)) / Double(n * threads) }

        case let .fresh(operations, setUp, body):
            for _ in 0..<freshWarmUpSamples {
                setUp()
                body()
            }
            return {
                setUp()
                return Double(time(body)) / Double(operations)
            }
        }
    }

    /// The smallest power of two `n` whose batch takes at least half a sample, scaled
    /// up to about a full sample.
    private static func calibrate(startingAt start: Int = 1, _ run: (Int) -> UInt64) -> Int {
        var n = start
        while true {
            let elapsed = run(n)
            if elapsed >= sampleNanoseconds / 2 || n >= 1 << 30 {
                return max(1, Int(Double(n) * Double(sampleNanoseconds) / Double(max(elapsed, 1))))
            }
            n *= 2
        }
    }

    private static func warmUp(_ body: () -> Void) {
        let start = nowNanoseconds()
        while nowNanoseconds() - start < warmUpNanoseconds { body() }
    }

    static func time(_ body: () -> Void) -> UInt64 {
        let start = nowNanoseconds()
        body()
        return nowNanoseconds() - start
    }

    static func median(_ values: [Double]) -> Double {
        Spread(values).median
    }
}

/// The middle and the spread of a set of samples: the median, and the 10th and 90th
/// percentiles (the range that holds the middle 80 % of the samples).
struct Spread {
    let median: Double
    let p10: Double
    let p90: Double

    init(_ values: [Double]) {
        precondition(!values.isEmpty)
        let sorted = values.sorted()
        func percentile(_ fraction: Double) -> Double {
            // Linear interpolation between the closest ranks.
            let position = fraction * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        median = percentile(0.5)
        p10 = percentile(0.1)
        p90 = percentile(0.9)
    }

    /// The spread of `numerators[r] / denominators[r]`, round by round: a ratio of two
    /// workloads sampled in the same rounds.
    static func ofRatios(_ numerators: [Double], _ denominators: [Double]) -> Spread {
        Spread(zip(numerators, denominators).map { $0 / $1 })
    }
}
