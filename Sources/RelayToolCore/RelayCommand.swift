#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The `relay` command-line tool, runnable in-process.
///
/// ```swift
/// let status = RelayCommand.run(arguments: ["check", "config/ui.relay"], context: context)
/// ```
///
/// The executable's `main.swift` only wires the real process into a
/// ``RelayToolContext`` and exits with the returned status.
package enum RelayCommand {
    /// Runs one command line and returns the exit status (see ``RelayExitStatus``).
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name, e.g. `["check", "a.relay"]`.
    ///   - context: The environment, working directory, standard input and output streams.
    package static func run(arguments: [String], context: RelayToolContext) -> Int32 {
        let invocation: RelayInvocation
        do {
            invocation = try RelayToolArguments.parse(arguments)
        } catch {
            context.printError(error.description)
            return RelayExitStatus.usage
        }
        switch invocation {
        case .help(let command):
            context.output(RelayHelp.text(for: command))
            return RelayExitStatus.success
        case .check(let paths, let index):
            return CheckCommand(context: context).run(paths: paths, index: index)
        case .explain(let options):
            return ExplainCommand(context: context).run(options)
        case .format(let paths, let checkOnly):
            return FormatCommand(context: context).run(paths: paths, checkOnly: checkOnly)
        }
    }
}
#endif
