/// What one line of a `.relay` file is.
package enum RelayFileLine: Hashable, Sendable {
    /// Empty, or only spaces and tabs.
    case blank
    /// A comment line, without the blanks around it (`# Stubs for checkout`).
    case comment(String)
    /// A valid `[scope]` header.
    case header(DependencyContainerScope)
    /// A valid instruction, its scope taken from the header above when it gives none.
    case instruction(DependencyInjectionInstruction)
    /// A line with an error.
    case invalid
}

extension InstructionText {
    /// What the `[scope]` header above a line says.
    private enum Header {
        /// No header yet: instructions are global and may name any scope.
        case none
        /// A valid `[name]` header at `line` and `column`.
        case scope(DependencyContainerScope, line: Int, column: Int)
        /// A header with an error; its lines are checked but not used.
        case invalid
    }

    /// The outcome of parsing a `[name]` line.
    private enum HeaderResult {
        case success(DependencyContainerScope)
        case failure(RelayDiagnostic)
    }

    /// Parses the `.relay` file format.
    ///
    /// One instruction per line; lines are split on LF and a CR before the LF is dropped.
    /// Blank lines and lines whose first non-blank character is `#` are ignored. A
    /// `[name]` line sets the scope of the instructions below it (lines before any header
    /// are global); an instruction under a header whose `scope=` names another scope is
    /// an error. A leading byte order mark is ignored. Every problem is reported with its
    /// line and column; instructions are returned only from lines without problems.
    ///
    /// - Parameters:
    ///   - text: The decoded file contents (see ``decode(bytes:origin:limits:)``).
    ///   - source: Makes the origin for a 1-based line and column.
    ///   - limits: The size and instruction-count limits; exceeding either yields one error.
    static func parseRelayFile(
        _ text: String,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        scanRelayFile(text, source: source, limits: limits) { _ in }
    }

    /// What each line of a `.relay` file is, as the parser reads it (the `relay format`
    /// tool lays files out from this, so it never re-implements the grammar).
    package static func relayFileLines(_ text: String) -> [RelayFileLine] {
        var lines: [RelayFileLine] = []
        _ = scanRelayFile(text, source: { .file("", line: $0, column: $1) }, limits: InstructionSourceLimits(maxBytes: .max, maxInstructions: .max)) {
            lines.append($0)
        }
        return lines
    }

    /// Parses the `.relay` format (see ``parseRelayFile(_:source:limits:)``), telling
    /// `classified` what every line is, in order.
    private static func scanRelayFile(
        _ text: String,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits,
        classified: (RelayFileLine) -> Void
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        let size = text.utf8.count
        guard size <= limits.maxBytes else {
            return ([], [limits.sizeError("the input", bytes: size, remedy: "split the file", at: source(1, 1).withoutPosition)])
        }
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }

        var instructions: [LocatedInstruction] = []
        var diagnostics: [RelayDiagnostic] = []
        var header = Header.none
        for (index, line) in lines(of: scalars).enumerated() {
            let lineNumber = index + 1
            guard let start = line.firstIndex(where: { !InstructionSyntax.isBlank($0) }),
                  let end = line.lastIndex(where: { !InstructionSyntax.isBlank($0) }) else {
                classified(.blank)
                continue
            }
            let indent = start - line.startIndex
            if line[start] == "#" {
                classified(.comment(string(line[start...end])))
                continue
            }
            if line[start] == "[" {
                switch parseHeader(line, lineNumber: lineNumber, indent: indent, source: source) {
                case .success(let scope):
                    header = .scope(scope, line: lineNumber, column: indent + 1)
                    classified(.header(scope))
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    header = .invalid
                    classified(.invalid)
                }
                continue
            }

            var defaultScope = DependencyContainerScope.global
            if case .scope(let scope, _, _) = header { defaultScope = scope }
            let parsed: InstructionParser.Parsed
            do {
                parsed = try InstructionParser.parse(string(line), defaultScope: defaultScope)
            } catch {
                diagnostics.append(.error(error.message, at: source(lineNumber, error.column)))
                classified(.invalid)
                continue
            }
            if case .scope(let scope, let headerLine, let headerColumn) = header, parsed.scopeIsExplicit, parsed.instruction.scope != scope {
                let named = UserText.escaped(parsed.instruction.scope.name)
                let header = UserText.escaped(scope.name)
                diagnostics.append(.error(
                    "scope=\(named) contradicts the [\(header)] header on line \(headerLine); remove scope= or move the line under [\(named)]",
                    at: source(lineNumber, parsed.scopeColumn ?? indent + 1),
                    notes: [.note("the [\(header)] header is here", at: source(headerLine, headerColumn))]
                ))
                classified(.invalid)
                continue
            }
            classified(.instruction(parsed.instruction))
            if case .invalid = header { continue }
            guard instructions.count < limits.maxInstructions else {
                diagnostics.append(limits.countError(remedy: "split the file", at: source(lineNumber, indent + 1)))
                break
            }
            instructions.append(LocatedInstruction(instruction: parsed.instruction, origin: source(lineNumber, indent + 1)))
        }
        return (instructions, diagnostics)
    }

    /// Parses a `[name]` line whose first non-blank character, at offset `indent`, is `[`.
    private static func parseHeader(
        _ line: ArraySlice<Unicode.Scalar>,
        lineNumber: Int,
        indent: Int,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin
    ) -> HeaderResult {
        func failure(_ message: String, column: Int) -> HeaderResult {
            .failure(.error(message, at: source(lineNumber, column)))
        }
        let open = line.startIndex + indent
        func column(_ index: Int) -> Int { index - line.startIndex + 1 }

        guard let close = line[(open + 1)...].firstIndex(where: { $0 == "]" || $0 == "[" }), line[close] == "]" else {
            if let extra = line[(open + 1)...].firstIndex(of: "[") {
                return failure("'[' inside a scope header; write a header as [scope-name] (names in headers cannot contain brackets — use scope= on a line before the first header instead)", column: column(extra))
            }
            return failure("scope header is missing ']'; write it as [scope-name]", column: column(open))
        }
        if let extra = line[(close + 1)...].firstIndex(where: { !InstructionSyntax.isBlank($0) }) {
            return failure("unexpected text after ']' in a scope header; put comments on their own line starting with '#'", column: column(extra))
        }
        let name = line[(open + 1)..<close]
        guard let first = name.firstIndex(where: { !InstructionSyntax.isBlank($0) }),
              let last = name.lastIndex(where: { !InstructionSyntax.isBlank($0) }) else {
            return failure("empty scope header; write a scope name between the brackets, e.g. [checkout]", column: column(open))
        }
        if let control = name.firstIndex(where: { UserText.isControl($0) && $0 != "\t" }) {
            return failure("control character \(InstructionSyntax.codePoint(line[control])) in a scope header; remove it", column: column(control))
        }
        return .success(DependencyContainerScope(string(name[first...last])))
    }
}
