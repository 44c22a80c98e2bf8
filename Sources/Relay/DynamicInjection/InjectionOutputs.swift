#if RELAY_DRIVABLE // machinery: the JSON report and manifest files
import Foundation
#endif

/// What the standard entry point hands to the outside after a successful
/// ``DynamicDependencyRegistry/inject()``, because the process's environment asked for it:
/// the JSON report for a driver (`RELAY_REPORT_PATH`), the index manifest for tools
/// (`RELAY_MANIFEST_PATH`, and with `RELAY_MANIFEST_ONLY` an exit right after it), and
/// the human report on standard error (`RELAY_EXPLAIN`).
///
/// Only ``DynamicDependencyRegistry/standard(index:policy:limits:arguments:environment:workingDirectory:)``
/// sets these; every other registry writes and prints nothing. With its policy off, only
/// `RELAY_EXPLAIN` and `RELAY_REPORT_PATH` are looked at: the first prints ``offLine(_:)``
/// — one fixed line that echoes no instruction, because none was read — and the second
/// gets a report saying the policy is off, so that a driver that passed instructions
/// learns at once that none was applied, even from a server that never exits.
struct InjectionOutputs: Sendable {
    /// `RELAY_EXPLAIN`: set to anything but empty or `0`, prints the report to standard error.
    static let explainVariable = "RELAY_EXPLAIN"

    /// `RELAY_REPORT_PATH`: where a driver wants the JSON ``DynamicInjectionReport``.
    static let reportVariable = "RELAY_REPORT_PATH"

    /// With the policy off and `RELAY_EXPLAIN` set: the one line printed instead of the
    /// report.
    var offNotice: String?
    /// Writes text (with its line ends) to standard error (``LibraryWarning/writeAsked(_:)``).
    var writeError: @Sendable (String) -> Void = { LibraryWarning.writeAsked($0) }

    /// What a registry whose `policy` is off answers: `RELAY_EXPLAIN`, with
    /// ``offLine(_:)``, and `RELAY_REPORT_PATH`, with a report whose policy is off and
    /// which binds nothing; `nil` when neither is set (then nothing is printed or written).
    init?(policyOff policy: DynamicInjectionPolicy, environment: [String: String], workingDirectory: String) {
        let explain = Self.isOn(Self.explainVariable, in: environment)
        let reportPath = Self.value(of: Self.reportVariable, in: environment)
        guard explain || reportPath != nil else { return nil }
        if explain { offNotice = Self.offLine(policy) }
        #if RELAY_DRIVABLE
        report = Self.file(Self.reportVariable, in: environment, workingDirectory: workingDirectory)
        #else
        offReport = reportPath
        #endif
    }

    /// Whether `variable` is set to anything but empty or `0`.
    private static func isOn(_ variable: String, in environment: [String: String]) -> Bool {
        value(of: variable, in: environment).map { $0 != "0" } ?? false
    }

    /// `variable`'s value, unless it is unset or empty.
    private static func value(of variable: String, in environment: [String: String]) -> String? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// The line `RELAY_EXPLAIN` prints when the policy is off, ending with a line feed:
    ///
    /// ```
    /// Relay dynamic injection is off in this build (disabled by default in release builds; opt in with policy: .enabled); no source was read. Opt in with DynamicDependencyRegistry.standard(policy: .enabled).
    /// ```
    ///
    /// The reason is the policy's own (escaped, so the line stays one line). A release
    /// build without dynamic injection cannot opt in at run time; its reason says how to
    /// build one that can.
    static func offLine(_ policy: DynamicInjectionPolicy) -> String {
        #if RELAY_DRIVABLE
        "Relay dynamic injection is off in this build (\(UserText.escaped(policy.reason))); no source was read. " +
            "Opt in with DynamicDependencyRegistry.standard(policy: .enabled).\n"
        #else
        "Relay dynamic injection is off in this build (\(UserText.escaped(policy.reason))); no source was read.\n"
        #endif
    }

    /// The report of a release build compiled without dynamic injection, as JSON, for
    /// `RELAY_REPORT_PATH`: `policy` (off), no source, no binding, nothing applied — the
    /// report ``DynamicDependencyRegistry/inject()`` returns in such a build. Fixed text
    /// rather than an encoder, so that such a build carries no JSON encoding: `policy`'s
    /// reason is then always one of two fixed sentences (``DynamicInjectionPolicy/inThisBuild``),
    /// with nothing JSON would escape; a test decodes both.
    static func offReportJSON(_ policy: DynamicInjectionPolicy) -> String {
        #"{"bindings":[],"generation":0,"isApplied":false,"policy":{"isEnabled":false,"reason":""#
            + policy.reason + #""},"sources":[]}"# + "\n"
    }

    #if !RELAY_DRIVABLE
    /// With `RELAY_REPORT_PATH` set: where to write ``offReportJSON(_:)``, as given (a
    /// relative path is resolved against the process's current directory — a driver names
    /// an absolute one). Kept apart from the drivable builds' file handling so that a
    /// release app carries as little as it can.
    var offReport: String?

    /// Prints ``offNotice`` and writes ``offReportJSON(_:)`` (atomically), as the
    /// environment asked; a file that cannot be written is a warning naming the variable
    /// (one fixed line: a release app carries no more than it must).
    func deliver(_ report: DynamicInjectionReport) {
        if let offNotice { writeError(offNotice) }
        guard let offReport else { return }
        if !FileReplacement.replace(offReport, with: Self.offReportJSON(report.policy)) {
            writeError("$RELAY_REPORT_PATH: warning: cannot write the injection report to the file it names\n")
        }
    }
    #else
    /// The report file, as named in the environment, and where it is on disk.
    var report: (name: String, url: URL)?
    /// `RELAY_MANIFEST_PATH`: where a tool wants the index's ``DynamicDependencyIndex/Manifest``.
    static let manifestVariable = "RELAY_MANIFEST_PATH"
    /// `RELAY_MANIFEST_ONLY`: set to anything but empty or `0`, the program exits (status
    /// 0) right after writing the manifest — so exporting it returns for a server too.
    static let manifestOnlyVariable = "RELAY_MANIFEST_ONLY"

    /// The manifest file, as named in the environment, and where it is on disk.
    var manifest: (name: String, url: URL)?
    /// Whether to print the report to standard error.
    var explain = false
    /// Whether to end the process once the manifest is written (`RELAY_MANIFEST_ONLY`).
    var manifestOnly = false
    /// Ends the process with a status; replaced in tests.
    var exitProcess: @Sendable (Int32) -> Void = { exit($0) }

    /// The file `variable` names, as named and resolved against `workingDirectory`; `nil`
    /// when it is unset or empty.
    private static func file(_ variable: String, in environment: [String: String], workingDirectory: String) -> (name: String, url: URL)? {
        guard let path = value(of: variable, in: environment) else { return nil }
        let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        return (path, path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
    }

    /// What `environment` asks for; relative paths are resolved against `workingDirectory`.
    init(environment: [String: String], workingDirectory: String) {
        report = Self.file(Self.reportVariable, in: environment, workingDirectory: workingDirectory)
        manifest = Self.file(Self.manifestVariable, in: environment, workingDirectory: workingDirectory)
        explain = Self.isOn(Self.explainVariable, in: environment)
        manifestOnly = Self.isOn(Self.manifestOnlyVariable, in: environment)
    }

    /// Writes the files and prints the report, as asked. A file that cannot be written is
    /// reported on standard error (the variable asked for output, and nobody else would
    /// say why it is missing); it does not undo the injection.
    ///
    /// With `RELAY_MANIFEST_ONLY`, the process then exits: status 0 once the manifest is
    /// written; 1, after the warning, when it could not be; 2, with an error naming the
    /// fix, when `RELAY_MANIFEST_PATH` is not set.
    func deliver(_ report: DynamicInjectionReport, index: DynamicDependencyIndex) {
        // With the policy off: the off line, and the report file (which says it is off).
        if let offNotice { writeError(offNotice) }
        if let (name, url) = self.report {
            write(name, variable: Self.reportVariable, to: url, what: "injection report") { try Self.json(report) }
        }
        var manifestWritten = false
        if let (name, url) = manifest {
            manifestWritten = write(name, variable: Self.manifestVariable, to: url, what: "index manifest") { try index.manifest().jsonData() }
        }
        if explain {
            writeError(report.description + "\n")
        }
        if manifestOnly {
            if manifest == nil {
                writeError("$\(Self.manifestOnlyVariable): error: no manifest to write and exit after: set \(Self.manifestVariable) to the file to write, "
                    + "e.g. \(Self.manifestVariable)=relay-manifest.json \(Self.manifestOnlyVariable)=1\n")
            }
            exitProcess(manifest == nil ? 2 : manifestWritten ? 0 : 1)
        }
    }

    /// After a control batch was applied: rewrites the report file (not the manifest, which
    /// cannot have changed) and prints the report, as asked.
    func deliverBatch(_ report: DynamicInjectionReport) {
        if let (name, url) = self.report {
            write(name, variable: Self.reportVariable, to: url, what: "injection report") { try Self.json(report) }
        }
        if explain {
            writeError(report.description + "\n")
        }
    }

    /// After a control batch was rejected: rewrites the report file, whose bindings are
    /// still those in force and whose ``DynamicInjectionReport/Control/rejection`` says
    /// why, and prints the problems for `RELAY_EXPLAIN`:
    ///
    /// ```
    /// Relay control batch 2 from control.relay rejected; the bindings of generation 1 stay in force:
    /// control.relay:1:1: error: unknown factory key …
    /// ```
    func deliverRejection(_ report: DynamicInjectionReport) {
        if let (name, url) = self.report {
            write(name, variable: Self.reportVariable, to: url, what: "injection report") { try Self.json(report) }
        }
        if explain, let control = report.control, let rejection = control.rejection {
            writeError("Relay control batch \(rejection.batch) from \(UserText.escaped(control.channel)) rejected; the bindings of generation \(report.generation) stay in force:\n\(rejection.error)\n")
        }
    }

    /// The report as pretty-printed JSON with sorted keys, ending with a line feed.
    static func json(_ report: DynamicInjectionReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report) + Data("\n".utf8)
    }

    /// Writes one file; returns whether it could. On failure, warns naming the variable and
    /// the path as given. The path and the system's error text (which repeats the path) are
    /// escaped (``UserText``): either may hold any character the environment did.
    @discardableResult
    private func write(_ name: String, variable: String, to url: URL, what: String, data: () throws -> Data) -> Bool {
        do {
            try data().write(to: url, options: .atomic)
            return true
        } catch {
            writeError("$\(variable): warning: cannot write the \(what) to \(UserText.escaped(name, limit: nil)): \(UserText.escaped(error.localizedDescription, limit: nil))\n")
            return false
        }
    }
    #endif
}
