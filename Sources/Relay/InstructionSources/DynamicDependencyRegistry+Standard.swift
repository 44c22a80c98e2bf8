// Layer: InstructionSources — the command line, environment, .relay files and standard
// input, and the standard set-up that orders them. Uses DynamicInjection and below; not
// Overrides (a sibling).

import Foundation

/// The standard set-up of a live process: which sources, in which order.
extension DynamicDependencyRegistry {
    /// The standard sources of a live process, highest precedence first: the command line,
    /// `$RELAY_DEPENDENCIES`, then `$RELAY_DEPENDENCIES_FILE` or `./.relay`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process environment.
    ///   - workingDirectory: Where `./.relay` is looked for (never in parent directories).
    public static func standardSources(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [any DependencyInstructionSource] {
        standardSources(arguments: arguments, environment: environment, workingDirectory: workingDirectory, standardInput: StandardInputInstructionSource())
    }

    /// ``standardSources(arguments:environment:workingDirectory:)`` with `-d -` read through
    /// `standardInput` (the first batch only, for `RELAY_CONTROL=-`).
    static func standardSources(
        arguments: [String],
        environment: [String: String],
        workingDirectory: String,
        standardInput: StandardInputInstructionSource
    ) -> [any DependencyInstructionSource] {
        // The process's own arguments keep their bytes, for positions of bytes that are not UTF-8.
        let raw = arguments == Array(CommandLine.arguments.dropFirst()) ? ProcessArguments.raw() : nil
        var sources: [any DependencyInstructionSource] = [
            CommandLineInstructionSource(arguments: arguments, rawArguments: raw, standardInput: standardInput),
            EnvironmentInstructionSource(environment: environment),
        ]
        if let file = ConfigFileInstructionSource.standard(environment: environment, workingDirectory: workingDirectory) {
            sources.append(file)
        }
        return sources
    }

    /// The registry an app runs at start-up: the ``standardSources(arguments:environment:workingDirectory:)``
    /// of the live process, the given index, and the default policy (on in debug builds,
    /// off in release builds). With the policy off, nothing is examined — not the
    /// arguments, not `RELAY_DEPENDENCIES`, not even whether `./.relay` exists — but
    /// `RELAY_EXPLAIN`: when it is set, ``inject()`` prints one line to standard error,
    /// `Relay dynamic injection is off in this build (<the policy's reason>); no source was
    /// read. Opt in with DynamicDependencyRegistry.standard(policy: .enabled).`
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
    /// - `RELAY_EXPLAIN`: anything but empty or `0` prints the report to standard error.
    ///
    /// And one more, for a driver that changes the program's stubs while it runs:
    ///
    /// - `RELAY_CONTROL`: a path names a **control file**, read at start-up above every
    ///   other source and then again each time it changes (watched with inotify, kqueue or
    ///   polling, on a background queue); `-` reads further batches from standard input,
    ///   each ended by a line `---` (`-d -` then reads only the first). Each batch is merged
    ///   over what the other sources gave at start-up, checked, and swapped in all or
    ///   nothing; a bad batch changes nothing and is reported. The report file is rewritten
    ///   after every batch, with ``DynamicInjectionReport/generation`` and
    ///   ``DynamicInjectionReport/control``. See docs/configuration.md, "The control channel".
    ///
    /// Relative paths are resolved against `workingDirectory`. With the policy off, only
    /// `RELAY_EXPLAIN` is read, for the line above; no file is written, and `RELAY_CONTROL`'s
    /// file or standard input is never examined.
    public static func standard(
        index: DynamicDependencyIndex = .shared,
        policy: DynamicInjectionPolicy = .default,
        limits: InstructionSourceLimits = .default,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> DynamicDependencyRegistry {
        guard policy.isEnabled else {
            // Nothing is examined: not the sources, not RELAY_CONTROL's file or standard input.
            var registry = DynamicDependencyRegistry(index: index, sources: [], policy: policy, limits: limits)
            registry.outputs = InjectionOutputs(policyOff: policy, environment: environment)
            return registry
        }
        let control = controlChannel(environment: environment, workingDirectory: workingDirectory)
        let standardInput = (control as? StandardInputControlChannel).map { StandardInputInstructionSource(reader: $0.batches.firstBatchReader()) }
        var registry = DynamicDependencyRegistry(
            index: index,
            sources: standardSources(arguments: arguments, environment: environment, workingDirectory: workingDirectory,
                                     standardInput: standardInput ?? StandardInputInstructionSource()),
            policy: policy,
            limits: limits
        )
        registry.outputs = InjectionOutputs(environment: environment, workingDirectory: workingDirectory)
        registry.control = control
        return registry
    }

    /// `RELAY_CONTROL`: names the control file, or `-` for standard input
    /// (docs/configuration.md, "The control channel").
    public static let controlVariable = "RELAY_CONTROL"
    /// `RELAY_CONTROL_WATCH`: `poll` makes the control file be polled even where the
    /// platform can watch it.
    public static let controlWatchVariable = "RELAY_CONTROL_WATCH"

    /// The channel `RELAY_CONTROL` asks for, if any. Creating it examines nothing.
    static func controlChannel(environment: [String: String], workingDirectory: String) -> (any ControlChannel)? {
        guard let value = environment[controlVariable], !value.isEmpty else { return nil }
        if value == "-" { return StandardInputControlChannel(batches: StandardInputBatches()) }
        return ControlFileChannel(path: value, workingDirectory: workingDirectory, polls: environment[controlWatchVariable] == "poll")
    }
}
