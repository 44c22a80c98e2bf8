import RelayContainer
/// Where an instruction came from: a file and line, an environment variable, standard
/// input, a command-line argument, or code.
///
/// Origins appear in every ``RelayDiagnostic`` and ``LocatedInstruction`` so that a
/// message can point at the exact text that caused it. Lines and columns are 1-based;
/// columns count Unicode scalars, not bytes or `Character`s.
///
/// ```swift
/// InstructionOrigin.file("config/ui.relay", line: 4, column: 1).description
/// // "config/ui.relay:4:1"
/// ```
public struct InstructionOrigin: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The kind of place an instruction came from.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A launch argument; see ``InstructionOrigin/argumentIndex``.
        case commandLine
        /// An environment variable; ``InstructionOrigin/line`` holds the segment number.
        case environment
        /// A `.relay` file.
        case file
        /// Text read from standard input.
        case standardInput
        /// An instruction built in Swift code.
        case code
        /// Any other place, named by ``InstructionOrigin/source``.
        case custom
    }

    /// The kind of place.
    public let kind: Kind
    /// The place's name: a file path as given (`config/ui.relay`), `$` followed by an
    /// environment variable's name (`$RELAY_DEPENDENCIES`), `<stdin>`, `argv` or `code` —
    /// or, for code whose line is known, its file (`MyAppTests/Stubs.swift`).
    public let source: String
    /// The 1-based line, or for an environment variable the 1-based segment; `nil` when unknown.
    public let line: Int?
    /// The 1-based column in Unicode scalars; `nil` when unknown.
    public let column: Int?
    /// For ``Kind/commandLine``, the index into the argument array; otherwise `nil`.
    public let argumentIndex: Int?

    /// Creates an origin from all of its parts; the static constructors are the public way.
    package init(kind: Kind, source: String, line: Int? = nil, column: Int? = nil, argumentIndex: Int? = nil) {
        self.kind = kind
        self.source = source
        self.line = line
        self.column = column
        self.argumentIndex = argumentIndex
    }

    /// A position in a file, with the path exactly as it should be shown.
    public static func file(_ path: String, line: Int, column: Int) -> InstructionOrigin {
        InstructionOrigin(kind: .file, source: path, line: line, column: column)
    }

    /// A position in an environment variable's instruction list.
    ///
    /// - Parameters:
    ///   - variable: The variable's name; a `$` is prepended unless already present.
    ///   - segment: The 1-based index of the `;`- or newline-separated segment, stored as ``line``.
    ///   - column: The 1-based column inside that segment.
    public static func environment(variable: String, segment: Int, column: Int) -> InstructionOrigin {
        let source = variable.hasPrefix("$") ? variable : "$" + variable
        return InstructionOrigin(kind: .environment, source: source, line: segment, column: column)
    }

    /// A position in text read from standard input (shown as `<stdin>`).
    public static func standardInput(line: Int, column: Int) -> InstructionOrigin {
        InstructionOrigin(kind: .standardInput, source: "<stdin>", line: line, column: column)
    }

    /// A launch argument, optionally with a 1-based column inside it (shown as `argv[3]:12`).
    public static func commandLine(argumentIndex: Int, column: Int? = nil) -> InstructionOrigin {
        InstructionOrigin(kind: .commandLine, source: "argv", column: column, argumentIndex: argumentIndex)
    }

    /// An instruction created in Swift code.
    public static let code = InstructionOrigin(kind: .code, source: "code")

    /// An instruction created in Swift code at `fileID`:`line` (shown as
    /// `MyAppTests/Stubs.swift:12`): where a typed launch argument was written.
    package static func code(fileID: String, line: Int) -> InstructionOrigin {
        InstructionOrigin(kind: .code, source: fileID, line: line)
    }

    /// Any other place, shown as `source:line:column` with missing parts omitted.
    public static func custom(source: String, line: Int?, column: Int?) -> InstructionOrigin {
        InstructionOrigin(kind: .custom, source: source, line: line, column: column)
    }

    /// Returns a copy whose column is advanced by `n` scalars, to point inside an
    /// instruction. A missing column is treated as column 1, so the result is `1 + n`.
    package func offset(byColumns n: Int) -> InstructionOrigin {
        InstructionOrigin(kind: kind, source: source, line: line, column: (column ?? 1) + n, argumentIndex: argumentIndex)
    }

    /// The same place without line and column, for messages about a whole input.
    var withoutPosition: InstructionOrigin {
        InstructionOrigin(kind: kind, source: source, argumentIndex: argumentIndex)
    }

    /// `source:line:column` (missing parts omitted), `argv[3]` or `argv[3]:12` for the
    /// command line, and `code` for code — `file:line` when its line is known.
    public var description: String {
        switch kind {
        case .code:
            return line.map { "\(UserText.escaped(source, limit: nil)):\($0)" } ?? "code"
        case .commandLine:
            var text = argumentIndex.map { "\(UserText.escaped(source, limit: nil))[\($0)]" } ?? UserText.escaped(source, limit: nil)
            if let column { text += ":\(column)" }
            return text
        case .environment, .file, .standardInput, .custom:
            var text = UserText.escaped(source, limit: nil)
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            } else if kind == .custom, let column {
                text += ":\(column)"
            }
            return text
        }
    }
}
