#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
#if os(macOS) || os(Linux)
import Foundation
import Relay

/// What one ``DriverLaunch/run()`` (or a ``RunningProgram`` once it ended) produced: everything the program wrote and how it
/// ended, and what its Relay bound.
///
/// ```swift
/// let run = try await DriverLaunch(.product("my-app"), arguments: ["--version"]).run()
/// #expect(run.exitStatus == 0, "\(run)")   // the description shows both streams
/// #expect(run.standardOutputLines == ["my-app 1.0"])
/// ```
public struct DriverRun: Sendable, Hashable, CustomStringConvertible {
    /// Everything the program wrote to standard output. Bytes that are not valid UTF-8
    /// are replaced with U+FFFD.
    public let standardOutput: String
    /// Everything the program wrote to standard error. Bytes that are not valid UTF-8
    /// are replaced with U+FFFD.
    public let standardError: String
    /// The program's exit status; when ``terminatedBySignal`` is `true`, the number of the
    /// signal that ended it instead (e.g. 9 for `SIGKILL`).
    public let exitStatus: Int32
    /// Whether a signal ended the program (it crashed, or something killed it) rather
    /// than an exit.
    public let terminatedBySignal: Bool
    /// The number of the signal that ended the program (e.g. `SIGTERM`, 15, or `SIGKILL`,
    /// 9), or `nil` when it exited by itself with ``exitStatus``.
    ///
    /// ```swift
    /// let run = await server.terminate()
    /// #expect(run.signal == nil, "the server should exit cleanly on SIGTERM: \(run)")
    /// ```
    public var signal: Int32? { terminatedBySignal ? exitStatus : nil }

    /// The JSON the program wrote to `RELAY_REPORT_PATH`; `nil` when it wrote none.
    let injectionReportData: Data?

    /// What the program's dynamic injection bound, and where each binding came from — the
    /// report its standard entry point (`DynamicDependencyRegistry.standard(index:).inject()`)
    /// wrote to the `RELAY_REPORT_PATH` that ``DriverLaunch`` set.
    ///
    /// ```swift
    /// let run = try await DriverLaunch(.product("my-app"), dependencies: stubs, channel: .environment).run()
    /// let report = try run.injectionReport()
    /// #expect(report.bindings.map(\.factory) == ["MyApp.BackendService.Stub"])
    /// #expect(report.bindings.first?.origin.description == "$RELAY_DEPENDENCIES:1:1")
    /// ```
    ///
    /// - Throws: ``DriverLaunchError/noInjectionReport(_:)`` when the program wrote none:
    ///   it never called `inject()` on a `standard()` registry, or injection failed (see
    ///   ``standardError``); a `DecodingError` when the file is not a report. (A program
    ///   whose policy is off writes a report saying so: its
    ///   `policy` is off, with the reason, and it has no binding.)
    public func injectionReport() throws -> DynamicInjectionReport {
        guard let injectionReportData else { throw DriverLaunchError.noInjectionReport(self) }
        return try JSONDecoder().decode(DynamicInjectionReport.self, from: injectionReportData)
    }

    /// ``standardOutput`` split at `"\n"`, without the empty string after a final newline.
    public var standardOutputLines: [String] { Self.lines(standardOutput) }

    /// ``standardError`` split at `"\n"`, without the empty string after a final newline.
    public var standardErrorLines: [String] { Self.lines(standardError) }

    /// How the program ended and both streams in full, for failure messages:
    ///
    /// ```text
    /// exit status 1
    /// --- standard output ---
    /// --- standard error ---
    /// argv[2]:22: error: unknown key 'factroy'; …
    /// ```
    public var description: String {
        let ending = terminatedBySignal ? "terminated by signal \(exitStatus)" : "exit status \(exitStatus)"
        return "\(ending)\n--- standard output ---\n\(Self.terminated(standardOutput))--- standard error ---\n\(Self.terminated(standardError))"
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text`, ending with a newline unless it is empty.
    static func terminated(_ text: String) -> String {
        text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}
#endif
#endif
