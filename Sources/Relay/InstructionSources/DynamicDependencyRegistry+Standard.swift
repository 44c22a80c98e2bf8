// Layer: InstructionSources — the command line, environment, .relay files and standard
// input, and the standard set-up that orders them. Uses DynamicInjection and below; not
// Overrides (a sibling).

/// The standard set-up of a live process: which sources, in which order.
extension DynamicDependencyRegistry {
    #if RELAY_DRIVABLE
    /// The standard sources of a live process, highest precedence first: the command line,
    /// `$RELAY_DEPENDENCIES`, then `$RELAY_DEPENDENCIES_FILE` or `./.relay`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process environment.
    ///   - workingDirectory: Where `./.relay` is looked for (never in parent directories).
    public static func standardSources(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessEnvironment.all(),
        workingDirectory: String = ProcessEnvironment.currentDirectory()
    ) -> [any DependencyInstructionSource] {
        // The process's own arguments keep their bytes, for positions of bytes that are not UTF-8.
        let raw = arguments == Array(CommandLine.arguments.dropFirst()) ? ProcessArguments.raw() : nil
        return standardSources(
            commandLine: CommandLineInstructionSource(arguments: arguments, rawArguments: raw, standardInput: StandardInputInstructionSource()),
            environment: environment,
            workingDirectory: workingDirectory
        )
    }

    /// The standard sources with the command line given: what a program launched with
    /// these arguments, this environment and this working directory would read — for a
    /// driver that checks a launch before it starts (its `-d -` reads the launch's own
    /// standard input, its `-d @path` the launch's working directory).
    package static func standardSources(
        commandLine: CommandLineInstructionSource,
        environment: [String: String],
        workingDirectory: String
    ) -> [any DependencyInstructionSource] {
        var sources: [any DependencyInstructionSource] = [
            commandLine,
            EnvironmentInstructionSource(environment: environment),
        ]
        if let file = ConfigFileInstructionSource.standard(environment: environment, workingDirectory: workingDirectory) {
            sources.append(file)
        }
        return sources
    }
    #endif

    /// The registry an app runs at start-up: the ``standardSources(arguments:environment:workingDirectory:)``
    /// of the live process, the given index, and the default policy (on in debug builds,
    /// off in release builds). With the policy off, nothing is examined — not the
    /// arguments, not `RELAY_DEPENDENCIES`, not even whether `./.relay` exists — but
    /// `RELAY_EXPLAIN`: when it is set, ``inject()`` prints one line to standard error,
    /// `Relay dynamic injection is off in this build (<the policy's reason>); no source was
    /// read. Opt in with DynamicDependencyRegistry.standard(policy: .enabled).`; and
    /// `RELAY_REPORT_PATH`, which gets the report ``inject()`` returns — its
    /// ``DynamicInjectionReport/policy`` off, with the reason, and no binding — so that a
    /// driver that passed instructions learns at once that none was applied.
    ///
    /// ```swift
    /// try DynamicDependencyRegistry.standard(index: .myApp).inject()
    /// ```
    ///
    /// When the policy is enabled, its ``inject()`` also answers these variables of
    /// `environment`, so that no app writes code for them (docs/configuration.md):
    ///
    /// - `RELAY_REPORT_PATH`: the JSON ``DynamicInjectionReport`` is written to this file
    ///   (atomically) after a successful injection, for a driver to assert on
    ///   (`DriverRun.injectionReport()` in RelayTesting reads it).
    /// - `RELAY_MANIFEST_PATH`: the index's ``DynamicDependencyIndex/Manifest`` is written
    ///   there, for `relay check --index`.
    /// - `RELAY_MANIFEST_ONLY`: anything but empty or `0` makes ``inject()`` exit the
    ///   process right after writing the manifest — status 0, or 1 when the file could not
    ///   be written (2 when `RELAY_MANIFEST_PATH` is unset) — so that exporting the manifest
    ///   returns for a server too:
    ///   `RELAY_MANIFEST_PATH=relay-manifest.json RELAY_MANIFEST_ONLY=1 swift run my-server`.
    /// - `RELAY_EXPLAIN`: anything but empty or `0` prints the report to standard error.
    ///
    /// And one more, for a driver that changes the program's stubs while it runs:
    ///
    /// - `RELAY_CONTROL`: names a **control file**, read at start-up above every other
    ///   source, then looked at every 100 ms (`RELAY_CONTROL_INTERVAL` milliseconds) on a
    ///   background queue and read again — one batch — each time a new version of it
    ///   appears (one rewritten in place once it has held still for 300 ms). Each batch is merged over what the other sources gave at
    ///   start-up, checked, and swapped in all or nothing; a bad batch changes nothing and is
    ///   reported. The report file is rewritten after every batch, with
    ///   ``DynamicInjectionReport/generation`` and ``DynamicInjectionReport/control``. See
    ///   docs/configuration.md, "The control channel".
    ///
    /// Relative paths are resolved against `workingDirectory`. With the policy off, only
    /// `RELAY_EXPLAIN` and `RELAY_REPORT_PATH` are read, for the line and the report above;
    /// no other file is written, and `RELAY_CONTROL`'s file is never looked at.
    public static func standard(
        index: DynamicDependencyIndex = .shared,
        policy: DynamicInjectionPolicy = .default,
        limits: InstructionSourceLimits = .default,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessEnvironment.all(),
        workingDirectory: String = ProcessEnvironment.currentDirectory()
    ) -> DynamicDependencyRegistry {
        let policy = policy.inThisBuild
        #if RELAY_DRIVABLE
        if policy.isEnabled {
            return reading(index: index, policy: policy, limits: limits, arguments: arguments, environment: environment, workingDirectory: workingDirectory)
        }
        #endif
        // Nothing is examined: not the sources, not RELAY_CONTROL or its file.
        var registry = DynamicDependencyRegistry(index: index, sources: [], policy: policy, limits: limits)
        registry.outputs = InjectionOutputs(policyOff: policy, environment: environment, workingDirectory: workingDirectory)
        return registry
    }

    /// `RELAY_CONTROL`: names the control file (docs/configuration.md, "The control channel").
    public static let controlVariable = "RELAY_CONTROL"

    #if RELAY_DRIVABLE
    /// ``standard(index:policy:limits:arguments:environment:workingDirectory:)`` with the
    /// policy on: the standard sources, the outputs and the control file.
    private static func reading(
        index: DynamicDependencyIndex,
        policy: DynamicInjectionPolicy,
        limits: InstructionSourceLimits,
        arguments: [String],
        environment: [String: String],
        workingDirectory: String
    ) -> DynamicDependencyRegistry {
        var registry = DynamicDependencyRegistry(
            index: index,
            sources: standardSources(arguments: arguments, environment: environment, workingDirectory: workingDirectory),
            policy: policy,
            limits: limits
        )
        registry.outputs = InjectionOutputs(environment: environment, workingDirectory: workingDirectory)
        registry.control = controlFile(environment: environment, workingDirectory: workingDirectory)
        return registry
    }

    /// `RELAY_CONTROL_INTERVAL`: how often the control file is looked at, in milliseconds
    /// (20 when unset).
    static let controlIntervalVariable = "RELAY_CONTROL_INTERVAL"

    /// The control file `RELAY_CONTROL` names, or every problem with the two variables;
    /// `nil` when `RELAY_CONTROL` is unset or empty. Looks at no file.
    static func controlFile(environment: [String: String], workingDirectory: String) -> Result<ControlFile, DynamicInjectionError>? {
        guard let path = environment[controlVariable], !path.isEmpty else { return nil }
        var problems: [RelayDiagnostic] = []
        if path == "-" {
            problems.append(.error("standard input is not a control channel: name a file instead (RELAY_CONTROL=control.relay), then replace that file to send each batch — written beside it and renamed over it", at: .custom(source: "$\(controlVariable)", line: nil, column: nil)))
        }
        var interval = ControlFile.defaultInterval
        if let text = environment[controlIntervalVariable], !text.isEmpty {
            if let value = Int(text), (1...ControlFile.maximumInterval).contains(value) {
                interval = value
            } else {
                problems.append(.error("\(UserText.quoted(text, limit: UserText.nameLimit)) is not a whole number of milliseconds from 1 to \(ControlFile.maximumInterval); unset it for the default, \(ControlFile.defaultInterval)", at: .custom(source: "$\(controlIntervalVariable)", line: nil, column: nil)))
            }
        }
        guard problems.isEmpty else { return .failure(DynamicInjectionError(diagnostics: problems)) }
        let file = ConfigFileInstructionSource(path: path, isRequired: false, workingDirectory: workingDirectory)
        let fileSystemPath = file.fileSystemPath
        return .success(ControlFile(path: path, interval: interval, file: file) { FileSignature(path: fileSystemPath) })
    }
    #endif
}
