/// A command line `relay` cannot run: an unknown command or option, or a missing argument.
public struct RelayUsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown option '--jsn'`.
    public var message: String
    /// The command whose help explains the fix, or `nil` for `relay` as a whole.
    public var subcommand: RelaySubcommand?

    /// Creates an error.
    public init(_ message: String, subcommand: RelaySubcommand? = nil) {
        self.message = message
        self.subcommand = subcommand
    }

    /// Two lines: `relay: error: message` and where to find help.
    public var description: String {
        let command = subcommand.map { "relay \($0.rawValue)" } ?? "relay"
        return "relay: error: \(message)\nRun '\(command) --help' for usage."
    }
}
