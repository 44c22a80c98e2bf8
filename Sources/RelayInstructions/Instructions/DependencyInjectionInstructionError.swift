import RelayContainer
import Foundation

/// Why an instruction's text could not be parsed — Relay 0.3's cases, plus one for the
/// problems of the grammar that 0.3 did not have (escapes, brackets, control characters).
///
/// ``DependencyInjectionInstruction/init(parsing:)`` throws it. The injection pipeline
/// reports the same problems as positioned diagnostics in a ``DynamicInjectionError``,
/// with a column and a fix, so most code never sees this type.
///
/// ```swift
/// do {
///     _ = try DependencyInjectionInstruction(parsing: "factory=MyApp.Backend.Stub")
/// } catch DependencyInjectionInstructionError.missingType {
///     print("no type= in the instruction")
/// } catch {
///     print(error)   // column N: … for the rest
/// }
/// ```
public enum DependencyInjectionInstructionError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// A `key=value` pair is malformed — no `=`, an empty key or value, a key given twice,
    /// an unescaped `=` inside a value, an invalid lifecycle; the pair as written.
    case malformattedDependencyParameter(String)
    /// A pair's key is not `type`, `factory`, `scope` or `lifecycle`; the pair as written.
    case unrecognizedParameter(String)
    /// The instruction has no `type=`.
    case missingType
    /// The instruction has no `factory=`.
    case missingFactory
    /// A `-d` or `--dependency` flag had no instruction after it (Relay 0.3's argument
    /// parser threw it; Relay's reports that case as a positioned diagnostic).
    case missingDependencyIdentifier
    /// A problem of Relay's grammar that 0.3 had no case for — an invalid escape, an
    /// unclosed bracket, a control character — with the message and the 1-based column
    /// (in Unicode scalars) where it is.
    case invalidInstruction(message: String, column: Int)

    /// What is wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case let .malformattedDependencyParameter(pair): "malformed pair \(UserText.quoted(pair))"
        case let .unrecognizedParameter(pair): "unknown key in \(UserText.quoted(pair))"
        case .missingType: "the instruction has no type="
        case .missingFactory: "the instruction has no factory="
        case .missingDependencyIdentifier: "-d has no instruction after it"
        case let .invalidInstruction(message, column): "column \(column): \(message)"
        }
    }

    /// How to write the instruction instead.
    public var recoverySuggestion: String? {
        "write the instruction as type=<type>,factory=<factory>[,scope=<scope>][,lifecycle=singleton|transient], escaping special characters with '\\'"
    }

    /// ``errorDescription``.
    public var description: String { errorDescription ?? "invalid instruction" }
}
