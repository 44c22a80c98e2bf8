extension CommandLine {
    /// The arguments for your app's own parser: `arguments` without the ones Relay reads.
    ///
    /// Removes exactly the arguments ``CommandLineInstructionSource`` reads — each `-d` or
    /// `--dependency` flag with its value, in every form that source accepts (`-d VALUE`,
    /// `--dependency VALUE`, `--dependency=VALUE`) — as that source finds them: a `-d`
    /// followed by another flag (`-d --verbose`) loses only the `-d` (Relay reports it as
    /// missing its instruction), and from a `--` argument on nothing is removed, `--`
    /// included, so your parser still sees where its operands start. Everything else keeps
    /// its order.
    ///
    /// ```swift
    /// // my-app --verbose -d type=MyApp.Clock,factory=MyApp.Clock.Fixed input.txt
    /// try DynamicDependencyRegistry.standard(index: .myApp).inject()
    /// let options = try MyOptions.parse(CommandLine.withoutDependencyArguments())
    /// // MyOptions sees ["--verbose", "input.txt"]
    /// ```
    ///
    /// - Parameter arguments: The arguments **without** the program name, e.g.
    ///   `Array(CommandLine.arguments.dropFirst())` or the arguments a test passes.
    /// - Returns: The arguments that are not Relay's, without the program name.
    public static func withoutDependencyArguments(_ arguments: [String]) -> [String] {
        withoutDependencyArguments(arguments, warning: nil)
    }

    /// The process's own arguments for your app's own parser: `CommandLine.arguments`
    /// without the program name and without the arguments Relay reads (see
    /// ``withoutDependencyArguments(_:)``).
    ///
    /// ```swift
    /// try DynamicDependencyRegistry.standard(index: .myApp).inject()
    /// let options = CommandLine.withoutDependencyArguments()   // your own flags, without -d …
    /// ```
    ///
    /// A parser that reads the program name first, such as Vapor's
    /// `Environment.detect(arguments:)`, gets it back in front:
    ///
    /// ```swift
    /// var env = try Environment.detect(arguments: [CommandLine.arguments[0]] + CommandLine.withoutDependencyArguments())
    /// ```
    ///
    /// **Call it after `inject()`.** It only removes the arguments; reading them is
    /// `inject()`'s job. In a debug build, when it removes `-d` arguments before any
    /// ``DynamicDependencyRegistry/inject()`` or ``DynamicDependencyRegistry/registerDependencies()``
    /// of the process has run, the instructions would be dropped unread and the live
    /// dependencies would run, so it writes one warning to standard error, once per
    /// process, naming the fix:
    ///
    /// ```text
    /// Relay: warning: CommandLine.withoutDependencyArguments() removed '-d' 'type=MyApp.Clock,factory=MyApp.Clock.Fixed', but no DynamicDependencyRegistry has injected in this process, so these instructions were not applied and the live dependencies run; call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before withoutDependencyArguments() (printed once, in debug builds only)
    /// ```
    ///
    /// Release builds (where ``DynamicInjectionPolicy/default`` is off) never print it:
    /// there, no instruction is read anyway. A program that deliberately parses its own
    /// options before injecting (to answer `--help` without injecting) passes the
    /// arguments explicitly to ``withoutDependencyArguments(_:)``, which never warns.
    ///
    /// - Returns: The process's arguments that are not Relay's, without the program name.
    public static func withoutDependencyArguments() -> [String] {
        withoutDependencyArguments(Array(CommandLine.arguments.dropFirst()), warning: .standard)
    }

    /// ``withoutDependencyArguments(_:)``, and with a `warning` for `-d` arguments no
    /// `inject()` has read.
    static func withoutDependencyArguments(_ arguments: [String], warning: UnreadDependencyArgumentsWarning?) -> [String] {
        let relays = DependencyArgumentScanner.dependencyArgumentIndices(arguments)
        if let warning, !relays.isEmpty {
            warning.check(removed: relays.sortedStably().map { arguments[$0] })
        }
        return arguments.indices.filter { !relays.contains($0) }.map { arguments[$0] }
    }
}

/// The warning for `withoutDependencyArguments()` removing `-d` arguments that no
/// `inject()` has read, so a driver's stubs were silently dropped and the live
/// dependencies run (see ``CommandLine/withoutDependencyArguments()``).
///
/// A ``LibraryWarning``: standard error, debug builds only, once per process. The program
/// is being driven with instructions it ignores, which a developer must hear about, but
/// stopping the program (an assertion) would be too much for a mistake in start-up order,
/// and the function's result (the app's own arguments) has no room for it.
struct UnreadDependencyArgumentsWarning: Sendable {
    /// Whether an `inject()` has run in this process.
    var hasInjected: @Sendable () -> Bool

    /// The process's own.
    static let standard = UnreadDependencyArgumentsWarning(hasInjected: { ForgottenInject.hasInjected.withLock { $0 } })

    /// Writes ``message(removed:)`` unless an `inject()` has run.
    func check(removed: [String]) {
        guard LibraryWarning.isEnabled, !hasInjected() else { return }
        LibraryWarning.warn(Self.message(removed: removed), once: "unread dependency arguments")
    }

    /// The warning for the removed arguments `removed` (the first four quoted, each cut at
    /// 120 characters), ending with a line feed.
    static func message(removed: [String]) -> String {
        let shown = removed.prefix(4).map { UserText.quoted($0, limit: UserText.nameLimit) }.joined(separator: " ") + (removed.count > 4 ? " …" : "")
        return "Relay: warning: CommandLine.withoutDependencyArguments() removed \(shown), but no DynamicDependencyRegistry has injected in this process, "
            + "so these instructions were not applied and the live dependencies run; "
            + "call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before withoutDependencyArguments() (printed once, in debug builds only)\n"
    }
}
