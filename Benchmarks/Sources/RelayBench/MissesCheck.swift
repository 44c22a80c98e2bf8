import BenchSupport
import Foundation
import Relay

private protocol NeverRegisteredService {}

/// `relay-bench --misses [count]`: `count` (default 300,000) failed resolves of a type
/// nothing registers, in a process that made an index which fills itself and never filled
/// it — the pattern that probes an optional dependency with `try?` — and how resident
/// memory and time grow with them. Every failure carries the index's hint, so each one
/// reads the hint provider; a provider that grows with each read shows here as memory and
/// time per miss rising from one tenth of the run to the next (issue 31).
///
/// Prints a line per tenth and a verdict: resident memory may grow at most 2 MB from the
/// end of the first tenth to the end, and the last tenth may take at most twice the time
/// of the second (the first warms up). Exits with status 1 when either is missed.
enum MissesCheck {
    static let defaultCount = 300_000
    static let memoryGrowthLimit = 2 * 1024 * 1024
    static let slowdownLimit = 2.0

    static func run(count: Int) -> Bool {
        let index = DynamicDependencyIndex { _ in }
        defer { withExtendedLifetime(index) {} }
        let tenth = max(1, count / 10)
        var resident: [Int] = []
        var nanoseconds: [UInt64] = []
        var hinted = 0
        print("relay-bench --misses: \(count) failed resolves with an unfilled index that fills itself")
        print("misses    | resident MB | ns per miss (this tenth)")
        for _ in 0..<10 {
            let start = nowNanoseconds()
            for _ in 0..<tenth {
                do {
                    _ = try DependencyContainer.global.tryResolve(NeverRegisteredService.self)
                } catch {
                    if case .missingRegistration = error.reason { hinted += 1 }
                }
            }
            nanoseconds.append(nowNanoseconds() - start)
            resident.append(residentBytes() ?? 0)
            print(pad("\(resident.count * tenth)", 9) + " | " + pad(megabytes(resident.last!), 11) + " | " + format(Double(nanoseconds.last!) / Double(tenth)))
        }
        do {
            _ = try DependencyContainer.global.tryResolve(NeverRegisteredService.self)
        } catch {
            guard error.description.contains("fills itself") else {
                print("MISSED: the failure does not carry the unfilled index's hint:\n\(error)")
                return false
            }
        }
        guard hinted == 10 * tenth else {
            print("MISSED: \(10 * tenth - hinted) resolves did not fail with a missing registration")
            return false
        }
        let growth = resident[9] - resident[0]
        let slowdown = Double(nanoseconds[9]) / Double(max(1, nanoseconds[1]))
        let memoryMet = resident[0] == 0 || growth <= memoryGrowthLimit
        let timeMet = slowdown <= slowdownLimit
        let memory = resident[0] == 0 ? "resident memory unknown on this platform" : "resident memory +\(megabytes(growth)) MB after the first tenth (≤ 2 MB)"
        print("\(memoryMet ? "met" : "MISSED"): \(memory)")
        print("\(timeMet ? "met" : "MISSED"): last tenth \(format(slowdown))× the second (≤ \(format(slowdownLimit))×, linear)")
        return memoryMet && timeMet
    }

    /// The process's resident set in bytes (Linux: `/proc/self/statm`); `nil` elsewhere.
    private static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func megabytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1_048_576)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
