#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
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
    public static let defaultVariable = StandardInstructionPlaces.dependenciesVariable
    /// `RELAY_DEPENDENCIES_FILE`, the variable that names a `.relay` file; see
    /// ``ConfigFileInstructionSource/standard(environment:workingDirectory:)``.
    public static let fileVariable = StandardInstructionPlaces.dependenciesFileVariable

    /// The variable's name, without `$`.
    public let variable: String
    /// The variable's value when the source was created, or `nil` if it was unset.
    let value: String?
    /// The value's bytes, when it came from the process's environment.
    let rawValue: [UInt8]?

    /// `$` followed by the variable's name, e.g. `$RELAY_DEPENDENCIES`.
    public var name: String { "$" + variable }

    /// Creates a source for `variable`, taking its value from `environment` now.
    ///
    /// - Parameters:
    ///   - environment: The variables; defaults to the process environment.
    ///   - variable: The variable's name, without `$`.
    public init(
        environment: [String: String] = ProcessEnvironment.all(),
        variable: String = EnvironmentInstructionSource.defaultVariable
    ) {
        self.variable = variable
        self.value = environment[variable]
        // From the process's own environment, keep the bytes too: a value that is not UTF-8
        // is then reported at its bad byte rather than parsed with U+FFFD in its place.
        self.rawValue = value != nil && value == ProcessEnvironment.value(variable)
            ? ProcessEnvironment.bytes(variable)
            : nil
    }

    /// Parses the variable's value.
    ///
    /// - Returns: The instructions in list order; none if the variable is unset or empty.
    /// - Throws: ``DynamicInjectionError`` with every problem found: a value over
    ///   ``InstructionSourceLimits/maxBytes`` (one error), a syntax error in any segment
    ///   (including NUL and other control characters, reported at their segment and
    ///   column), more than ``InstructionSourceLimits/maxInstructions`` instructions, and
    ///   every duplicate (scope, type, tag).
    public func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        guard let value else { return [] }
        if let rawValue, let bad = UTF8Validation.firstInvalidByte(in: rawValue) {
            // Position the byte as the list parser counts: segment, then column within it.
            let before = String(decoding: rawValue, as: UTF8.self).unicodeScalars.prefix(bad.column - 1)
            let segments = InstructionText.segments(of: InstructionText.string(before))
            let origin = InstructionOrigin.environment(variable: variable, segment: segments.count, column: (segments.last?.count ?? 0) + 1)
            throw DynamicInjectionError(diagnostics: [.error("invalid UTF-8 byte \(UTF8Validation.hex(bad.byte)); set the variable to UTF-8 text", at: origin)])
        }
        // The value is already valid Unicode; the list parser enforces the size limit, and
        // the instruction parser rejects every unescaped control character (NUL included)
        // at its segment and column, so no separate byte decoding is needed.
        let result = InstructionText.parseInstructionList(value, variable: variable, limits: context.limits)
        return try InstructionSourceParsing.finish(InstructionSourceReadResult(instructions: result.instructions, diagnostics: result.diagnostics))
    }
}

extension EnvironmentInstructionSource: AbsenceReporting {
    /// `not set` when the variable is unset.
    var absence: String? {
        value == nil ? "not set" : nil
    }
}
#endif
