#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Dispatch
import Foundation

/// One batch of the control file: its instructions, or every problem reading them.
struct ControlBatch: Sendable {
    /// The source name of its instructions: the control file's path as given.
    let name: String
    /// Its instructions, or why they could not be read.
    let result: Result<[LocatedInstruction], DynamicInjectionError>
}

/// The control channel of a running program: looks at its ``ControlFile`` every interval,
/// reads each new version when ``ControlFile/Versions`` says it is whole, and applies it
/// over the inputs read at start-up, with the precedence of docs/configuration.md (code,
/// then the batch, then the command line, `$RELAY_DEPENDENCIES` and the `.relay` file):
/// checked against the index and swapped into the injected layer all or nothing — or, for
/// a bad batch, nothing changes and the report says why.
///
/// Looks run on a thread of the session's own, which sleeps between them; reads and
/// batches run one at a time on the session's serial queue. Resolving never waits for
/// either beyond the engine's one lock acquisition per applied batch.
///
/// `@unchecked Sendable` is not needed: every stored property is immutable and `Sendable`,
/// and the mutable state is in a `LockedState`.
final class ControlSession: Sendable {
    /// The running sessions, by control file path as given. Starting a session on a path
    /// stops the one already running there (an app that calls `inject()` twice), so that
    /// two sessions never apply batches over each other.
    static let running = LockedState<[String: ControlSession]>([:])

    /// Stops the session running on the control file at `path` (as given), if any.
    static func stop(path: String) {
        running.withLock { $0[path] }?.stop()
    }

    private struct State: Sendable {
        /// The bindings in force, their ``DynamicInjectionReport/generation`` and the
        /// channel's ``DynamicInjectionReport/control``: the one record of what the
        /// session has done.
        var report: DynamicInjectionReport
        /// The scopes the bindings in force bind into: a batch that drops a scope's last
        /// binding must still clear that scope's injected layer.
        var boundScopes: Set<DependencyContainerScope>
        var versions: ControlFile.Versions
        var isStopped = false
    }

    private let file: ControlFile
    private let registry: DynamicDependencyRegistry
    private let launch: DynamicDependencyRegistry.ReadInputs
    private let state: LockedState<State>
    /// Serial: every read and batch runs here, one at a time.
    private let queue = DispatchQueue(label: "Relay.ControlSession")

    /// A session on `file` over what `registry` read at start-up (`launch`), which bound
    /// into `boundScopes` and reported `report`.
    init(file: ControlFile, registry: DynamicDependencyRegistry, launch: DynamicDependencyRegistry.ReadInputs, boundScopes: Set<DependencyContainerScope>, report: DynamicInjectionReport) {
        self.file = file
        self.registry = registry
        self.launch = launch
        state = LockedState(State(report: report, boundScopes: boundScopes, versions: file.startupVersions))
    }

    /// Makes this the session of its file (stopping the previous one), starts looking at
    /// the file, and returns the channel's state for the start-up report.
    func start() -> DynamicInjectionReport.Control {
        let control = DynamicInjectionReport.Control(channel: file.path, mechanism: file.mechanism)
        state.withLock { $0.report.control = control }
        let previous = Self.running.withLock { running in
            defer { running[file.path] = self }
            return running[file.path]
        }
        previous?.stop()
        startLooking()
        return control
    }

    /// Stops looking at the file; a batch being applied may still finish, none is read after.
    func stop() {
        state.withLock { $0.isStopped = true }
        Self.running.withLock { running in
            if running[file.path] === self { running[file.path] = nil }
        }
    }

    /// The report of the bindings in force, with the channel's state.
    var report: DynamicInjectionReport {
        state.withLock { $0.report }
    }

    /// Applies `batch` as if it had been read from the file, after whatever the session
    /// is doing now.
    func apply(_ batch: ControlBatch) {
        queue.sync { applyOnQueue(batch) }
    }

    /// Looks at the file every interval until the session stops (or is gone), on a thread
    /// that sleeps in between: one wake-up per look. A dispatch timer costs two threads'
    /// wake-ups per look (the timer's, then a worker's), most of what an idle channel costs.
    private func startLooking() {
        let interval = TimeInterval(file.interval) / 1000
        let looker = Thread { [weak self] in
            repeat {
                Thread.sleep(forTimeInterval: interval)
            } while self?.look() == true
        }
        looker.name = "Relay.ControlSession"
        looker.start()
    }

    /// One look at the file: reads a new version once it is whole, and applies it (on the
    /// queue). Only the looking thread calls it, so looks never overlap. Returns `false`
    /// once the session has stopped: the thread then ends.
    private func look() -> Bool {
        let now = file.signature()
        // `nil` once stopped; else whether to read the version found now.
        let toRead: Bool? = state.withLock { state in state.isStopped ? nil : state.versions.look(now) }
        guard let toRead else { return false }
        guard toRead else { return true }
        queue.sync {
            let result = file.read(limits: registry.limits)
            let after = file.signature()
            guard state.withLock({ $0.versions.finishRead(of: now, after: after) }) else { return }
            applyOnQueue(ControlBatch(name: file.path, result: result))
        }
        return true
    }

    /// Applies `batch`, or records why not; then writes the report (and prints it, for
    /// `RELAY_EXPLAIN`). Runs on the queue.
    private func applyOnQueue(_ batch: ControlBatch) {
        guard let (previous, previousScopes) = state.withLock({ state in
            state.isStopped ? nil : (state.report, state.boundScopes)
        }) else { return }
        let number = (previous.control?.batchesRead ?? 0) + 1
        do throws(DynamicInjectionError) {
            let instructions = try batch.result.get()
            let outcome = DynamicInjectionReport.Source(name: batch.name, instructionCount: instructions.count, absence: instructions.isEmpty ? "empty batch" : nil)
            var (report, scopes) = try registry.applyBatch(.init(name: batch.name, instructions: instructions), outcome: outcome, over: launch, previousScopes: previousScopes)
            report.generation = previous.generation + 1
            report.control = control(batchesRead: number, rejection: nil)
            state.withLock {
                $0.report = report
                $0.boundScopes = scopes
            }
            registry.outputs?.deliverBatch(report)
        } catch {
            var report = previous
            report.control = control(batchesRead: number, rejection: DynamicInjectionReport.Rejection(batch: number, error: error))
            state.withLock { $0.report = report }
            registry.outputs?.deliverRejection(report)
        }
    }

    /// The channel's state after `batchesRead` batches, the latest rejected or not.
    private func control(batchesRead: Int, rejection: DynamicInjectionReport.Rejection?) -> DynamicInjectionReport.Control {
        DynamicInjectionReport.Control(channel: file.path, mechanism: file.mechanism, batchesRead: batchesRead, rejection: rejection)
    }
}
#endif
