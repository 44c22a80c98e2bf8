import Foundation

/// Thrown when an instruction source (a file, an environment variable, standard input or
/// the command line) cannot be used; carries every problem found, each with its position.
public struct InstructionSourceError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The problems, in source order. Never empty when thrown by Relay.
    public let diagnostics: [RelayDiagnostic]

    /// Creates an error from its diagnostics.
    public init(diagnostics: [RelayDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics' descriptions, one per line (notes on their own lines).
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// Same as ``description``, so `localizedDescription` shows the positioned messages.
    public var errorDescription: String? { description }
}
