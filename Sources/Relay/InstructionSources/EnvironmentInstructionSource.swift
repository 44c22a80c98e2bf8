import Foundation

/// Reads instructions from an environment variable, `RELAY_DEPENDENCIES` by default.
///
/// ```sh
/// RELAY_DEPENDENCIES='type=MyApp.Backend,factory=MyApp.Backend.Stub;type=MyApp.Clock,factory=MyApp.Clock.Fixed'
/// ```
///
/// The value is a list: instructions separated by an unescaped `;` or a line end, blank
/// segments skipped but counted. Origins are
/// ``InstructionOrigin/environment(variable:segment:column:)``, so messages read
/// `$RELAY_DEPENDENCIES:2:7: error: …` (segment 2, column 7). An unset variable gives no
/// instructions; so does an empty one.
///
/// Only the variable's value is kept, not the rest of the environment.
public struct EnvironmentInstructionSource: DependencyInstructionSource {
    /// `RELAY_DEPENDENCIES`, the variable read by default.
    public static let defaultVariable = "RELAY_DEPENDENCIES"
    /// `RELAY_DEPENDENCIES_FILE`, the variable that names a `.relay` file; see
    /// ``ConfigFileInstructionSource/standard(environment:workingDirectory:)``.
    public static let fileVariable = "RELAY_DEPENDENCIES_FILE"

    /// The variable's name, without `$`.
    public let variable: String
    /// The variable's value when the source was created, or `nil` if it was unset.
    let value: String?

    /// `$` followed by the variable's name, e.g. `$RELAY_DEPENDENCIES`.
    public var name: String { "$" + variable }

    /// Creates a source for `variable`, taking its value from `environment` now.
    ///
    /// - Parameters:
    ///   - environment: The variables; defaults to the process environment.
    ///   - variable: The variable's name, without `$`.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        variable: String = EnvironmentInstructionSource.defaultVariable
    ) {
        self.variable = variable
        self.value = environment[variable]
    }

    /// Parses the variable's value.
    ///
    /// - Returns: The instructions in list order; none if the variable is unset or empty.
    /// - Throws: ``DynamicInjectionError`` with every problem found: a value over
    ///   ``InstructionSourceLimits/maxBytes`` (one error), a syntax error in any segment
    ///   (including NUL and other control characters, reported at their segment and
    ///   column), more than ``InstructionSourceLimits/maxInstructions`` instructions, and
    ///   every duplicate (scope, type) pair.
    public func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        guard let value else { return [] }
        // The value is already valid Unicode; the list parser enforces the size limit, and
        // the instruction parser rejects every unescaped control character (NUL included)
        // at its segment and column, so no separate byte decoding is needed.
        let result = InstructionText.parseInstructionList(value, variable: variable, limits: context.limits)
        return try InstructionSourceParsing.finish(result, sourceName: name)
    }
}

extension EnvironmentInstructionSource: AbsenceReporting {
    /// `not set` when the variable is unset.
    var absence: String? {
        value == nil ? "not set" : nil
    }
}
