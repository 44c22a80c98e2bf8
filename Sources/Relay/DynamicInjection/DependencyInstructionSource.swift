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
/// (scope, type, tag) inside itself as an error (the registry does the same for any source
/// when it merges); a source of your own gets the same parsing, checks and messages from
/// ``InstructionSourceParsing``:
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
    /// - Throws: ``DynamicInjectionError`` with every positioned problem found. A source
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

/// A source that can say why it had nothing to read (`not set`, `no -d`, `does not
/// exist`), for the report. Relay's own sources adopt it.
protocol AbsenceReporting {
    /// Why the source holds nothing, or `nil` when it is there.
    var absence: String? { get }
}
