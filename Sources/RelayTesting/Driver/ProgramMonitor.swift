#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The state behind a ``RunningProgram``: the program's output so far, how it ended, and
/// the tasks waiting for something to appear in it.
///
/// **How output is read.** Each of standard output and standard error is a pipe read by a
/// thread of its own, blocked in `poll` until the program writes or the monitor wakes it:
/// each chunk is appended and the waiters are re-checked at once; a read of zero bytes is
/// the end of the stream. Nothing polls on a timer. (Not `DispatchSource.makeReadSource`:
/// libdispatch's epoll loop on Linux is not reliable with read sources on the pipes of
/// many programs started and ended in parallel; a thread blocked in `poll` depends on
/// nothing but the pipes.) A reader ends at the end of its stream, or when woken
/// ``drainGracePeriod`` after the exit: it then reads what the pipe still holds, without
/// waiting for more, and ends — so its thread and descriptor are released even while a
/// descendant of the program (one that left its process group, say) keeps the pipe open.
///
/// **How the exit is seen.** A thread of the monitor's own blocks in `waitid(…, WEXITED |
/// WNOWAIT)`, which returns when the child exits without reaping it; Foundation then
/// reaps it and calls `Process.terminationHandler` (which also records the exit, on
/// platforms without the thread). The run is *final* when the program has exited and both
/// readers have ended: at the end of the streams, or ``drainGracePeriod`` after the exit
/// with everything the pipes held by then, for a program that left a grandchild holding
/// its output pipes. Finishing wakes every waiter still waiting: a wait whose
/// condition the complete output (now including an unterminated last line) satisfies
/// returns, any other learns the program exited.
///
/// **How waits wake.** Every waiter is an entry in `waiters`, with a condition and a
/// continuation. The condition is evaluated when the waiter registers, after every chunk
/// of output, at the end of each stream and when the run is final; waits on a file the
/// program writes are re-evaluated every ``pollInterval`` by a timer as well (a file has
/// no readiness event in Dispatch on Linux), and so are the waits that watch the injection
/// while no report has appeared (a report saying the injection is off ends them, see
/// ``InjectionExpectation``). A one-shot timer resumes the waiter at its
/// time-out; the task's cancellation handler resumes it at once. Whoever comes first
/// removes the entry under the lock, so each continuation is resumed exactly once, always
/// outside the lock.
///
/// **Stopping.** ``stop(gracePeriod:)`` — ``RunningProgram/terminate(gracePeriod:)`` and
/// the handle's `deinit` — sends `SIGTERM` to the program's ``ProcessGroup``, and
/// `SIGKILL` to the group when the grace period is over; as soon as the program has
/// exited, whatever is left of its group gets `SIGKILL` at once. Stopping a program that
/// has already exited kills what is left of its group.
///
/// **Lifetime.** The monitor keeps the `Process`, and the process's termination handler,
/// the exit thread, the reading threads and a pending `SIGKILL` timer keep the monitor,
/// until the program has exited and been reaped and the readers have ended: the program
/// is watched and reaped even after the last ``RunningProgram`` reference is gone.
/// ``release(gracePeriod:)`` (the handle's `deinit`) stops a program still running, and the sandbox is
/// removed once the program has ended.
///
/// `@unchecked Sendable` is safe: every mutable stored property below `lock` is read and
/// written only while `lock` is held (the wake pipe's descriptors are written and closed
/// under it too; a reader polls its read end only until it ends, and the pipe is closed
/// only once both readers have ended) (each method takes it first, or is marked "called
/// with the lock held" and only called so), and so is every `Waiter`'s mutable state while
/// it is in `waiters` (once removed under the lock, only its remover touches it); `queue`,
/// `sandbox`, `reportURL`, `controlURL`, `workingDirectory`, `expectation` and `lock` are immutable and thread-safe. Conditions
/// run under the lock; it is recursive so that a predicate that reads the handle (its
/// ``RunningProgram/standardOutput``, say) does not deadlock.
final class ProgramMonitor: @unchecked Sendable {
    /// What a wait looks for.
    enum Condition: Sendable {
        /// A complete line of `stream` for which `match` returns a value.
        case line(RunningProgram.OutputStream, match: @Sendable (String) -> (any Sendable)?)
        /// A value `probe` finds outside the output (a file); re-checked on a timer too.
        case probe(@Sendable () -> (any Sendable)?)
        /// Nothing: the wait ends only at the exit, the time-out or cancellation.
        case exit
    }

    /// How a wait ended.
    enum Outcome: Sendable {
        /// The condition was met, with this value.
        case found(any Sendable)
        /// The run is final and the condition was not met.
        case exited(DriverRun)
        /// The time-out passed first: the output at that moment.
        case timedOut(standardOutput: String, standardError: String)
        /// The waiting task was cancelled.
        case cancelled
        /// The program's report says its dynamic injection is off, for this reason (a wait
        /// that watches the injection, while the launch expects one).
        case injectionOff(reason: String)
    }

    /// How long after the exit the monitor keeps reading pipes that have not ended.
    static let drainGracePeriod: TimeInterval = 0.5
    /// How much a reader woken after the exit still reads: what the program wrote last
    /// is in the pipe's buffer (64 KiB by default, 1 MiB at most without privileges), so
    /// this bounds only a descendant that keeps writing.
    static let drainLimit = 1 << 20
    /// How often a ``Condition/probe(_:)`` is re-checked.
    static let pollInterval: TimeInterval = 0.025

    private final class Waiter {
        let condition: Condition
        /// Whether a report saying the program's injection is off ends the wait.
        let watchesInjection: Bool
        let continuation: CheckedContinuation<Outcome, Never>
        /// Per stream: the byte offset of the first line not yet given to the condition.
        var scanned: [RunningProgram.OutputStream: Int] = [.standardOutput: 0, .standardError: 0]
        /// Per stream: how far the unfinished line at `scanned` is known to hold no newline,
        /// so a long line arriving in many chunks is searched once, not once per chunk.
        var searched: [RunningProgram.OutputStream: Int] = [:]
        var timers: [DispatchSourceTimer] = []

        init(condition: Condition, watchesInjection: Bool, continuation: CheckedContinuation<Outcome, Never>) {
            self.condition = condition
            self.watchesInjection = watchesInjection
            self.continuation = continuation
        }
    }

    let sandbox: URL
    let reportURL: URL
    /// The control file `RELAY_CONTROL` names, when the launch allows re-injection.
    let controlURL: URL?
    let workingDirectory: URL
    /// What the program must show, when the launch expects it to inject.
    let expectation: InjectionExpectation?
    private let queue: DispatchQueue
    private let lock = NSRecursiveLock()

    // Guarded by `lock`:
    private var output: [UInt8] = []
    private var error: [UInt8] = []
    private var open: Set<RunningProgram.OutputStream> = [.standardOutput, .standardError]
    private var pid: Int32 = 0
    private var exit: (status: Int32, bySignal: Bool)?
    private var run: DriverRun?
    private var process: Process?
    private var waiters: [Int: Waiter] = [:]
    private var lastWaiter = 0
    private var released = false
    private var sandboxRemoved = false
    /// The program's process group, once it runs.
    private var group: ProcessGroup?
    /// Whether the program is being stopped: its group gets `SIGKILL` once it has exited.
    private var stopping = false
    /// `SIGKILL` timers of ``stop(gracePeriod:)``, cancelled at the exit.
    private var killTimers: [DispatchSourceTimer] = []
    /// A pipe whose read end both readers poll, written to wake them for the drain; closed
    /// once both have ended.
    private var wake: (read: Int32, write: Int32)?
    /// How many readers have not ended yet.
    private var readers = 2
    /// What the report file showed, once it showed a report (which does not change from
    /// off to on, or back): `nil` while there is none.
    private var settledEvidence: InjectionExpectation.Evidence?

    /// A monitor for `prepared`'s program, which ``start(_:)`` launches.
    init(_ prepared: DriverLaunch.Prepared) {
        sandbox = prepared.sandbox
        reportURL = prepared.reportURL
        controlURL = prepared.controlURL
        workingDirectory = prepared.workingDirectory
        expectation = prepared.expectation
        queue = DispatchQueue(label: "RelayTesting.RunningProgram")
    }

    /// Starts `prepared`'s program with its output on pipes this monitor reads; returns
    /// its process identifier.
    func start(_ prepared: DriverLaunch.Prepared) throws -> Int32 {
        let outputPipe = try RawPipe.make()
        let errorPipe: (read: Int32, write: Int32)
        let wakePipe: (read: Int32, write: Int32)
        do { errorPipe = try RawPipe.make() } catch {
            close(outputPipe.read); close(outputPipe.write)
            throw error
        }
        do { wakePipe = try RawPipe.make() } catch {
            close(outputPipe.read); close(outputPipe.write); close(errorPipe.read); close(errorPipe.write)
            throw error
        }
        let process = prepared.process()
        let outputWriter = FileHandle(fileDescriptor: outputPipe.write, closeOnDealloc: true)
        let errorWriter = FileHandle(fileDescriptor: errorPipe.write, closeOnDealloc: true)
        let input: FileHandle
        do { input = try prepared.openStandardInput() } catch {
            close(outputPipe.read); close(errorPipe.read); close(wakePipe.read); close(wakePipe.write)
            throw error
        }
        process.standardInput = input
        process.standardOutput = outputWriter
        process.standardError = errorWriter
        // A cycle until the exit: the monitor holds the process, the process holds this
        // handler, which holds the monitor; `exited` breaks it. So the program is watched
        // and reaped even when nothing else holds the monitor.
        process.terminationHandler = { [self] process in
            // Usually second, after the exit thread; first where there is none, or when
            // `waitid` could not watch the child. On a thread of its own: Foundation calls
            // every program's handler on one thread, which must not wait for this
            // monitor's lock while a reader holds it.
            let status = process.terminationStatus
            let bySignal = process.terminationReason == .uncaughtSignal
            Thread.detachNewThread { [self] in
                if exited(status: status, bySignal: bySignal, reaped: true) { wakeReadersAfterDrainGracePeriod() }
            }
        }
        do {
            // The child has its own copies of the write ends and of the input; close ours,
            // so that the pipes end when the program (and its children) close theirs.
            defer {
                try? outputWriter.close()
                try? errorWriter.close()
                if prepared.inputURL != nil { try? input.close() }
            }
            try DriverLaunch.spawn(process)
        } catch {
            close(outputPipe.read); close(errorPipe.read); close(wakePipe.read); close(wakePipe.write)
            process.terminationHandler = nil
            throw error
        }

        lock.lock()
        pid = process.processIdentifier
        group = ProcessGroup(leader: pid)
        wake = wakePipe
        if exit == nil { self.process = process }
        watchForExit(of: pid)
        lock.unlock()
        startReading(outputPipe.read, into: .standardOutput, wakeUp: wakePipe.read)
        startReading(errorPipe.read, into: .standardError, wakeUp: wakePipe.read)
        return process.processIdentifier
    }

    /// Starts a thread that waits for `pid` to exit without reaping it (see ``ChildExit``),
    /// and records the exit at once. The thread keeps the monitor alive until the exit.
    /// Called with the lock held.
    private func watchForExit(of pid: Int32) {
        guard ChildExit.isAvailable else { return }   // the termination handler will tell
        let thread = Thread { [self] in
            guard let (status, bySignal) = ChildExit.waitWithoutReaping(pid) else { return }
            if exited(status: status, bySignal: bySignal, reaped: false) { wakeReadersAfterDrainGracePeriod() }
        }
        thread.name = "RelayTesting.RunningProgram.exit"
        thread.start()
    }

    /// Starts a thread that reads `descriptor` until its end, or until it is woken for the
    /// drain (see ``wakeReadersAfterDrainGracePeriod()``), appending to `stream`; then
    /// closes it. The thread keeps the monitor alive until it ends.
    private func startReading(_ descriptor: Int32, into stream: RunningProgram.OutputStream, wakeUp: Int32) {
        let thread = Thread { [self] in
            RawPipe.read(descriptor, wakeUp: wakeUp, drainLimit: Self.drainLimit) { chunk in
                received(chunk, on: stream, ended: false)
            }
            close(descriptor)
            received([], on: stream, ended: true)
        }
        thread.name = "RelayTesting.RunningProgram.\(stream == .standardOutput ? "stdout" : "stderr")"
        thread.start()
    }

    /// Appends `chunk` to `stream` and re-checks the waiters; finishes the run if the
    /// stream `ended` and the program has exited.
    private func received(_ chunk: [UInt8], on stream: RunningProgram.OutputStream, ended: Bool) {
        lock.lock()
        var resumptions: [(CheckedContinuation<Outcome, Never>, Outcome)] = []
        if ended {
            readers -= 1
            if readers == 0, let wake {
                close(wake.read)
                close(wake.write)
                self.wake = nil
            }
        }
        if run == nil {
            if stream == .standardOutput { output += chunk } else { error += chunk }
            if ended { open.remove(stream) }
            resumptions = exit != nil && open.isEmpty ? finish() : evaluateAll()
        }
        lock.unlock()
        for (continuation, outcome) in resumptions { continuation.resume(returning: outcome) }
    }

    /// Records the exit: called by the exit thread as soon as the child has exited, and by
    /// Foundation once it has reaped it (`reaped`), which also lets go of the process.
    /// Returns whether this call recorded it (the first did).
    @discardableResult
    private func exited(status: Int32, bySignal: Bool, reaped: Bool) -> Bool {
        lock.lock()
        if reaped {
            process?.terminationHandler = nil
            process = nil
        }
        guard exit == nil else {
            lock.unlock()
            return false
        }
        exit = (status, bySignal)
        if stopping { killRestOfGroup() }
        let resumptions = open.isEmpty ? finish() : []
        lock.unlock()
        for (continuation, outcome) in resumptions { continuation.resume(returning: outcome) }
        return true
    }

    /// Wakes the readers ``drainGracePeriod`` after the exit, so that they read what the
    /// pipes hold and end, if the streams have not ended by then (a grandchild holds
    /// them). Sleeps on the calling thread: the exit thread, which has nothing else to do
    /// — a dispatch queue's timer could be held up for seconds when other work fills
    /// Dispatch's threads.
    private func wakeReadersAfterDrainGracePeriod() {
        Thread.sleep(forTimeInterval: Self.drainGracePeriod)
        lock.lock()
        if let wake { RawPipe.poke(wake.write) }
        lock.unlock()
    }

    /// Makes the run final: reads the report, answers every waiter, and removes the
    /// sandbox if the handle is gone. Called with the lock held, once the program has
    /// exited and both readers have ended; returns the continuations to resume after
    /// unlocking.
    private func finish() -> [(CheckedContinuation<Outcome, Never>, Outcome)] {
        guard run == nil, let exit else { return [] }
        let final = DriverRun(
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self),
            exitStatus: exit.status,
            terminatedBySignal: exit.bySignal,
            injectionReportData: try? Data(contentsOf: reportURL)
        )
        run = final
        var resumptions = evaluateAll()
        for (id, waiter) in waiters {
            resumptions.append((waiter.continuation, .exited(final)))
            waiters[id] = nil
            for timer in waiter.timers { timer.cancel() }
        }
        if released { removeSandbox() }
        return resumptions
    }

    /// Checks every waiter; removes and returns the satisfied ones. Called with the lock held.
    private func evaluateAll() -> [(CheckedContinuation<Outcome, Never>, Outcome)] {
        var resumptions: [(CheckedContinuation<Outcome, Never>, Outcome)] = []
        for (id, waiter) in waiters {
            if let outcome = outcome(of: waiter) {
                waiters[id] = nil
                for timer in waiter.timers { timer.cancel() }
                resumptions.append((waiter.continuation, outcome))
            }
        }
        return resumptions
    }

    /// How `waiter` ends now, if it does: a report saying the injection is off (for a wait
    /// that watches it), else its condition met. Called with the lock held.
    private func outcome(of waiter: Waiter) -> Outcome? {
        if waiter.watchesInjection, let reason = injectionOffReason() { return .injectionOff(reason: reason) }
        return evaluate(waiter).map { .found($0) }
    }

    /// The reason in a report saying the program's injection is off, when the launch
    /// expects an injection and the program wrote such a report; reads the file until it
    /// holds a report. Called with the lock held.
    private func injectionOffReason() -> String? {
        guard let expectation else { return nil }
        if settledEvidence == nil {
            let evidence = expectation.evidence()
            if evidence != .none { settledEvidence = evidence }
        }
        guard case let .off(reason)? = settledEvidence else { return nil }
        return reason
    }

    /// Whether a wait that watches the injection must look at the report file on a timer:
    /// the launch expects an injection and no report has shown up yet. Called with the
    /// lock held.
    private var reportNeedsPolling: Bool { expectation != nil && settledEvidence == nil }

    /// What satisfies `waiter` in the output so far, if anything; advances its offsets
    /// past the lines it has seen. A stream's unterminated last line counts once the
    /// stream has ended. Called with the lock held.
    private func evaluate(_ waiter: Waiter) -> (any Sendable)? {
        switch waiter.condition {
        case .exit:
            return nil
        case let .probe(probe):
            return probe()
        case let .line(wanted, match):
            let streams: [RunningProgram.OutputStream] = wanted == .either ? [.standardOutput, .standardError] : [wanted]
            for stream in streams {
                let bytes = stream == .standardOutput ? output : error
                var start = waiter.scanned[stream] ?? 0
                while start < bytes.count {
                    let end: Int
                    let from = max(start, waiter.searched[stream] ?? 0)
                    if let newline = bytes[from...].firstIndex(of: UInt8(ascii: "\n")) {
                        end = newline
                    } else if !open.contains(stream) {
                        end = bytes.count
                    } else {
                        waiter.searched[stream] = bytes.count
                        break
                    }
                    let line = String(decoding: bytes[start..<end], as: UTF8.self)
                    start = end + 1
                    waiter.scanned[stream] = start
                    if let value = match(line) { return value }
                }
            }
            return nil
        }
    }

    /// Waits until `condition` is met, the run is final, `timeout` seconds pass (`nil`:
    /// never), or — when `cancellable` — the task is cancelled; with `watchesInjection`,
    /// also until a report says the program's injection is off (when the launch expects
    /// one): the report file is looked at every ``pollInterval`` until a report is there.
    func wait(for condition: Condition, timeout: TimeInterval?, cancellable: Bool = true, watchesInjection: Bool = false) async -> Outcome {
        let id = nextWaiterID()
        guard cancellable else {
            return await withCheckedContinuation { register(id, condition, timeout, cancellable: false, watchesInjection: watchesInjection, $0) }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { register(id, condition, timeout, cancellable: true, watchesInjection: watchesInjection, $0) }
        } onCancel: {
            resolve(id, with: .cancelled)
        }
    }

    /// A number for a new waiter.
    private func nextWaiterID() -> Int {
        lock.lock()
        defer { lock.unlock() }
        lastWaiter += 1
        return lastWaiter
    }

    private func register(_ id: Int, _ condition: Condition, _ timeout: TimeInterval?, cancellable: Bool, watchesInjection: Bool, _ continuation: CheckedContinuation<Outcome, Never>) {
        lock.lock()
        // The cancellation handler takes the lock too: it ran before this (and the task
        // is already marked cancelled), or it runs after and finds the waiter.
        if cancellable && Task.isCancelled {
            lock.unlock()
            continuation.resume(returning: .cancelled)
            return
        }
        let waiter = Waiter(condition: condition, watchesInjection: watchesInjection, continuation: continuation)
        if let outcome = outcome(of: waiter) {
            lock.unlock()
            continuation.resume(returning: outcome)
            return
        }
        if let run {
            lock.unlock()
            continuation.resume(returning: .exited(run))
            return
        }
        waiters[id] = waiter
        if let timeout {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: ExitLatch.nanoseconds(timeout))))
            timer.setEventHandler { [weak self] in self?.expire(id) }
            waiter.timers.append(timer)
            timer.resume()
        }
        var polls = false
        if case .probe = condition { polls = true }
        if polls || watchesInjection && reportNeedsPolling {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let interval = DispatchTimeInterval.nanoseconds(Int(ExitLatch.nanoseconds(Self.pollInterval)))
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
            timer.setEventHandler { [weak self] in self?.recheck(id) }
            waiter.timers.append(timer)
            timer.resume()
        }
        lock.unlock()
    }

    /// Re-checks waiter `id` — its probe, the report file — (its poll timer fired).
    private func recheck(_ id: Int) {
        lock.lock()
        var outcome: Outcome?
        if let waiter = waiters[id] { outcome = self.outcome(of: waiter) }
        lock.unlock()
        if let outcome { resolve(id, with: outcome) }
    }

    /// Waiter `id`'s time-out passed: resume it with the output so far.
    private func expire(_ id: Int) {
        lock.lock()
        let outcome = Outcome.timedOut(
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self)
        )
        lock.unlock()
        resolve(id, with: outcome)
    }

    /// Resumes waiter `id` with `outcome`, if it still waits.
    private func resolve(_ id: Int, with outcome: Outcome) {
        lock.lock()
        let waiter = waiters.removeValue(forKey: id)
        lock.unlock()
        guard let waiter else { return }
        for timer in waiter.timers { timer.cancel() }
        waiter.continuation.resume(returning: outcome)
    }

    /// Starts stopping the program: `SIGTERM` to its process group, and `SIGKILL` to the
    /// group `gracePeriod` seconds later or as soon as the program has exited, whichever
    /// comes first. A program that has already exited: `SIGKILL` to what is left of its
    /// group. Returns at once.
    func stop(gracePeriod: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        stopping = true
        guard exit == nil else {
            killRestOfGroup()
            return
        }
        group?.signal(SIGTERM, leaderRunning: true)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: ExitLatch.nanoseconds(gracePeriod))))
        timer.setEventHandler { [self] in
            lock.lock()
            group?.signal(SIGKILL, leaderRunning: exit == nil)
            lock.unlock()
        }
        killTimers.append(timer)
        timer.resume()
    }

    /// `SIGKILL` to whatever is left of the group of a program that has exited; cancels
    /// the pending timers. Called with the lock held.
    private func killRestOfGroup() {
        group?.signal(SIGKILL, leaderRunning: false)
        for timer in killTimers { timer.cancel() }
        killTimers = []
    }

    /// The final run, once the program has exited and its output has been read.
    var finalRun: DriverRun? {
        lock.lock()
        defer { lock.unlock() }
        return run
    }

    /// Standard output so far.
    var standardOutput: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: output, as: UTF8.self)
    }

    /// Standard error so far.
    var standardError: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: error, as: UTF8.self)
    }

    /// The handle is gone: stop the program as ``RunningProgram/terminate(gracePeriod:)``
    /// would (and whatever is left of its group), and remove the sandbox once it has
    /// ended. Returns whether the program was still running.
    @discardableResult
    func release(gracePeriod: TimeInterval) -> Bool {
        stop(gracePeriod: gracePeriod)
        lock.lock()
        defer { lock.unlock() }
        released = true
        if run != nil { removeSandbox() }
        return exit == nil
    }

    /// Removes the launch's temporary directory, once. Called with the lock held.
    private func removeSandbox() {
        guard !sandboxRemoved else { return }
        sandboxRemoved = true
        try? FileManager.default.removeItem(at: sandbox)
    }
}
#endif
#endif
