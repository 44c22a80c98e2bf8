#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation

/// What a launch that passed instructions expects of its program: an injection report at
/// `RELAY_REPORT_PATH` once the program is ready or has exited cleanly — the sign that it
/// applied them. Without one, the program ran with its live dependencies while the test
/// believed it had stubs; ``failure(_:standardOutput:standardError:)`` says why that
/// likely is.
///
/// The program itself prints nothing about it: the report file is asked for only by the
/// driver, and a program whose policy is off never reads `RELAY_REPORT_PATH` at all.
struct InjectionExpectation: Sendable {
    /// The program and its arguments, for the message.
    let command: [String]
    /// The executable, whose location tells a release build.
    let executable: URL
    /// The file the program's standard entry point writes.
    let reportURL: URL

    /// The error for a program that is at `moment` (became ready, exited) without a report,
    /// or `nil` when the report is there.
    func failure(_ moment: DriverLaunchError.Moment, standardOutput: String, standardError: String) -> DriverLaunchError? {
        guard !FileManager.default.fileExists(atPath: reportURL.path) else { return nil }
        return .instructionsNotApplied(
            command: command, when: moment, releaseBuild: Self.isReleaseBuild(executable),
            standardOutput: standardOutput, standardError: standardError
        )
    }

    /// The error for a run that ended with status 0 without a report; `nil` for any other.
    func failure(afterExitOf run: DriverRun) -> DriverLaunchError? {
        guard run.exitStatus == 0, !run.terminatedBySignal, run.injectionReportData == nil else { return nil }
        return failure(.exited, standardOutput: run.standardOutput, standardError: run.standardError)
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
