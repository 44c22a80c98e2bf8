#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// A command line `relay` cannot run: an unknown command or option, or a missing argument.
package struct RelayUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown option '--jsn'`.
    package var message: String
    /// The command whose help explains the fix, or `nil` for `relay` as a whole.
    package var subcommand: RelaySubcommand?

    /// Creates an error.
    package init(_ message: String, subcommand: RelaySubcommand? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    /// Two lines: `relay: error: message` and where to find help.
    package var description: String {
        let command = subcommand.map { "relay \($0.rawValue)" } ?? "relay"
        return "relay: error: \(message)\nRun '\(command) --help' for usage."
    }
}
#endif
