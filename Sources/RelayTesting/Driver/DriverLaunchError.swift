#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay

/// Why a ``DriverLaunch`` could not produce a ``DriverRun``.
///
/// A program that runs and fails is not an error: its exit status and output are in the
/// ``DriverRun``. These are failures of the launch itself. Each description says what
/// happened and what to do, so a test that simply `throw`s reads well in the test log.
///
/// ```swift
/// do {
///     _ = try await launch.run()
/// } catch DriverLaunchError.timedOut(_, _, let standardOutput, _) {
///     print("it hung after printing:", standardOutput)
/// }
/// ```
public enum DriverLaunchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No executable named `name` was found in the build products directory.
    ///
    /// `searched` lists the directories looked in (see ``BuiltProducts/url(of:)``). The
    /// usual cause is that nothing built the product: build it with
    /// `swift build --product <name>`, or make the test target depend on the product's
    /// target so that `swift test` builds it first.
    case productNotFound(name: String, searched: [String])

    /// The program did not exit within ``DriverLaunch/timeout`` (or, for a handle,
    /// the time-out of ``RunningProgram/waitForExit(timeout:)``) and was killed.
    ///
    /// `command` is the program and its arguments; `timeout` is the time-out, in seconds; `standardOutput` and `standardError` hold what it had written by the time it
    /// died, to show where it got stuck.
    case timedOut(command: [String], timeout: TimeInterval, standardOutput: String, standardError: String)

    /// The program ended while a wait of its ``RunningProgram`` handle was still waiting —
    /// typically a server that failed at start-up.
    ///
    /// `command` is the program and its arguments; `waitingFor` says what the wait
    /// expected (`a line containing "listening" on standard output`); `run` is the complete
    /// run: the exit status or signal, and everything the program printed — where the real
    /// error usually is. The wait throws this as soon as the program has ended, not at its
    /// time-out.
    ///
    /// ```swift
    /// do {
    ///     _ = try await server.waitForPort(writtenTo: "port")
    /// } catch let DriverLaunchError.exitedEarly(_, _, run) {
    ///     #expect(run.standardError.contains("unknown factory key"), "\(run)")
    /// }
    /// ```
    case exitedEarly(command: [String], waitingFor: String, run: DriverRun)

    /// A wait of a ``RunningProgram`` handle did not see what it waited for within its
    /// time-out, while the program kept running.
    ///
    /// `command` is the program and its arguments; `waitingFor` says what the wait
    /// expected; `timeout` is the wait's time-out, in seconds; `standardOutput` and
    /// `standardError` hold what the program had written by then. The program is left
    /// running: ``RunningProgram/terminate(gracePeriod:)`` stops it and returns all its
    /// output (and dropping the handle kills it).
    case waitTimedOut(command: [String], waitingFor: String, timeout: TimeInterval, standardOutput: String, standardError: String)

    /// A key of ``DriverLaunch/files``, or the path given to
    /// ``DriverLaunch/addPackageFile(_:filePath:)``, is not a relative path inside the
    /// working directory (or the package): it is empty or absolute, or it has a `..`
    /// component.
    case invalidFilePath(String)

    /// ``DriverLaunch/addPackageFile(_:filePath:)`` found no file `path` in the package
    /// whose root is `packageRoot` (the nearest directory above the test file that holds
    /// `Package.swift`).
    case packageFileNotFound(path: String, packageRoot: String)

    /// ``DriverRun/injectionReport()`` found no report: the program, which ended as this
    /// run shows, wrote nothing to `RELAY_REPORT_PATH`.
    case noInjectionReport(DriverRun)

    /// The launch carried instructions — in any form the program reads, see
    /// ``DriverLaunch/expectsInjection`` — but the program applied none of them and runs
    /// with its live dependencies: its `inject()` reported that its dynamic injection is
    /// off, or it became ready or exited with status 0 without writing its injection
    /// report.
    ///
    /// **Reported off** (`when` is ``Moment/injectionOff(reason:)``): a program whose
    /// policy is off — a release build compiled without dynamic injection, a release
    /// build that did not opt in, a policy of its own — writes a report saying so when its
    /// `inject()` runs. ``DriverLaunch/run()``, the waits of a ``RunningProgram`` and
    /// ``RunningProgram/waitForExit(timeout:)`` throw this as soon as that report appears
    /// (a server that never exits fails at once, not at a time-out), or at the exit,
    /// whatever the exit status. ``DriverLaunch/run()`` and
    /// ``RunningProgram/waitForExit(timeout:)`` stop the program first; a wait for a line
    /// or a port leaves it running, for ``RunningProgram/terminate(gracePeriod:)``.
    ///
    /// **No report** (`when` is ``Moment/ready`` or ``Moment/exited``): thrown by
    /// ``DriverLaunch/run()`` and ``RunningProgram/waitForExit(timeout:)`` at a clean exit,
    /// and by the waits for a line or a port when they find it (the program is ready: it
    /// is past start-up, where `inject()` belongs). A program that exits with another
    /// status is not checked: its ``DriverRun`` shows the failure, and
    /// ``DriverRun/injectionReport()`` lists the possible reasons.
    ///
    /// `releaseBuild` is `true` when the program is a release build: its executable lies in
    /// a release build's products folder, or its report says dynamic injection was compiled
    /// out. Without a report, `false` means the program most likely never calls
    /// `DynamicDependencyRegistry.standard(…).inject()` (or not before it is ready). The
    /// description says how to fix each case. `standardOutput` and `standardError` hold
    /// what the program had written by then.
    case instructionsNotApplied(command: [String], when: Moment, releaseBuild: Bool, standardOutput: String, standardError: String)

    /// When, and from what,
    /// ``instructionsNotApplied(command:when:releaseBuild:standardOutput:standardError:)``
    /// was found.
    public enum Moment: Sendable, Hashable {
        /// A wait found what it waited for, and the program had written no report: it is
        /// ready.
        case ready
        /// The program exited with status 0 without having written a report.
        case exited
        /// The program's report says its dynamic injection is off, for `reason` — the
        /// policy's (`DynamicInjectionPolicy.reason`), e.g. `this release build has no
        /// dynamic injection; build Relay with its DynamicInjectionInRelease trait to drive
        /// a release build`. Found as soon as the report appeared, or at the exit.
        case injectionOff(reason: String)
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .productNotFound(name, searched):
            let places = searched.isEmpty ? "no products directory could be determined" : "searched: \(searched.joined(separator: ", "))"
            return "\(name) was not found among the build products (\(places)). "
                + "Build it with `swift build --product \(name)`, or make the test target depend on its target so `swift test` builds it; "
                + "to look elsewhere, set \(BuiltProducts.directoryVariable) to the directory that holds it."
        case let .timedOut(command, timeout, standardOutput, standardError):
            return "\(Self.display(command)) did not exit within \(timeout) seconds and was killed\n"
                + "--- standard output so far ---\n\(DriverRun.terminated(standardOutput))"
                + "--- standard error so far ---\n\(DriverRun.terminated(standardError))"
        case let .exitedEarly(command, waitingFor, run):
            return "\(Self.display(command)) ended while the test waited for \(waitingFor): \(run)"
        case let .waitTimedOut(command, waitingFor, timeout, standardOutput, standardError):
            return "\(Self.display(command)) is still running, but \(waitingFor) did not appear within \(timeout) seconds; "
                + "the program was left running (terminate() stops it and returns all its output)\n"
                + "--- standard output so far ---\n\(DriverRun.terminated(standardOutput))"
                + "--- standard error so far ---\n\(DriverRun.terminated(standardError))"
        case let .noInjectionReport(run):
            return "the program wrote no injection report to $RELAY_REPORT_PATH: it did not call inject() on DynamicDependencyRegistry.standard(…), "
                + "or its injection failed (see standard error below)\n\(run)"
        case let .instructionsNotApplied(command, .injectionOff(reason), _, standardOutput, standardError):
            return "\(Self.display(command)) reported that its dynamic injection is off (\(UserText.escaped(reason, limit: nil))), so it applied none of the launch's "
                + "instructions and runs with its live dependencies. Drive a debug build (`swift build`); to drive a release build, build Relay "
                + "with its DynamicInjectionInRelease trait and pass `policy: .enabled` to DynamicDependencyRegistry.standard(…) in the builds you drive. "
                + "(If the program is meant to ignore them, set expectsInjection = false on the DriverLaunch.)\n"
                + "--- standard output so far ---\n\(DriverRun.terminated(standardOutput))"
                + "--- standard error so far ---\n\(DriverRun.terminated(standardError))"
        case let .instructionsNotApplied(command, moment, releaseBuild, standardOutput, standardError):
            let situation = moment == .ready ? "is ready" : "exited with status 0"
            let cause = releaseBuild
                ? "It is a release build (its executable is in a release products folder), where dynamic injection is off "
                    + "unless the program opts in: drive a debug build (`swift build`), or build Relay with its "
                    + "DynamicInjectionInRelease trait and pass `policy: .enabled` to "
                    + "DynamicDependencyRegistry.standard(…) in the builds you drive. Less likely: it never calls inject()."
                : "It is not a release build, so it most likely never calls DynamicDependencyRegistry.standard(…).inject() — "
                    + "or calls it only after it is ready, or with a policy that is off: call inject() first thing at start-up, "
                    + "before anything resolves or reports readiness."
            return "\(Self.display(command)) \(situation) but applied none of the launch's instructions: it wrote no injection report "
                + "to $RELAY_REPORT_PATH, so it runs with its live dependencies. \(cause) "
                + "(If the program is meant to ignore them, set expectsInjection = false on the DriverLaunch.)\n"
                + "--- standard output so far ---\n\(DriverRun.terminated(standardOutput))"
                + "--- standard error so far ---\n\(DriverRun.terminated(standardError))"
        case let .packageFileNotFound(path, packageRoot):
            return "'\(path)' is not in the package at \(packageRoot) (the nearest directory above the test file that holds Package.swift); "
                + "name the file relative to that directory, e.g. 'Fixtures/checkout.relay'"
        case let .invalidFilePath(path):
            return "'\(path)' cannot be created in the working directory: DriverLaunch.files takes relative paths without '..' components, such as '.relay' or 'config/app.relay'"
        }
    }

    /// `command` as one line, each word that is empty or holds a space or quote single-quoted.
    static func display(_ command: [String]) -> String {
        command.map { word in
            guard word.isEmpty || word.contains(where: { " \t\n'\"\\$;&|<>()*?".contains($0) }) else { return word }
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
#endif
#endif
