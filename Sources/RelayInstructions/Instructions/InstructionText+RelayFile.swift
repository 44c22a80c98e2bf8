#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import RelayContainer
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
    /// Text holding a NUL, a control character other than tab, LF and CR, or a CR that is
    /// not right before a LF anywhere — in a comment too — gives the one error ``decode(bytes:origin:limits:)`` gives for its
    /// bytes, so text and bytes get the same answer.
    ///
    /// - Parameters:
    ///   - text: The file contents.
    ///   - source: Makes the origin for a 1-based line and column.
    ///   - limits: The size and instruction-count limits; exceeding either yields one error.
    package static func parseRelayFile(
        _ text: String,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        let bytes = Array(text.utf8)[...]
        guard bytes.count <= limits.maxBytes else {
            return ([], [limits.sizeError("the input", bytes: bytes.count, remedy: "split the file", at: source(1, 1).withoutPosition)])
        }
        if let problem = problem(inText: bytes, origin: source) { return ([], [problem]) }
        return scanRelayFile(bytes, source: source, limits: limits, classified: nil)
    }

    /// Parses the bytes of a `.relay` file that ``checked(bytes:origin:limits:)`` has
    /// accepted: ``parseRelayFile(_:source:limits:)`` on those UTF-8 bytes, without their
    /// characters checked again and without a `String` made from them first.
    package static func parseRelayFile(
        checked bytes: ArraySlice<UInt8>,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        scanRelayFile(bytes, source: source, limits: limits, classified: nil)
    }

    /// What each line of a `.relay` file is, as the parser reads it (the `relay format`
    /// tool lays files out from this, so it never re-implements the grammar).
    package static func relayFileLines(_ text: String) -> [RelayFileLine] {
        var lines: [RelayFileLine] = []
        _ = scanRelayFile(Array(text.utf8)[...], source: { .file("", line: $0, column: $1) }, limits: InstructionSourceLimits(maxBytes: .max, maxInstructions: .max)) {
            lines.append($0)
        }
        return lines
    }

    /// Parses the UTF-8 bytes of a `.relay` file (see ``parseRelayFile(_:source:limits:)``),
    /// telling `classified`, when given, what every line is, in order.
    ///
    /// It works on the bytes: every structural character (LF, CR, space, tab, `#`, `[`)
    /// is ASCII, so a line is found by its LF, and byte offsets within a line's
    /// indentation are also scalar columns. Each instruction line goes to
    /// ``InstructionParser/parse(utf8:defaultScope:)`` as a slice of the same bytes.
    private static func scanRelayFile(
        _ bytes: ArraySlice<UInt8>,
        source: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits,
        classified: ((RelayFileLine) -> Void)?
    ) -> (instructions: [LocatedInstruction], diagnostics: [RelayDiagnostic]) {
        withoutActuallyEscaping(source) { source in
            var scanner = RelayFileScanner(source: source, limits: limits, classified: classified)
            scanner.scanLines(of: bytes)
            return (scanner.instructions, scanner.diagnostics)
        }
    }

    /// The state of one ``scanRelayFile(_:source:limits:classified:)`` run: the header in
    /// force, and what has been found so far.
    private struct RelayFileScanner {
        let source: (_ line: Int, _ column: Int) -> InstructionOrigin
        let limits: InstructionSourceLimits
        let classified: ((RelayFileLine) -> Void)?
        var instructions: [LocatedInstruction] = []
        var diagnostics: [RelayDiagnostic] = []
        var header = Header.none
        /// The parser's pairs, one array for every line (``InstructionParser/parse(utf8:defaultScope:reusing:)``).
        var pairs: [InstructionParser.Pair] = []

        /// Reads every line of `bytes`, the whole file.
        mutating func scanLines(of bytes: ArraySlice<UInt8>) {
            let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
            // A byte order mark is not part of the first line; a second one is an error
            // (an invisible character would otherwise be read as part of the first key).
            var start = bytes.startIndex
            if bytes.starts(with: byteOrderMark) {
                start += 3
                if bytes[start...].starts(with: byteOrderMark) {
                    diagnostics.append(.error("a second byte order mark (U+FEFF) at the start of the text; save it with one at most", at: source(1, 1)))
                    while bytes[start...].starts(with: byteOrderMark) { start += 3 }
                }
            }
            var lineNumber = 1
            while true {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
                // A CR before the LF (CRLF line ends) is not part of the line.
                let end = newline > start && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                guard scan(bytes[start..<end], lineNumber: lineNumber), newline < bytes.endIndex else { return }
                start = newline + 1
                lineNumber += 1
            }
        }

        /// Reads one line (without its line end); `false` once the instruction limit is
        /// exceeded and reading must stop.
        mutating func scan(_ line: ArraySlice<UInt8>, lineNumber: Int) -> Bool {
            guard let start = line.firstIndex(where: { !isBlank($0) }),
                  let end = line.lastIndex(where: { !isBlank($0) }) else {
                classified?(.blank)
                return true
            }
            let indent = start - line.startIndex
            if line[start] == UInt8(ascii: "#") {
                classified?(.comment(String(decoding: line[start...end], as: UTF8.self)))
                return true
            }
            if line[start] == UInt8(ascii: "[") {
                let scalars = Array(String(decoding: line, as: UTF8.self).unicodeScalars)
                switch parseHeader(scalars[...], lineNumber: lineNumber, indent: indent, source: source) {
                case .success(let scope):
                    header = .scope(scope, line: lineNumber, column: indent + 1)
                    classified?(.header(scope))
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    header = .invalid
                    classified?(.invalid)
                }
                return true
            }

            // A '#' after a blank inside an instruction is no comment: .relay files have
            // none at the end of a line, and it would quietly become part of a value.
            var hash = line[(start + 1)...].firstIndex(of: UInt8(ascii: "#"))
            while let found = hash, !isBlank(line[found - 1]) {
                hash = line[(found + 1)...].firstIndex(of: UInt8(ascii: "#"))
            }
            if let hash {
                let column = String(decoding: line[..<hash], as: UTF8.self).unicodeScalars.count + 1
                diagnostics.append(.error("'#' after an instruction does not start a comment — .relay files have no end-of-line comments; put the comment on a line of its own, or write '\\#' for a literal '#'", at: source(lineNumber, column)))
                classified?(.invalid)
                return true
            }

            var defaultScope = DependencyContainerScope.global
            if case .scope(let scope, _, _) = header { defaultScope = scope }
            let parsed: InstructionParser.Parsed
            do {
                parsed = try InstructionParser.parse(utf8: line, defaultScope: defaultScope, reusing: &pairs)
            } catch {
                diagnostics.append(.error(error.message, at: source(lineNumber, error.column)))
                classified?(.invalid)
                return true
            }
            if case .scope(let scope, let headerLine, let headerColumn) = header, parsed.scopeIsExplicit, parsed.instruction.scope != scope {
                let named = UserText.escaped(parsed.instruction.scope.name)
                let header = UserText.escaped(scope.name)
                diagnostics.append(.error(
                    "scope=\(named) contradicts the [\(header)] header on line \(headerLine); remove scope= or move the line under [\(named)]",
                    at: source(lineNumber, parsed.scopeColumn ?? indent + 1),
                    notes: [.note("the [\(header)] header is here", at: source(headerLine, headerColumn))]
                ))
                classified?(.invalid)
                return true
            }
            classified?(.instruction(parsed.instruction))
            if case .invalid = header { return true }
            guard instructions.count < limits.maxInstructions else {
                diagnostics.append(limits.countError(remedy: "split the file", at: source(lineNumber, indent + 1)))
                return false
            }
            instructions.append(parsed.located(at: source(lineNumber, indent + 1)))
            return true
        }

        private func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }
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
#endif
