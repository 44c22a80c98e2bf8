/// Why an instruction's text could not be parsed, and where.
///
/// ```swift
/// do {
///     _ = try DependencyInjectionInstruction(parsing: "type=A,factroy=B")
/// } catch {
///     print(error) // column 8: unknown key 'factroy'; did you mean 'factory'? …
/// }
/// ```
public struct DependencyInjectionInstructionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String
    /// The 1-based column, in Unicode scalars, inside ``input``.
    public let column: Int
    /// The instruction text that was parsed.
    public let input: String

    /// Creates an error.
    init(message: String, column: Int, input: String) {
        self.message = message
        self.column = column
        self.input = input
    }

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
