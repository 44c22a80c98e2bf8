/// A place dynamic-injection instructions come from: the command line, an environment
/// variable, a `.relay` file, standard input — or anything an app adds (a plist, a
/// defaults key).
///
/// A ``DynamicDependencyRegistry`` reads its sources in order, highest precedence first,
/// and merges what they return: for the same scope and type, the earlier source's
/// instruction wins whole. A source that is absent (an unset variable, a missing
/// optional file) returns no instructions rather than throwing.
///
/// Relay's own sources are ``CommandLineInstructionSource``,
/// ``EnvironmentInstructionSource``, ``ConfigFileInstructionSource`` and
/// ``StandardInputInstructionSource``. Each reports two instructions for the same
/// (scope, type) inside itself as an error; a source of your own gets the same checks
/// and messages from ``InstructionSourceParsing``:
///
/// ```swift
/// struct DefaultsSource: DependencyInstructionSource {
///     var name: String { "UserDefaults[relay]" }
///     func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
///         guard let text = UserDefaults.standard.string(forKey: "relay") else { return [] }
///         return try InstructionSourceParsing.parseRelayText(text, source: name, context: context)
///     }
/// }
/// ```
public protocol DependencyInstructionSource: Sendable {
    /// Names the source in reports and diagnostics (`$RELAY_DEPENDENCIES`, `config/ui.relay`).
    var name: String { get }

    /// Returns every instruction the source holds, each with its origin, in source order.
    ///
    /// - Throws: ``InstructionSourceError`` with every positioned problem found. A source
    ///   should report all the problems it can find, not only the first.
    func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction]
}

/// What a source needs from the pipeline while it reads.
public struct InstructionReadContext: Sendable {
    /// Size and count limits every source must enforce.
    public var limits: InstructionSourceLimits

    /// Creates a context with the given limits.
    public init(limits: InstructionSourceLimits = .default) {
        self.limits = limits
    }
}
