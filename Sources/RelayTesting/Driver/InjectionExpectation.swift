#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay

/// What a launch that carries instructions expects of its program: an injection report at
/// `RELAY_REPORT_PATH`, with its policy on, once the program is ready or has exited
/// cleanly — the sign that it applied them. Without one, the program ran with its live
/// dependencies while the test believed it had stubs; ``failure(_:standardOutput:standardError:)``
/// says why that likely is.
///
/// A program whose policy is off — a release build compiled without dynamic injection, one
/// that did not opt in, or a policy of its own — writes a report saying so as soon as its
/// `inject()` runs (``Evidence/off(reason:)``): the driver fails on it at once, while it
/// waits for the exit or for readiness, so a server that never exits does not end at a
/// time-out. A debug build that never injects warns once on standard error at its first
/// resolve, and writes no report.
struct InjectionExpectation: Sendable {
    /// The program and its arguments, for the message.
    let command: [String]
    /// The executable, whose location tells a release build.
    let executable: URL
    /// The file the program's standard entry point writes.
    let reportURL: URL

    /// What the report file shows about the launch's instructions.
    enum Evidence: Sendable, Equatable {
        /// No report (yet).
        case none
        /// A report whose policy is on: the instructions were read and applied. (A file
        /// that is not a report counts too, as the program's own business.)
        case applied
        /// A report whose policy is off, with the policy's reason: nothing was read.
        case off(reason: String)
    }

    /// What the report `data` (`nil`: no file) shows.
    static func evidence(in data: Data?) -> Evidence {
        guard let data else { return .none }
        guard let report = try? JSONDecoder().decode(DynamicInjectionReport.self, from: data), !report.policy.isEnabled else { return .applied }
        return .off(reason: report.policy.reason)
    }

    /// What the report file shows now.
    func evidence() -> Evidence {
        Self.evidence(in: try? Data(contentsOf: reportURL))
    }

    /// The error for a program that is at `moment` (became ready, exited) without a report
    /// whose policy is on, or `nil` when it has one.
    func failure(_ moment: DriverLaunchError.Moment, standardOutput: String, standardError: String) -> DriverLaunchError? {
        failure(moment, evidence: evidence(), standardOutput: standardOutput, standardError: standardError)
    }

    /// The error for a run that ended with status 0 without a report, or — whatever its
    /// ending — with a report whose policy is off; `nil` for any other.
    func failure(afterExitOf run: DriverRun) -> DriverLaunchError? {
        let evidence = Self.evidence(in: run.injectionReportData)
        if case .off = evidence {} else {
            guard run.exitStatus == 0, !run.terminatedBySignal, evidence == .none else { return nil }
        }
        return failure(.exited, evidence: evidence, standardOutput: run.standardOutput, standardError: run.standardError)
    }

    /// The error for a program that reported its policy off, found while it ran.
    func failure(off reason: String, standardOutput: String, standardError: String) -> DriverLaunchError {
        .instructionsNotApplied(
            command: command, when: .injectionOff(reason: reason), releaseBuild: isReleaseBuild(reason: reason),
            standardOutput: standardOutput, standardError: standardError
        )
    }

    private func failure(_ moment: DriverLaunchError.Moment, evidence: Evidence, standardOutput: String, standardError: String) -> DriverLaunchError? {
        switch evidence {
        case .applied:
            return nil
        case let .off(reason):
            return failure(off: reason, standardOutput: standardOutput, standardError: standardError)
        case .none:
            return .instructionsNotApplied(
                command: command, when: moment, releaseBuild: Self.isReleaseBuild(executable),
                standardOutput: standardOutput, standardError: standardError
            )
        }
    }

    /// Whether the program is a release build: its executable lies in a release products
    /// folder, or its report's `reason` says dynamic injection was compiled out.
    private func isReleaseBuild(reason: String) -> Bool {
        Self.isReleaseBuild(executable) || reason.contains(BuildConfiguration.withoutDynamicInjection)
    }

    /// Whether `executable` lies in a release build's products folder: SwiftPM's
    /// `.build/release` or `.build/<triple>/release`, Xcode's `Release` or
    /// `Release-<platform>`.
    static func isReleaseBuild(_ executable: URL) -> Bool {
        executable.deletingLastPathComponent().pathComponents.contains { $0 == "release" || $0 == "Release" || $0.hasPrefix("Release-") }
    }
}
#endif
#endif
