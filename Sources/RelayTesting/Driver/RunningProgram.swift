#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension DriverLaunch {
    /// Starts the program and returns at once, with a handle to it — for a server or any
    /// program that keeps running until it is stopped.
    ///
    /// ```swift
    /// var launch = DriverLaunch(.product("status-server"), dependencies: stubs,
    ///                           arguments: ["--port", "0", "--port-file", "port"])
    /// let server = try launch.start()
    /// let port = try await server.waitForPort(writtenTo: "port")   // relative: in its working directory
    /// // … talk to http://127.0.0.1:\(port) …
    /// let run = await server.terminate()        // SIGTERM; SIGKILL if it has not exited 5 s later
    /// #expect(run.exitStatus == 0, "\(run)")    // everything it printed, and how it ended
    /// ```
    ///
    /// The program gets the same environment (with `RELAY_REPORT_PATH`), working directory,
    /// ``files``, ``standardInput`` and instructions as with ``run()``. ``timeout`` is not
    /// applied: each wait of the handle has a time-out of its own, and the program runs
    /// until it exits, ``RunningProgram/terminate(gracePeriod:)`` stops it, or the handle's
    /// last reference goes away (which kills it).
    ///
    /// Its output is read as it comes, through pipes, so a wait sees a line as soon as the
    /// program has written it — as long as the program does not buffer it: a Swift
    /// program's `print` to a pipe is block-buffered, so call `fflush(stdout)` after a line
    /// a test waits for, or write to `FileHandle.standardOutput`.
    ///
    /// - Returns: The handle; keep it for as long as the program should run.
    /// - Throws: ``DriverLaunchError/productNotFound(name:searched:)`` when the product is
    ///   not built; ``DriverLaunchError/invalidFilePath(_:)`` for a bad key in ``files``;
    ///   the error of the file system or of `Process` when the working directory, the
    ///   files, the pipes or the process cannot be created.
    public func start() throws -> RunningProgram {
        let prepared = try prepare()
        let monitor = ProgramMonitor(prepared)
        let pid: Int32
        do {
            pid = try monitor.start(prepared)
        } catch {
            try? FileManager.default.removeItem(at: prepared.sandbox)
            throw error
        }
        return RunningProgram(monitor: monitor, processIdentifier: pid, command: command)
    }
}

/// A program started with ``DriverLaunch/start()``, still running or not: wait for what it
/// prints or writes, read its injection report, and stop it.
///
/// ```swift
/// @Test func serverUsesTheStub() async throws {
///     let launch = DriverLaunch(.product("status-server"), dependencies: stubs, channel: .environment,
///                               arguments: ["--port", "0"])
///     let server = try launch.start()
///     let port = try await server.waitForPort(printedAfter: "listening on port ")
///     let report = try #require(try server.injectionReport())
///     #expect(report.bindings.map(\.factory) == ["StatusCtl.StatusService.PaymentsDegraded"])
///     // … requests to 127.0.0.1:\(port) …
///     let run = await server.terminate()
///     #expect(!run.terminatedBySignal, "a clean exit on SIGTERM: \(run)")
/// }
/// ```
///
/// Every wait:
///
/// - returns as soon as what it waits for is there — it is woken by each new piece of
///   output, not by polling (a file is checked every 25 milliseconds);
/// - throws ``DriverLaunchError/exitedEarly(command:waitingFor:run:)`` **as soon as the
///   program exits** without it, with the exit status or signal and all the output, so a
///   server that fails at start-up shows its real error at once rather than a time-out;
/// - throws ``DriverLaunchError/waitTimedOut(command:waitingFor:timeout:standardOutput:standardError:)``
///   after its `timeout`, in seconds, and leaves the program running: the test decides
///   (usually with ``terminate(gracePeriod:)``, to see everything it printed);
/// - when the waiting task is cancelled, stops the program (`SIGTERM`, two seconds' grace,
///   then `SIGKILL`) and throws `CancellationError`; ``terminate(gracePeriod:)`` still
///   returns the complete run afterwards.
///
/// No program outlives its handle: when the last reference goes away — a test that threw
/// or failed before stopping it — the program is stopped as by
/// ``terminate(gracePeriod:)`` with its default grace period (in the background; a debug
/// build says so in one line on standard error), what is left of its process group is
/// killed, and the launch's temporary directory is removed once it has ended. Its pipes,
/// their threads and descriptors are released once the run is final — at the end of
/// the output, or half a second after the exit, with what the pipes held by then.
///
/// The handle is `Sendable`: several tasks may wait on it at once.
public final class RunningProgram: Sendable {
    /// Which output a wait reads.
    public enum OutputStream: Sendable, Hashable {
        /// Standard output only.
        case standardOutput
        /// Standard error only.
        case standardError
        /// Either: a line of standard output or of standard error.
        case either

        /// The stream's name, as shown in messages.
        var label: String {
            switch self {
            case .standardOutput: "standard output"
            case .standardError: "standard error"
            case .either: "standard output or standard error"
            }
        }
    }

    let monitor: ProgramMonitor

    /// The process identifier of the program, e.g. to send it a signal of your own with
    /// `kill(program.processIdentifier, SIGHUP)` while it runs.
    public let processIdentifier: Int32

    /// The command as launched — the program and its arguments — for messages.
    public let command: [String]

    init(monitor: ProgramMonitor, processIdentifier: Int32, command: [String]) {
        self.monitor = monitor
        self.processIdentifier = processIdentifier
        self.command = command
    }

    /// Stops a program still running as ``terminate(gracePeriod:)`` does with its default
    /// grace period — in the background, as nothing can wait here — and says so on
    /// standard error in debug builds (a `LibraryWarning`); ends whatever is left of its process group; removes
    /// the launch's temporary directory once the program has ended.
    deinit {
        if monitor.release(gracePeriod: Self.defaultGracePeriod) {
            LibraryWarning.warn("RelayTesting: the RunningProgram of \(DriverLaunchError.display(command)) was released while the program ran; "
                + "stopping it (SIGTERM to its process group, SIGKILL \(Self.defaultGracePeriod) seconds later). Call terminate() to stop it and get its output.\n")
        }
    }

    /// Seconds between `SIGTERM` and `SIGKILL` when ``terminate(gracePeriod:)`` is not told
    /// otherwise, and when the handle is released while the program runs.
    @usableFromInline static let defaultGracePeriod: TimeInterval = 5

    /// The program's working directory: ``DriverLaunch/workingDirectory``, or the fresh
    /// temporary directory made for it, which is removed after the handle is gone and the
    /// program has ended. Read files the program writes there while you hold the handle.
    public var workingDirectory: URL { monitor.workingDirectory }

    /// Everything the program has written to standard output so far: complete lines and
    /// any partial last line. Bytes that are not valid UTF-8 are replaced with U+FFFD.
    public var standardOutput: String { monitor.standardOutput }

    /// Everything the program has written to standard error so far: complete lines and any
    /// partial last line. Bytes that are not valid UTF-8 are replaced with U+FFFD.
    public var standardError: String { monitor.standardError }

    /// Waits until a line on `stream` contains `text`, and returns that line (without its
    /// newline).
    ///
    /// ```swift
    /// let line = try await server.waitForLine(containing: "ready", on: .standardError)
    /// ```
    ///
    /// Lines already printed count, so it does not matter whether the program got there
    /// before the call. A partial last line counts only once the stream has ended.
    ///
    /// - Parameters:
    ///   - text: What the line must contain.
    ///   - stream: The stream to read; either by default.
    ///   - timeout: Seconds to wait; 10 by default.
    /// - Throws: ``DriverLaunchError/exitedEarly(command:waitingFor:run:)`` at once if the
    ///   program exits without printing such a line;
    ///   ``DriverLaunchError/waitTimedOut(command:waitingFor:timeout:standardOutput:standardError:)``
    ///   after `timeout` seconds (the program keeps running); `CancellationError` if the
    ///   task is cancelled (the program is then stopped);
    ///   ``DriverLaunchError/instructionsNotApplied(command:when:releaseBuild:standardOutput:standardError:)``
    ///   as soon as the program's report says its dynamic injection is off, or when the
    ///   line is there but the program wrote no report (see
    ///   ``DriverLaunch/expectsInjection``); the program keeps running.
    public func waitForLine(containing text: String, on stream: OutputStream = .either, timeout: TimeInterval = 10) async throws -> String {
        try await waitForLine(on: stream, timeout: timeout, waitingFor: "a line containing \"\(text)\" on \(stream.label)") { line in
            line.contains(text) ? line : nil
        }
    }

    /// Waits until a line on `stream` matches `predicate`, and returns that line (without
    /// its newline).
    ///
    /// ```swift
    /// let line = try await worker.waitForLine(on: .standardOutput) { $0.hasPrefix("processed ") }
    /// ```
    ///
    /// `predicate` sees every complete line once, in order, on a thread of the handle's
    /// (lines already printed first); it should only look at the line.
    ///
    /// - Parameters:
    ///   - stream: The stream to read; either by default.
    ///   - timeout: Seconds to wait; 10 by default.
    ///   - predicate: Whether this is the line to wait for.
    /// - Throws: As ``waitForLine(containing:on:timeout:)``.
    public func waitForLine(on stream: OutputStream = .either, timeout: TimeInterval = 10, where predicate: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await waitForLine(on: stream, timeout: timeout, waitingFor: "a line matching the predicate on \(stream.label)") { line in
            predicate(line) ? line : nil
        }
    }

    /// Waits for the TCP port the program writes to a file — the usual readiness signal of
    /// a server started on port 0 — and returns it.
    ///
    /// ```swift
    /// let server = try DriverLaunch(.product("my-server"), arguments: ["--port", "0", "--port-file", "port"]).start()
    /// let port = try await server.waitForPort(writtenTo: "port")
    /// ```
    ///
    /// The wait ends when the file exists and holds a decimal port (1–65535), possibly
    /// followed by a newline. The program should write the file only once it listens, and
    /// atomically (`Data.write(to:options: .atomic)`), so that the test never reads half
    /// a number. The file is checked every 25 milliseconds, and whenever the program
    /// prints something.
    ///
    /// - Parameters:
    ///   - path: The file's path; a relative path is resolved in the program's
    ///     ``workingDirectory``.
    ///   - timeout: Seconds to wait; 10 by default.
    /// - Throws: As ``waitForLine(containing:on:timeout:)``.
    public func waitForPort(writtenTo path: String, timeout: TimeInterval = 10) async throws -> Int {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
        let outcome = await monitor.wait(for: .probe({ Self.port(inFile: url) }), timeout: timeout, watchesInjection: true)
        return try await conclude(outcome, waitingFor: "a port number in the file '\(path)'", timeout: timeout)
    }

    /// Waits for the TCP port the program prints on a line after `prefix`, and returns it.
    ///
    /// ```swift
    /// let port = try await server.waitForPort(printedAfter: "listening on port ")
    /// // "info: listening on port 52114" → 52114
    /// ```
    ///
    /// The digits must follow `prefix` directly, and form a port (1–65535); a line where
    /// they do not is skipped.
    ///
    /// - Parameters:
    ///   - prefix: The text just before the port.
    ///   - stream: The stream to read; either by default.
    ///   - timeout: Seconds to wait; 10 by default.
    /// - Throws: As ``waitForLine(containing:on:timeout:)``.
    public func waitForPort(printedAfter prefix: String, on stream: OutputStream = .either, timeout: TimeInterval = 10) async throws -> Int {
        let outcome = await monitor.wait(for: .line(stream, match: { Self.port(in: $0, after: prefix) }), timeout: timeout, watchesInjection: true)
        return try await conclude(outcome, waitingFor: "a port number after \"\(prefix)\" on \(stream.label)", timeout: timeout)
    }

    /// The injection report the program has written so far, or `nil` if it has written
    /// none yet.
    ///
    /// ```swift
    /// _ = try await server.waitForLine(containing: "listening")
    /// let report = try #require(try server.injectionReport())
    /// #expect(report.bindings.map(\.factory) == ["MyApp.BackendService.Stub"])
    /// ```
    ///
    /// The launch sets `RELAY_REPORT_PATH` to a file of its own, which the program's
    /// `DynamicDependencyRegistry.standard(…).inject()` writes (atomically) at start-up.
    /// Ask after a sign that the program is past `inject()`, such as a line or its port;
    /// once it has ended, this is the report of its ``DriverRun``.
    ///
    /// - Returns: The report, or `nil` while there is no report file (not there yet, or
    ///   never: see ``DriverLaunchError/noInjectionReport(_:)`` for the reasons).
    /// - Throws: A `DecodingError` when the file is not a report; the file system's error
    ///   when it exists but cannot be read.
    public func injectionReport() throws -> DynamicInjectionReport? {
        let data: Data
        if let run = monitor.finalRun {
            guard let report = run.injectionReportData else { return nil }
            data = report
        } else {
            guard FileManager.default.fileExists(atPath: monitor.reportURL.path) else { return nil }
            data = try Data(contentsOf: monitor.reportURL)
        }
        return try JSONDecoder().decode(DynamicInjectionReport.self, from: data)
    }

    /// Stops the program and returns everything it printed and how it ended.
    ///
    /// ```swift
    /// let run = await server.terminate()
    /// #expect(run.exitStatus == 0 && !run.terminatedBySignal, "exits cleanly on SIGTERM: \(run)")
    /// ```
    ///
    /// Sends `SIGTERM` to the program's process group — the program and every process it
    /// started that stayed in its group — waits up to `gracePeriod` seconds for the program
    /// to exit, then sends `SIGKILL` to the group. A program that handles `SIGTERM` (as
    /// Hummingbird and most servers do) exits with its own status; one that does not is
    /// ended by the signal, which ``DriverRun/signal`` names. As soon as the program has
    /// exited, what is left of its group gets `SIGKILL`: a child it did not wait for does
    /// not outlive it. A descendant that left the group (a daemon calling `setsid()` or
    /// `setpgid()`) is not reached.
    ///
    /// Safe to call more than once, from several tasks, and after the program has exited by
    /// itself (then only what is left of its group is killed): every call returns the same
    /// run. Not cut short by cancelling the calling task: it always returns the complete run.
    ///
    /// - Parameter gracePeriod: Seconds between `SIGTERM` and `SIGKILL`; 5 by default.
    /// - Returns: The complete run: both streams in full, the exit status or signal, and
    ///   the injection report.
    @discardableResult
    public func terminate(gracePeriod: TimeInterval = defaultGracePeriod) async -> DriverRun {
        monitor.stop(gracePeriod: gracePeriod)
        guard case let .exited(run) = await monitor.wait(for: .exit, timeout: nil, cancellable: false) else {
            preconditionFailure("a wait for the exit without a time-out or cancellation ends only at the exit")
        }
        return run
    }

    /// Waits for the program to exit by itself, and returns the complete run.
    ///
    /// ```swift
    /// let worker = try DriverLaunch(.product("importer"), arguments: ["--once"]).start()
    /// _ = try await worker.waitForLine(containing: "imported")
    /// let run = try await worker.waitForExit(timeout: 30)
    /// #expect(run.exitStatus == 0, "\(run)")
    /// ```
    ///
    /// A non-zero exit status or a signal is not an error: see the run.
    ///
    /// - Parameter timeout: Seconds to wait; 60 by default.
    /// - Returns: The complete run.
    /// - Throws: ``DriverLaunchError/timedOut(command:timeout:standardOutput:standardError:)``
    ///   when the program is still running after `timeout` seconds — it is then terminated
    ///   as by ``terminate(gracePeriod:)`` with a two-second grace period, and the error
    ///   carries all its output; `CancellationError` if the task is cancelled (the program
    ///   is then stopped too);
    ///   ``DriverLaunchError/instructionsNotApplied(command:when:releaseBuild:standardOutput:standardError:)``
    ///   as soon as its report says its dynamic injection is off (it is then terminated as
    ///   at the time-out), or when it exited with status 0 without a report (see
    ///   ``DriverLaunch/expectsInjection``).
    public func waitForExit(timeout: TimeInterval = 60) async throws -> DriverRun {
        switch await monitor.wait(for: .exit, timeout: timeout, watchesInjection: true) {
        case let .exited(run):
            if let error = monitor.expectation?.failure(afterExitOf: run) { throw error }
            return run
        case let .injectionOff(reason):
            let run = await terminate(gracePeriod: DriverLaunch.killGracePeriod)
            throw Self.injectionOff(reason, expectation: monitor.expectation, standardOutput: run.standardOutput, standardError: run.standardError)
        case .timedOut:
            let run = await terminate(gracePeriod: DriverLaunch.killGracePeriod)
            throw DriverLaunchError.timedOut(command: command, timeout: timeout, standardOutput: run.standardOutput, standardError: run.standardError)
        case .cancelled, .found:
            await terminate(gracePeriod: DriverLaunch.killGracePeriod)
            throw CancellationError()
        }
    }

    // MARK: Implementation

    /// Waits for the first line of `stream` that `match` turns into a value.
    private func waitForLine<Value: Sendable>(on stream: OutputStream, timeout: TimeInterval, waitingFor: String, match: @escaping @Sendable (String) -> Value?) async throws -> Value {
        let outcome = await monitor.wait(for: .line(stream, match: { match($0) }), timeout: timeout, watchesInjection: true)
        return try await conclude(outcome, waitingFor: waitingFor, timeout: timeout)
    }

    /// The value a wait found, or the error its outcome calls for; stops the program when
    /// the wait was cancelled.
    func conclude<Value>(_ outcome: ProgramMonitor.Outcome, waitingFor: String, timeout: TimeInterval) async throws -> Value {
        switch outcome {
        case let .found(value):
            guard let value = value as? Value else { preconditionFailure("a wait found \(type(of: value)), not \(Value.self)") }
            if let error = monitor.expectation?.failure(.ready, standardOutput: standardOutput, standardError: standardError) { throw error }
            return value
        case let .exited(run):
            throw DriverLaunchError.exitedEarly(command: command, waitingFor: waitingFor, run: run)
        case let .timedOut(standardOutput, standardError):
            throw DriverLaunchError.waitTimedOut(command: command, waitingFor: waitingFor, timeout: timeout, standardOutput: standardOutput, standardError: standardError)
        case let .injectionOff(reason):
            throw Self.injectionOff(reason, expectation: monitor.expectation, standardOutput: standardOutput, standardError: standardError)
        case .cancelled:
            await terminate(gracePeriod: DriverLaunch.killGracePeriod)
            throw CancellationError()
        }
    }

    /// The error for a report saying the program's injection is off (a wait ends so only
    /// when the launch has an expectation).
    private static func injectionOff(_ reason: String, expectation: InjectionExpectation?, standardOutput: String, standardError: String) -> DriverLaunchError {
        guard let expectation else { preconditionFailure("a wait ended on the injection without an expectation") }
        return expectation.failure(off: reason, standardOutput: standardOutput, standardError: standardError)
    }

    /// The port right after `prefix` in `line`, if digits forming a port follow it.
    static func port(in line: String, after prefix: String) -> Int? {
        var rest = Substring(line)
        while let range = rest.range(of: prefix) {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let port = Int(digits), (1...65_535).contains(port) { return port }
            rest = rest[range.upperBound...]
            if prefix.isEmpty { rest = rest.dropFirst() }
            if rest.isEmpty { break }
        }
        return nil
    }

    /// The port a file holds: decimal digits, possibly followed by a newline.
    static func port(inFile url: URL) -> Int? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text), (1...65_535).contains(port) else { return nil }
        return port
    }
}
#endif
#endif
