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

/// One launch of a program under test, the way a UI test launches an app: the test picks
/// the arguments, environment, working directory and standard input, and nothing from the
/// machine can change what the program injects.
///
/// ```swift
/// import Relay
/// import RelayTesting
/// import Testing
///
/// @Test func printsTheStubbedRecipe() async throws {
///     let stubs = LaunchArgumentBuilder(arguments: [
///         DependencyInstructionLaunchArgument(type: "MyApp.Backend", factory: "MyApp.Backend.Stub"),
///     ])
///     var launch = DriverLaunch(.product("my-app"), dependencies: stubs, channel: .environment,
///                               arguments: ["--verbose"])
///     launch.files["data/input.json"] = #"{"items": []}"#
///     let run = try await launch.run()
///     #expect(run.exitStatus == 0, "\(run)")
///     #expect(run.standardOutputLines == ["no items"], "\(run)")
/// }
/// ```
///
/// The initializer turns the `LaunchArgumentBuilder` into ``arguments``, ``environment``,
/// ``files`` or ``standardInput`` according to the ``InstructionChannel``, so the
/// properties show exactly what the program will get, and can be adjusted before
/// ``run()``.
///
/// What ``run()`` sets up:
///
/// - **Environment**: this process's environment minus every variable whose name starts
///   with `RELAY_`, plus ``environment`` (which wins). With ``inheritsEnvironment`` set to
///   `false`, only ``environment``. Then `RELAY_REPORT_PATH` names a file of the launch's
///   own, where the program's standard entry point writes what it bound; read it with
///   ``DriverRun/injectionReport()``. With ``allowsReinjection``, `RELAY_CONTROL` names a
///   control file of its own too. Unless ``environment`` or the inherited environment sets
///   `SWIFT_BACKTRACE`, it is `enable=no`: a program that crashes (`fatalError`, a failed
///   `try!`) ends at once with its `Fatal error: …` line on standard error, instead of
///   staying alive for seconds while Swift's backtracer symbolicates — so a wait fails with
///   ``DriverLaunchError/exitedEarly(command:waitingFor:run:)`` at once, with the crash
///   text. Set `SWIFT_BACKTRACE` in ``environment`` (e.g. `enable=yes`) to get backtraces.
/// - **Working directory**: a fresh, empty temporary directory, removed after the run, so
///   no `./.relay` is read unless ``files`` puts one there. ``workingDirectory`` names an
///   existing directory instead.
/// - **Files**: each entry of ``files`` is written into the working directory, with
///   permissions `rw-r--r--` whatever the umask (Relay refuses world-writable files).
/// - **Standard input**: ``standardInput`` if set (the program reads it, then end of
///   file), otherwise empty.
/// - **Standard output and error**: captured in full, in files outside the working
///   directory, so a chatty program never stalls on a full pipe.
/// - **Time-out**: a program still running after ``timeout`` is sent `SIGTERM`, then
///   `SIGKILL` two seconds later — to its process group, so with what it started — and
///   ``run()`` throws
///   ``DriverLaunchError/timedOut(command:timeout:standardOutput:standardError:)``.
/// - **Leftovers**: when ``run()`` returns or throws, whatever the program left running
///   in its process group is killed (`SIGKILL`). A descendant that left the group
///   (`setsid()`, `setpgid()`) is not reached.
///
/// Available on macOS and Linux, where programs can be launched as subprocesses. An iOS UI
/// test passes the same `LaunchArgumentBuilder` to `XCUIApplication` instead:
/// `app.launchArguments += builder.build()` (appended, so that arguments set elsewhere stay).
public struct DriverLaunch: Sendable {
    /// The executable to launch.
    public enum Program: Sendable, Hashable, CustomStringConvertible {
        /// An executable product of the package, found with ``BuiltProducts/url(of:)``
        /// when the launch runs (so a missing product fails ``DriverLaunch/run()``, not
        /// the launch's creation).
        case product(String)
        /// The executable at this file URL.
        case executable(URL)

        /// The executable's location.
        ///
        /// - Throws: ``DriverLaunchError/productNotFound(name:searched:)`` for a
        ///   ``product(_:)`` that is not built.
        public func url() throws -> URL {
            switch self {
            case let .product(name): try BuiltProducts.url(of: name)
            case let .executable(url): url
            }
        }

        /// The product's name or the executable's path, as shown in messages.
        public var description: String {
            switch self {
            case let .product(name): name
            case let .executable(url): url.path
            }
        }
    }

    /// The program to launch.
    public var program: Program
    /// The words after the program's name: with the ``InstructionChannel/arguments`` or
    /// ``InstructionChannel/standardInput`` channel, the instruction words come first,
    /// then the program's own arguments.
    public var arguments: [String]
    /// Variables set for the program, on top of the inherited ones (see
    /// ``inheritsEnvironment``); with the ``InstructionChannel/environment`` channel, this
    /// includes `RELAY_DEPENDENCIES`.
    public var environment: [String: String]
    /// Whether the program starts from this process's environment, minus every `RELAY_*`
    /// variable (`true`, the default), or from an empty one. Either way ``environment`` is
    /// added, and then `RELAY_REPORT_PATH` (see ``DriverRun/injectionReport()``).
    public var inheritsEnvironment = true
    /// The text written to the program's standard input, which then ends; `nil` (the
    /// default) gives it an empty standard input. With the
    /// ``InstructionChannel/standardInput`` channel, this is the `.relay` text.
    public var standardInput: String?
    /// Files to create in the working directory before the launch: a relative path such as
    /// `.relay` or `config/app.relay` (intermediate directories are created) → the file's
    /// text. An existing file is replaced. With the ``InstructionChannel/configFile``
    /// channel, this includes `.relay`.
    public var files: [String: String]
    /// The directory to run the program in, which must exist; ``files`` are written into
    /// it and left there. `nil` (the default) runs it in a fresh, empty temporary directory
    /// that is removed afterwards.
    public var workingDirectory: URL?
    /// How long, in seconds, the program may run before it is killed and ``run()`` throws;
    /// 60 unless changed. Zero or less kills it at once.
    ///
    /// Seconds rather than a `Duration`, which needs macOS 13 / iOS 16, above the package's
    /// floor.
    public var timeout: TimeInterval = 60
    /// Whether the program gets a control file, so that a test can change its bindings
    /// while it runs with ``RunningProgram/reinject(_:timeout:)-(LaunchArgumentBuilder,_)``.
    /// `false` by default.
    ///
    /// When `true`, `RELAY_CONTROL` names a file of the launch's own (next to the report
    /// file, outside the working directory), which does not exist until the first
    /// re-injection. The program's standard entry point watches it — if its policy is on
    /// (docs/configuration.md, "The control channel").
    public var allowsReinjection = false
    /// Whether the program must show that it applied the launch's instructions by writing
    /// its injection report; `true` unless changed.
    ///
    /// The check applies to every instruction the program can see, however the launch
    /// passes it: the initializer's `dependencies`, but also `-d` / `--dependency` words in
    /// ``arguments`` (inline, `-d @file`, `-d -` with ``standardInput``),
    /// `RELAY_DEPENDENCIES` or `RELAY_DEPENDENCIES_FILE` in ``environment``, and a `.relay`
    /// file among ``files`` or in ``workingDirectory``. They are read, when the launch runs,
    /// with the library's own standard sources; a launch without any is not checked.
    ///
    /// When `true` and the launch carries instructions, the run fails with
    /// ``DriverLaunchError/instructionsNotApplied(command:when:releaseBuild:standardOutput:standardError:)``
    /// — instead of a test passing against the live dependencies — as soon as the
    /// program's report says its dynamic injection is off (a release build without it, or
    /// without the opt-in, writes that report when its `inject()` runs: ``run()`` and the
    /// waits of ``start()`` look at the report file while they wait, so a server fails at
    /// once rather than at a time-out), and when the program exits with status 0, or
    /// becomes ready (a wait for a line or a port finds it), without having written any
    /// report. The error says which case it is and how to fix it. Set it to `false` for a
    /// program meant to ignore the instructions (a release build whose policy a test
    /// checks).
    public var expectsInjection = true

    /// Creates a launch of `program` with the dependency instructions of `dependencies`
    /// delivered through `channel`.
    ///
    /// - Parameters:
    ///   - program: What to launch, usually `.product("name")`.
    ///   - dependencies: The instructions; none by default.
    ///   - channel: How to deliver them; see ``InstructionChannel``. Command-line
    ///     arguments by default.
    ///   - arguments: The program's own arguments, placed after any instruction words.
    ///   - environment: The program's own variables; on a clash with
    ///     `RELAY_DEPENDENCIES` from the ``InstructionChannel/environment`` channel, these
    ///     win.
    public init(
        _ program: Program,
        dependencies: LaunchArgumentBuilder = LaunchArgumentBuilder(),
        channel: InstructionChannel = .arguments,
        arguments: [String] = [],
        environment: [String: String] = [:]
    ) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.files = [:]
        switch channel {
        case .arguments:
            self.arguments = dependencies.build() + arguments
        case .environment:
            self.environment = dependencies.buildEnvironment().merging(environment) { _, own in own }
        case .configFile:
            files[".relay"] = dependencies.buildConfigFile()
        case .standardInput:
            self.arguments = ["-d", "-"] + arguments
            standardInput = dependencies.buildConfigFile()
        }
    }

    /// How long, in seconds, a program that ignores `SIGTERM` is given before `SIGKILL`.
    static let killGracePeriod: TimeInterval = 2

    /// Launches the program, waits for it to exit, and returns what it wrote.
    ///
    /// A program that exits with a non-zero status, or is ended by a signal, is not an
    /// error: check ``DriverRun/exitStatus`` and ``DriverRun/terminatedBySignal``.
    /// Cancelling the calling task kills the program and throws `CancellationError`.
    ///
    /// - Throws: ``DriverLaunchError/productNotFound(name:searched:)`` when the product is
    ///   not built; ``DriverLaunchError/timedOut(command:timeout:standardOutput:standardError:)``
    ///   when it outlives ``timeout``;
    ///   ``DriverLaunchError/instructionsNotApplied(command:when:releaseBuild:standardOutput:standardError:)``
    ///   as soon as its report says its dynamic injection is off (the program is stopped
    ///   first, as at the time-out), or when it exits with status 0 without a report (see
    ///   ``expectsInjection``); ``DriverLaunchError/invalidFilePath(_:)`` for a
    ///   bad key in ``files``; the error of the file system or of `Process` when the
    ///   working directory, the files, or the process cannot be created.
    public func run() async throws -> DriverRun {
        try Task.checkCancellation()
        let prepared = try prepare()
        defer { try? FileManager.default.removeItem(at: prepared.sandbox) }

        let outputURL = prepared.capture.appendingPathComponent("stdout")
        let errorURL = prepared.capture.appendingPathComponent("stderr")
        try Self.write("", to: outputURL)
        try Self.write("", to: errorURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let input = try prepared.openStandardInput()

        let process = prepared.process()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let latch = ExitLatch()
        process.terminationHandler = { _ in latch.open() }
        do {
            defer {
                // The child has its own copies; close ours.
                try? output.close()
                try? error.close()
                if standardInput != nil { try? input.close() }
            }
            try Self.spawn(process)
        }

        let group = ProcessGroup(leader: process.processIdentifier)
        // Whatever the program leaves running in its group ends with the run.
        defer { group.signal(SIGKILL, leaderRunning: false) }
        /// `SIGTERM`, then `SIGKILL` if it has not exited ``killGracePeriod`` later.
        func stop() async {
            group.signal(SIGTERM, leaderRunning: true)
            if await !latch.wait(timeout: Self.killGracePeriod) {
                group.signal(SIGKILL, leaderRunning: true)
                await latch.waitForExit()
            }
        }
        switch await waitForExit(latch, expectation: prepared.expectation) {
        case .exited:
            break
        case .timedOut:
            await stop()
            try Task.checkCancellation()
            throw DriverLaunchError.timedOut(
                command: command,
                timeout: timeout,
                standardOutput: Self.read(outputURL),
                standardError: Self.read(errorURL)
            )
        case let .injectionOff(reason, expectation):
            await stop()
            throw expectation.failure(off: reason, standardOutput: Self.read(outputURL), standardError: Self.read(errorURL))
        }
        let run = DriverRun(
            standardOutput: Self.read(outputURL),
            standardError: Self.read(errorURL),
            exitStatus: process.terminationStatus,
            terminatedBySignal: process.terminationReason == .uncaughtSignal,
            injectionReportData: try? Data(contentsOf: prepared.reportURL)
        )
        if let error = prepared.expectation?.failure(afterExitOf: run) { throw error }
        return run
    }

    /// How ``waitForExit(_:expectation:)`` ended.
    private enum WaitEnding {
        /// The program exited.
        case exited
        /// ``timeout`` passed, or the task was cancelled.
        case timedOut
        /// The program's report says its dynamic injection is off, for this reason.
        case injectionOff(reason: String, InjectionExpectation)
    }

    /// Waits for the program to exit, for ``timeout`` seconds at most. With an
    /// `expectation` (the launch carries instructions), it also looks at the report file —
    /// every ``ProgramMonitor/pollInterval``, while there is none — and ends as soon as a
    /// report says the program's dynamic injection is off: a server that ignores the
    /// instructions fails at once instead of at the time-out. Nothing assumes the program
    /// has written anything by a given time: each look is one more chance, until the exit
    /// or the time-out.
    private func waitForExit(_ latch: ExitLatch, expectation: InjectionExpectation?) async -> WaitEnding {
        guard let expectation else { return await latch.wait(timeout: timeout) ? .exited : .timedOut }
        let start = DispatchTime.now().uptimeNanoseconds
        let limit = ExitLatch.nanoseconds(timeout)
        let poll = ExitLatch.nanoseconds(ProgramMonitor.pollInterval)
        func remaining() -> UInt64 { limit - min(limit, DispatchTime.now().uptimeNanoseconds &- start) }
        while true {
            let left = remaining()
            if await latch.wait(timeout: Double(min(left, poll)) / 1e9) { return .exited }
            if Task.isCancelled || left <= poll { return .timedOut }
            switch expectation.evidence() {
            case .none:
                continue
            case let .off(reason):
                return .injectionOff(reason: reason, expectation)
            case .applied:
                // Applied: nothing more to look for (a policy does not change while it runs).
                return await latch.wait(timeout: Double(remaining()) / 1e9) ? .exited : .timedOut
            }
        }
    }

    /// The program and its arguments, as shown in messages.
    var command: [String] { [program.description] + arguments }

    /// What ``run()`` and ``start()`` set up before the program starts: the directories,
    /// the files, standard input and the environment.
    struct Prepared {
        /// The executable to launch.
        let executable: URL
        /// Arguments after the program's name.
        let arguments: [String]
        /// The launch's own temporary directory: `capture` and, unless the launch names
        /// one, the working directory. Removed when the launch is over.
        let sandbox: URL
        /// Where the captured streams, standard input and the report file live, outside
        /// the working directory.
        let capture: URL
        /// The program's working directory.
        let workingDirectory: URL
        /// The file named by `RELAY_REPORT_PATH`.
        let reportURL: URL
        /// The file named by `RELAY_CONTROL`, when the launch ``allowsReinjection``.
        let controlURL: URL?
        /// The program's full environment.
        let environment: [String: String]
        /// What the program must show, when the launch ``expectsInjection``.
        let expectation: InjectionExpectation?
        /// The file holding ``DriverLaunch/standardInput``, or `nil` for an empty input.
        let inputURL: URL?

        /// A `Process` for the program, without its standard streams.
        func process() -> Process {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = workingDirectory
            return process
        }

        /// The program's standard input: the file, or the null device.
        func openStandardInput() throws -> FileHandle {
            // A file, not a pipe: the program may read all of it, part of it or none,
            // and no write can block or raise SIGPIPE in this process.
            guard let inputURL else { return FileHandle.nullDevice }
            return try FileHandle(forReadingFrom: inputURL)
        }
    }

    /// Finds the executable, checks ``files``, and creates the sandbox, the working
    /// directory, the files and the standard input; removes the sandbox again on failure.
    func prepare() throws -> Prepared {
        let executable = try program.url()
        for path in files.keys where !Self.isRelativeInside(path) {
            throw DriverLaunchError.invalidFilePath(path)
        }

        let fileManager = FileManager.default
        let sandbox = fileManager.temporaryDirectory
            .appendingPathComponent("relay-driver-\(UUID().uuidString)", isDirectory: true)
        let capture = sandbox.appendingPathComponent("capture", isDirectory: true)
        try fileManager.createDirectory(at: capture, withIntermediateDirectories: true)
        do {
            let directory = workingDirectory ?? sandbox.appendingPathComponent("work", isDirectory: true)
            if workingDirectory == nil {
                try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            for (path, text) in files {
                try Self.write(text, to: directory.appendingPathComponent(path))
            }
            var inputURL: URL?
            if let standardInput {
                let url = capture.appendingPathComponent("stdin")
                try Self.write(standardInput, to: url)
                inputURL = url
            }
            let reportURL = capture.appendingPathComponent("injection-report.json")
            var environment = childEnvironment(inheriting: ProcessInfo.processInfo.environment)
            environment[Self.reportVariable] = reportURL.path
            let controlURL = allowsReinjection ? capture.appendingPathComponent("control.relay") : nil
            if let controlURL { environment[Self.controlVariable] = controlURL.path }
            return Prepared(
                executable: executable, arguments: arguments, sandbox: sandbox, capture: capture,
                workingDirectory: directory, reportURL: reportURL, controlURL: controlURL, environment: environment,
                expectation: expectsInjection && LaunchInstructions.areCarried(
                    arguments: arguments, environment: environment, workingDirectory: directory, standardInput: standardInput
                ) ? InjectionExpectation(command: command, executable: executable, reportURL: reportURL) : nil,
                inputURL: inputURL
            )
        } catch {
            try? fileManager.removeItem(at: sandbox)
            throw error
        }
    }

    /// `RELAY_REPORT_PATH`, which every launch sets to a file of its own.
    static let reportVariable = "RELAY_REPORT_PATH"
    /// `RELAY_CONTROL`, which a launch that ``allowsReinjection`` sets to a file of its own.
    static let controlVariable = "RELAY_CONTROL"

    /// Starts `process` with no signal blocked in it (see ``SignalMask``).
    static func spawn(_ process: Process) throws {
        try SignalMask.withNoSignalBlocked { try process.run() }
    }

    /// The program's environment: see ``inheritsEnvironment``; and `SWIFT_BACKTRACE` set
    /// to ``backtraceOff`` unless ``environment`` or the inherited environment sets it.
    func childEnvironment(inheriting inherited: [String: String]) -> [String: String] {
        var base = inheritsEnvironment ? inherited.filter { !$0.key.hasPrefix("RELAY_") } : [:]
        if base[Self.backtraceVariable] == nil { base[Self.backtraceVariable] = Self.backtraceOff }
        return base.merging(environment) { _, own in own }
    }

    /// `SWIFT_BACKTRACE`, which configures the Swift runtime's crash backtracer.
    static let backtraceVariable = "SWIFT_BACKTRACE"
    /// `enable=no`: a program that traps dies at once, with its `Fatal error: …` line on
    /// standard error. With the backtracer on (the default on Linux), a trapping program
    /// stays alive for seconds while it symbolicates — over ten on a loaded machine — so a
    /// wait for its port would time out "still running" instead of failing at once.
    static let backtraceOff = "enable=no"

    /// Whether `path` names something inside a directory: not empty, not absolute, no `..`.
    static func isRelativeInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    /// Writes `text` to `url`, creating directories, with permissions `rw-r--r--`.
    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
    }

    /// The text of a capture file; empty if it cannot be read.
    private static func read(_ url: URL) -> String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}
#endif
#endif
