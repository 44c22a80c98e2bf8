import Relay

/// `relay-demo`: prints the recipe of the day.
///
/// Exit statuses: 0 on success, 1 when dynamic injection fails (the positioned
/// diagnostics go to standard error and nothing to standard output) or a service fails,
/// 64 (`EX_USAGE`) for a bad option of the app's own.
struct RelayDemoCommand {
    /// The arguments after the program name.
    var arguments: [String]
    /// The process environment (`RELAY_DEPENDENCIES`, `RELAY_EXPLAIN`, …).
    var environment: [String: String]

    /// `EX_USAGE` from `sysexits.h`.
    static let usageStatus: Int32 = 64
    /// Instructions or services failed.
    static let failureStatus: Int32 = 1

    /// Runs the app and returns its exit status. Standard output is written only on
    /// success, in one piece.
    func run() -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions(parsing: CommandLine.withoutDependencyArguments(arguments))
        } catch {
            StandardStreams.error(["relay-demo: error: \(error)"])
            return Self.usageStatus
        }

        if options.help {
            StandardStreams.out(DemoUsage.lines())
            return 0
        }

        // The live implementations, then the instructions of the command line,
        // $RELAY_DEPENDENCIES and $RELAY_DEPENDENCIES_FILE or ./.relay — all of them, or
        // none when any is wrong. RELAY_EXPLAIN and RELAY_REPORT_PATH are answered here too.
        do {
            try DynamicDependencyRegistry.standard(index: .relayDemo, arguments: arguments, environment: environment).inject()
        } catch {
            StandardStreams.error([error.description])
            return Self.failureStatus
        }

        do {
            StandardStreams.out(try RecipeCard(options: options).render())
            return 0
        } catch {
            StandardStreams.error(["relay-demo: error: \(error)"])
            return Self.failureStatus
        }
    }

}
