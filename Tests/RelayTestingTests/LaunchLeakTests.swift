#if os(Linux)
import Foundation
@testable import RelayTesting
import Testing
import Glibc

/// Many launches through `RunningProgram` leave nothing behind: no process, no descriptor,
/// no thread — whatever the program does (exits at once, ignores `SIGTERM`, leaves a
/// grandchild holding its output, floods its output, never prints) and whatever the test
/// does with the handle (waits for a line and terminates, waits for the exit, drops it).
///
/// Every program and grandchild carries a marker of this run in its command line (`$0`
/// of `sh -c`), so leftovers are found in `/proc/*/cmdline`; descriptors and threads are
/// counted in `/proc/self/fd` and `/proc/self/task`. Other tests run in the same process
/// meanwhile, so the counts are allowed to settle (everything here ends within seconds)
/// and compared with the start within a small constant.
@Suite("Launches leave nothing behind")
struct LaunchLeakTests {
    /// What the launched program does.
    enum Kind: CaseIterable {
        case exitsAtOnce, ignoresTerminate, leavesGrandchild, floods, neverPrints

        /// The `sh -c` script.
        func script(marker: String) -> String {
            switch self {
            case .exitsAtOnce: "echo ready"
            case .ignoresTerminate: "trap '' TERM; echo ready; while :; do sleep 1; done"
            // The grandchild's own `sh -c` carries the marker too, and keeps both pipes.
            case .leavesGrandchild: "sh -c 'while :; do sleep 1; done' \(marker) & echo ready; exit 0"
            case .floods: "head -c 2000000 /dev/zero | tr '\\0' x; echo; echo ready"
            case .neverPrints: "while :; do sleep 1; done"
            }
        }

        /// Whether it ends by itself.
        var exits: Bool { self == .exitsAtOnce || self == .leavesGrandchild || self == .floods }
    }

    /// What the test does with the handle.
    enum Handling: CaseIterable {
        case waitForLineThenTerminate, waitForExit, drop
    }

    /// Launches one program of `kind` and handles it so.
    static func launch(_ kind: Kind, _ handling: Handling, marker: String) async throws {
        let program = try DriverLaunch(DriverLaunchTests.shell, arguments: ["-c", kind.script(marker: marker), marker]).start()
        switch handling {
        case .waitForLineThenTerminate:
            if kind == .neverPrints {
                // Nothing to wait for: a short wait that times out, asserting nothing of the output.
                _ = try? await program.waitForLine(containing: "ready", timeout: 0.1)
            } else {
                _ = try await program.waitForLine(containing: "ready", timeout: 60)
            }
            await program.terminate(gracePeriod: 0.5)
        case .waitForExit:
            // A program that does not end is terminated at the wait's time-out.
            _ = try? await program.waitForExit(timeout: kind.exits ? 60 : 0.1)
        case .drop:
            break
        }
    }

    /// The processes whose command line holds `marker`.
    static func processes(marked marker: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(marker) ? "\(pid): \(line)" : nil
        }
    }

    /// How many entries `/proc/self/<folder>` has.
    static func count(_ folder: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/\(folder)")) ?? []).count
    }

    /// How much the counts may exceed the start: other tests' launches still running.
    static let slack = 12

    @Test("105 launches, 15 at a time, leave no process, descriptor or thread behind")
    func noLeftovers() async throws {
        let marker = "relay-leak-marker-\(UUID().uuidString)"
        // Warm up Foundation's process machinery, which keeps a thread and descriptors of its own.
        try await Self.launch(.exitsAtOnce, .waitForExit, marker: marker)
        let descriptorsBefore = Self.count("fd")
        let threadsBefore = Self.count("task")

        // Fifteen at a time, each starting as another ends.
        var runs = (0..<7).flatMap { _ in Kind.allCases.flatMap { kind in Handling.allCases.map { (kind, $0) } } }[...]
        try await withThrowingTaskGroup(of: Void.self) { group in
            func startNext() {
                guard let (kind, handling) = runs.popFirst() else { return }
                group.addTask { try await Self.launch(kind, handling, marker: marker) }
            }
            for _ in 0..<15 { startNext() }
            while try await group.next() != nil { startNext() }
        }
        let descriptorsAfterLoop = Self.count("fd")
        let threadsAfterLoop = Self.count("task")

        // Dropped handles end their programs in the background (SIGTERM, the grace period,
        // SIGKILL); give everything time to settle.
        var leftovers: [String] = []
        var descriptors = 0, threads = 0
        let start = DispatchTime.now()
        repeat {
            leftovers = Self.processes(marked: marker)
            descriptors = Self.count("fd")
            threads = Self.count("task")
            if leftovers.isEmpty && descriptors <= descriptorsBefore + Self.slack && threads <= threadsBefore + Self.slack { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        } while DriverLaunchTests.seconds(since: start) < 60
        let numbers = "descriptors \(descriptorsBefore) → \(descriptorsAfterLoop) after the loop → \(descriptors); "
            + "threads \(threadsBefore) → \(threadsAfterLoop) → \(threads); \(leftovers.count) processes left"
        #expect(leftovers.isEmpty, "\(numbers)\n\(leftovers.joined(separator: "\n"))")
        #expect(descriptors <= descriptorsBefore + Self.slack, "\(numbers)")
        #expect(threads <= threadsBefore + Self.slack, "\(numbers)")
        for process in leftovers {
            if let pid = Int32(process.prefix { $0 != ":" }) { kill(pid, SIGKILL) }
        }
    }
}
#endif
