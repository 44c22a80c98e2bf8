import Foundation

/// What the standard entry point hands to the outside after a successful
/// ``DynamicDependencyRegistry/inject()``, because the process's environment asked for it:
/// the JSON report for a driver (`RELAY_REPORT_PATH`), the index manifest for tools
/// (`RELAY_MANIFEST_PATH`, and with `RELAY_MANIFEST_ONLY` an exit right after it), and
/// the human report on standard error (`RELAY_EXPLAIN`).
///
/// Only ``DynamicDependencyRegistry/standard(index:policy:limits:arguments:environment:workingDirectory:)``
/// sets these; every other registry writes and prints nothing. With its policy off, only
/// `RELAY_EXPLAIN` is looked at, and it prints ``offLine(_:)`` — one fixed line that
/// echoes no instruction, because none was read.
struct InjectionOutputs: Sendable {
    /// `RELAY_EXPLAIN`: set to anything but empty or `0`, prints the report to standard error.
    static let explainVariable = "RELAY_EXPLAIN"

    /// With the policy off and `RELAY_EXPLAIN` set: the one line printed instead of the
    /// report (and nothing is written).
    var offNotice: String?
    /// Writes text (with its line ends) to standard error (``LibraryWarning/writeAsked(_:)``).
    var writeError: @Sendable (String) -> Void = { LibraryWarning.writeAsked($0) }

    /// What a registry whose `policy` is off answers: only `RELAY_EXPLAIN`, with
    /// ``offLine(_:)``; `nil` when it is not set (then nothing is printed at all).
    init?(policyOff policy: DynamicInjectionPolicy, environment: [String: String]) {
        guard Self.isOn(Self.explainVariable, in: environment) else { return nil }
        offNotice = Self.offLine(policy)
    }

    /// Whether `variable` is set to anything but empty or `0`.
    private static func isOn(_ variable: String, in environment: [String: String]) -> Bool {
        guard let value = environment[variable] else { return false }
        return !value.isEmpty && value != "0"
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

    #if !RELAY_DRIVABLE
    /// Prints ``offNotice``, when `RELAY_EXPLAIN` asked for it.
    func deliver(_ report: DynamicInjectionReport) {
        if let offNotice { writeError(offNotice) }
    }
    #else
    /// `RELAY_REPORT_PATH`: where a driver wants the JSON ``DynamicInjectionReport``.
    static let reportVariable = "RELAY_REPORT_PATH"
    /// `RELAY_MANIFEST_PATH`: where a tool wants the index's ``DynamicDependencyIndex/Manifest``.
    static let manifestVariable = "RELAY_MANIFEST_PATH"
    /// `RELAY_MANIFEST_ONLY`: set to anything but empty or `0`, the program exits (status
    /// 0) right after writing the manifest — so exporting it returns for a server too.
    static let manifestOnlyVariable = "RELAY_MANIFEST_ONLY"

    /// The report file, as named in the environment, and where it is on disk.
    var report: (name: String, url: URL)?
    /// The manifest file, as named in the environment, and where it is on disk.
    var manifest: (name: String, url: URL)?
    /// Whether to print the report to standard error.
    var explain = false
    /// Whether to end the process once the manifest is written (`RELAY_MANIFEST_ONLY`).
    var manifestOnly = false
    /// Ends the process with a status; replaced in tests.
    var exitProcess: @Sendable (Int32) -> Void = { exit($0) }

    /// What `environment` asks for; relative paths are resolved against `workingDirectory`.
    init(environment: [String: String], workingDirectory: String) {
        func file(_ variable: String) -> (String, URL)? {
            guard let path = environment[variable], !path.isEmpty else { return nil }
            let base = URL(fileURLWithPath: workingDirectory, isDirectory: true)
            return (path, path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
        }
        report = file(Self.reportVariable)
        manifest = file(Self.manifestVariable)
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
        if let offNotice {
            writeError(offNotice)
            return
        }
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
