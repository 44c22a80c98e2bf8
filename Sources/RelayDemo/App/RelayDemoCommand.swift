import Relay

/// `relay-demo`: prints the recipe of the day.
///
/// Exit statuses: 0 on success, 1 when dynamic injection fails (the positioned
/// diagnostics go to standard error and nothing to standard output) or a service fails,
/// 64 (`EX_USAGE`) for a bad option of the app's own.
struct RelayDemoCommand {
    /// The arguments after the program name.
    var arguments: [String]
    /// The process environment (for `RELAY_EXPLAIN`).
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

        DemoStartup.prepare()
        if options.help {
            StandardStreams.out(DemoUsage.lines(index: .shared))
            return 0
        }

        let report: DynamicInjectionReport
        do {
            report = try DemoStartup.inject()
        } catch {
            StandardStreams.error([error.description])
            return Self.failureStatus
        }
        if options.explain || isExplainRequested {
            StandardStreams.error([report.description])
        }

        do {
            StandardStreams.out(try RecipeCard(options: options).render())
            return 0
        } catch {
            StandardStreams.error(["relay-demo: error: \(error)"])
            return Self.failureStatus
        }
    }

    /// `RELAY_EXPLAIN` set to anything but empty or `0`.
    private var isExplainRequested: Bool {
        guard let value = environment["RELAY_EXPLAIN"] else { return false }
        return !value.isEmpty && value != "0"
    }
}
