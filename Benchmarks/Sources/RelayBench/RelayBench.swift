import BenchSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `swift run -c release --package-path Benchmarks relay-bench [row letters…]`
///
/// Measures Relay against Swinject and against the hand-written floor (rows a–h), and how
/// Relay's costs grow with size and stay isolated (rows i–p), and prints two tables with
/// every target next to the measured value. See docs/performance.md.
@main
struct RelayBench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--profile" {
            // For a profiler (e.g. `valgrind --tool=callgrind`): Relay's side of one case
            // only, a fixed number of times, no table.
            Profile.run(case: arguments.dropFirst().first ?? "", iterations: arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000_000)
            return
        }
        if arguments.first == "--misses" {
            // Failed resolves with an unfilled index that fills itself: memory and time flat.
            let passed = MissesCheck.run(count: arguments.dropFirst().first.flatMap { Int($0) } ?? MissesCheck.defaultCount)
            exit(passed ? 0 : 1)
        }
        // `relay-bench a c` runs only rows (a) and (c); no arguments runs every row.
        let selected = Set(arguments)
        let letters = Set(Cases.all().map(\.letter) + ScaleCases.all().map(\.letter))
        guard selected.isSubset(of: letters) else {
            print("usage: relay-bench [\(letters.sorted().joined(separator: " "))]… | relay-bench --profile \(Profile.cases) [iterations] | relay-bench --misses [count]")
            return
        }
        #if DEBUG
        print("WARNING: debug build; the numbers mean nothing. Use -c release.")
        #endif
        print("relay-bench: \(processorCount()) processors, \(machineDescription()), load average \(loadAverage()); ns per operation, median and 10th–90th percentile of \(Harness.sampleCount) rounds per row, each round sampling the row's workloads in turn (order alternating), ratios taken round by round")
        print("")

        let start = nowNanoseconds()
        let rows = Cases.all().filter { selected.isEmpty || selected.contains($0.letter) }.map { $0.measure() }
        if !rows.isEmpty {
            printTable(rows)
            print("")
        }
        let scaleLines = ScaleCases.all().filter { selected.isEmpty || selected.contains($0.letter) }.flatMap { $0.measure() }
        TemporaryFiles.removeAll()
        if !scaleLines.isEmpty {
            printScaleTable(scaleLines)
            print("")
        }
        let seconds = Double(nowNanoseconds() - start) / 1e9

        let missed = rows.filter { !$0.misses.isEmpty }.count + scaleLines.filter { !($0.misses ?? []).isEmpty }.count
        let judged = rows.filter { $0.targets.description != "—" }.count + scaleLines.filter { $0.misses != nil }.count
        print("targets met: \(judged - missed) of \(judged); run took \(format(seconds)) s, load average \(loadAverage()) at the end (checksum \(String(consumedChecksum(), radix: 16)))")
    }

    static func printScaleTable(_ lines: [ScaleLine]) {
        let header = ["scale and isolation", "size / variant", "measured", "per item", "growth", "target", "met?"]
        let body: [[String]] = lines.map { line in
            let verdict = line.misses.map { $0.isEmpty ? "met" : "MISSED (" + $0.joined(separator: ", ") + ")" } ?? ""
            return [line.label, line.variant, line.measured, line.perItem, line.growth, line.target, verdict]
        }
        printAligned([header] + body, rightAligned: [2, 3, 4])
    }

    /// Prints `table` (header first) with columns padded to equal width.
    static func printAligned(_ table: [[String]], rightAligned: Set<Int>) {
        let widths = table[0].indices.map { column in table.map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: " | ")
        }
        print(line(table[0]))
        print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-"))
        for cells in table.dropFirst() { print(line(cells)) }
    }

    /// Rows (a)–(x): each figure is the median of the row's rounds, with the 10th–90th
    /// percentile range beside it; the ratios are taken round by round.
    static func printTable(_ rows: [BenchmarkRow]) {
        let header = ["case", "Relay ns/op (p10–p90)", "Swinject ns/op (p10–p90)", "floor ns/op", "Relay/floor", "Swinject/Relay (p10–p90)", "target", "met?"]
        let body: [[String]] = rows.map { row in
            [
                row.label,
                formatSpread(row.relay),
                row.swinject.map(formatSpread) ?? "—",
                row.floor.map { format($0.median) } ?? "—",
                row.timesFloor.map { formatRatio($0.median) } ?? "—",
                row.speedUp.map { format($0.median) + "× (" + format($0.p10) + "–" + format($0.p90) + ")" } ?? "—",
                row.targets.description,
                row.targets.description == "—" ? "—" : (row.misses.isEmpty ? "met" : "MISSED (" + row.misses.joined(separator: ", ") + ")"),
            ]
        }
        // Text columns left-aligned, numbers right-aligned.
        printAligned([header] + body, rightAligned: [1, 2, 3, 4, 5])
    }

    /// `median (p10–p90)`, e.g. `14.5 (14.1–15.3)`.
    static func formatSpread(_ spread: Spread) -> String {
        "\(format(spread.median)) (\(format(spread.p10))–\(format(spread.p90)))"
    }

    /// The one-minute load average, e.g. `1.5` (`getloadavg`), or `?`.
    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 1)
        guard getloadavg(&loads, 1) == 1 else { return "?" }
        return format(loads[0])
    }

    static func machineDescription() -> String {
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.machine))"
    }
}
