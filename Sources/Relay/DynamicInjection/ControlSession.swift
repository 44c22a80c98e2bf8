/// A way for instructions to reach a program after start-up: the control file or standard
/// input that `RELAY_CONTROL` names (docs/configuration.md, "The control channel").
/// `DynamicDependencyRegistry.standard()` makes one only when the policy is enabled.
protocol ControlChannel: Sendable {
    /// Where batches come from, for the report: the path as given, or `<stdin>`.
    var channelName: String { get }
    /// The source holding the batch in force at start-up (the control file as it is then),
    /// read above every other source; `nil` for a channel that has none (standard input).
    var startupSource: (any DependencyInstructionSource)? { get }
    /// Prepares to notice batches (opens what it watches) without delivering any yet.
    func watch(limits: InstructionSourceLimits) -> any ControlWatch
}

/// A prepared control channel.
protocol ControlWatch: AnyObject, Sendable {
    /// How batches are noticed: `inotify`, `kqueue`, `polling every 25 ms`, `standard input`.
    var mechanism: String { get }
    /// Starts delivering: `deliver` is called for each new batch, one at a time, on a
    /// thread or queue of the watch's own — never on the caller's, and never on a thread
    /// that resolves.
    func start(_ deliver: @escaping @Sendable (ControlBatch) -> Void)
    /// Stops delivering and closes what it opened; a batch being delivered may still finish.
    func stop()
}

/// One batch a control channel read: its instructions, or every problem reading them.
struct ControlBatch: Sendable {
    /// The source name of its instructions (the control file's path as given, `<stdin>`).
    let name: String
    /// Its instructions, or why they could not be read.
    let result: Result<[LocatedInstruction], DynamicInjectionError>
}

/// The control channel of a running program: applies each batch over the inputs read at
/// start-up, with the precedence of docs/configuration.md (code, then the batch, then the
/// command line, `$RELAY_DEPENDENCIES` and the `.relay` file), checks it against the index,
/// and swaps the injected layer all or nothing — or, for a bad batch, changes nothing and
/// says why in the report.
///
/// Batches are applied one at a time, on the channel's own thread or queue; resolving never
/// waits for them beyond the engine's one lock acquisition per applied batch.
///
/// `@unchecked Sendable` is not needed: every stored property is immutable and `Sendable`,
/// and the mutable state is in a `LockedState`.
final class ControlSession: Sendable {
    /// The running sessions, by channel name. Starting a session on a channel stops the one
    /// already running there (an app that calls `inject()` twice), so that two sessions
    /// never apply batches over each other.
    static let running = LockedState<[String: ControlSession]>([:])

    /// Stops the session running on `channel` (its name: the control file's path as given,
    /// or `<stdin>`), if any.
    static func stop(channel: String) {
        running.withLock { $0[channel] }?.stop()
    }

    private let channelName = LockedState<String?>(nil)

    private struct State: Sendable {
        var generation = 0
        var batchesRead = 0
        /// The scopes the bindings in force bind into: a batch that drops a scope's last
        /// binding must still clear that scope's injected layer.
        var boundScopes: Set<DependencyContainerScope>
        /// The report of the bindings in force, with the channel's state.
        var report: DynamicInjectionReport
        var watch: (any ControlWatch)?
        var isStopped = false
    }

    private let registry: DynamicDependencyRegistry
    private let launch: DynamicDependencyRegistry.ReadInputs
    private let state: LockedState<State>

    /// A session over what `registry` read at start-up (`launch`), which bound into
    /// `boundScopes` and reported `report`.
    init(registry: DynamicDependencyRegistry, launch: DynamicDependencyRegistry.ReadInputs, boundScopes: Set<DependencyContainerScope>, report: DynamicInjectionReport) {
        self.registry = registry
        self.launch = launch
        state = LockedState(State(boundScopes: boundScopes, report: report))
    }

    /// Prepares `channel`, makes this the current session (stopping the previous one),
    /// starts delivering, and returns the channel's state for the start-up report.
    func start(_ channel: any ControlChannel) -> DynamicInjectionReport.Control {
        let watch = channel.watch(limits: registry.limits)
        let control = DynamicInjectionReport.Control(channel: channel.channelName, mechanism: watch.mechanism)
        state.withLock {
            $0.watch = watch
            $0.report.control = control
        }
        channelName.withLock { $0 = channel.channelName }
        let previous = Self.running.withLock { running in
            defer { running[channel.channelName] = self }
            return running[channel.channelName]
        }
        previous?.stop()
        watch.start { [self] batch in apply(batch) }
        return control
    }

    /// Stops the channel; batches read afterwards are not applied.
    func stop() {
        let watch = state.withLock { state -> (any ControlWatch)? in
            state.isStopped = true
            defer { state.watch = nil }
            return state.watch
        }
        watch?.stop()
        guard let name = channelName.withLock({ $0 }) else { return }
        Self.running.withLock { running in
            if running[name] === self { running[name] = nil }
        }
    }

    /// The report of the bindings in force, with the channel's state.
    var report: DynamicInjectionReport {
        state.withLock { $0.report }
    }

    /// Applies `batch`, or records why not; then writes the report (and prints, for
    /// `RELAY_EXPLAIN`). Called by the watch, one batch at a time.
    func apply(_ batch: ControlBatch) {
        guard let (previousScopes, number) = state.withLock({ state -> (Set<DependencyContainerScope>, Int)? in
            state.isStopped ? nil : (state.boundScopes, state.batchesRead + 1)
        }) else { return }
        do throws(DynamicInjectionError) {
            let instructions = try batch.result.get()
            let outcome = DynamicInjectionReport.Source(name: batch.name, instructionCount: instructions.count, absence: instructions.isEmpty ? "empty batch" : nil)
            let (applied, scopes) = try registry.applyBatch(.init(name: batch.name, instructions: instructions), outcome: outcome, over: launch, previousScopes: previousScopes)
            let report = state.withLock { state in
                state.generation += 1
                state.batchesRead = number
                state.boundScopes = scopes
                var report = applied
                report.generation = state.generation
                report.control = state.report.control
                report.control?.batchesRead = number
                report.control?.rejection = nil
                state.report = report
                return report
            }
            registry.outputs?.deliverBatch(report)
        } catch {
            let report = state.withLock { state in
                state.batchesRead = number
                state.report.control?.batchesRead = number
                state.report.control?.rejection = DynamicInjectionReport.Rejection(batch: number, diagnostics: error.diagnostics)
                return state.report
            }
            registry.outputs?.deliverRejection(report, error: error)
        }
    }
}
