/// Parses the text of one instruction. See docs/configuration.md for the grammar.
enum InstructionParser {
    /// A parsed instruction plus what the source parsers need to know about its text.
    struct Parsed {
        var instruction: DependencyInjectionInstruction
        /// Whether the text contained `scope=`.
        var scopeIsExplicit: Bool
        /// The column of the `scope` key when explicit.
        var scopeColumn: Int?
    }

    /// One character of the instruction after escapes are resolved.
    struct Unit {
        var scalar: Unicode.Scalar
        var escaped: Bool
        /// The column of the character, or of the backslash that starts its escape.
        var column: Int
        /// The column just after the character or its escape.
        var end: Int
    }

    /// Why the text is not an instruction: the message and 1-based column every source
    /// reports, and the shape ``DependencyInjectionInstruction/init(parsing:)`` throws.
    struct Failure: Error, CustomStringConvertible {
        let message: String
        let column: Int
        let input: String
        let seed: DependencyInjectionInstructionError

        /// `column N: message`.
        var description: String { "column \(column): \(message)" }
    }

    /// Parses one instruction: plain text on the fast path (``parsePlain(_:defaultScope:)``),
    /// anything else — escapes, brackets, errors — with ``parseGeneral(_:defaultScope:)``.
    static func parse(_ text: some StringProtocol, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        var input = String(text)
        if let parsed = input.withUTF8({ parsePlain($0, defaultScope: defaultScope) }) { return parsed }
        return try parseGeneral(input, defaultScope: defaultScope)
    }

    /// The general parser: the whole grammar, and every error message. It works on one
    /// value per character (escapes resolved, with columns), which makes it simple to
    /// follow and to word errors precisely, at about ten times the cost of the plain path.
    static func parseGeneral(_ input: String, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        let text = input
        func fail(_ message: String, _ column: Int) -> Failure {
            Failure(message: message, column: column, input: input, seed: .invalidInstruction(message: message, column: column))
        }
        func fail(_ message: String, _ column: Int, seed: DependencyInjectionInstructionError) -> Failure {
            Failure(message: message, column: column, input: input, seed: seed)
        }

        let scalars = Array(text.unicodeScalars)
        /// The source text of `units`, as written (escapes not resolved).
        func written(_ units: ArraySlice<Unit>) -> String {
            guard let first = units.first, let last = units.last else { return "" }
            return InstructionText.string(scalars[(first.column - 1)..<(last.end - 1)])
        }
        /// The source text of `units`, quoted for a message.
        func quoted(_ units: ArraySlice<Unit>) -> String {
            UserText.quoted(written(units))
        }

        let units = try resolveEscapes(scalars, fail: fail)
        guard let firstColumn = units.first(where: { !isTrimmable($0) })?.column else {
            throw fail("empty instruction; write type=<type>,factory=<factory>", 1, seed: .malformattedDependencyParameter(input))
        }
        let pairs = try splitPairs(units, fail: fail)

        var values: [String: (value: String, column: Int, units: ArraySlice<Unit>)] = [:]
        var keyColumns: [String: Int] = [:]
        for (index, pair) in pairs.enumerated() {
            let units = trimmed(pair.units[...])
            guard !units.isEmpty else {
                let comma = pair.commaBefore ?? pairs[index + 1].commaBefore ?? firstColumn
                throw fail("empty pair; remove the extra ','", comma, seed: .malformattedDependencyParameter(""))
            }
            guard let equals = units.firstIndex(where: { !$0.escaped && $0.scalar == "=" }) else {
                throw fail("expected key=value, found \(quoted(units)); write each pair as key=value and separate pairs with ','", units.first!.column, seed: .malformattedDependencyParameter(written(units)))
            }
            let keyUnits = trimmed(units[..<equals])
            guard let keyColumn = keyUnits.first?.column else {
                throw fail("missing key before '='; write key=value with one of the keys type, factory, scope, lifecycle", units[equals].column, seed: .malformattedDependencyParameter(written(units)))
            }
            let key = string(keyUnits)
            guard InstructionSyntax.keys.contains(key) else {
                let valid = "the valid keys are type, factory, scope and lifecycle"
                if let suggestion = InstructionKeySuggestion.suggestion(for: key) {
                    throw fail("unknown key \(quoted(keyUnits)); did you mean '\(suggestion)'? (\(valid))", keyColumn, seed: .unrecognizedParameter(written(units)))
                }
                throw fail("unknown key \(quoted(keyUnits)); \(valid)", keyColumn, seed: .unrecognizedParameter(written(units)))
            }
            if let first = keyColumns[key] {
                throw fail("duplicate key '\(key)' (first given at column \(first)); give each key once", keyColumn, seed: .malformattedDependencyParameter(written(units)))
            }
            keyColumns[key] = keyColumn
            let valueUnits = trimmed(units[(equals + 1)...])
            guard let valueColumn = valueUnits.first?.column else {
                throw fail("empty value for '\(key)'; write a value after '\(key)='", units[equals].column + 1, seed: .malformattedDependencyParameter(written(units)))
            }
            // Relay 0.3 read `a=b=c` as malformed, and so does Relay: an '=' in a value is
            // usually a lost ',' (`type=A factory=B`), else it must be escaped.
            if let second = valueUnits.firstIndex(where: { !$0.escaped && $0.scalar == "=" }) {
                let seed = DependencyInjectionInstructionError.malformattedDependencyParameter(written(units))
                if let lost = lostSeparator(before: second, in: valueUnits) {
                    throw fail("'\(lost.key)=' inside the value of '\(key)'; separate pairs with ',' (\(key)=…,\(lost.key)=…)", lost.column, seed: seed)
                }
                throw fail("unescaped '=' in the value of '\(key)'; write '\\=' for a literal '='", valueUnits[second].column, seed: seed)
            }
            values[key] = (string(valueUnits), valueColumn, valueUnits)
        }

        guard let type = values["type"] else {
            throw fail("missing 'type'; add type=<type key>, e.g. type=MyApp.BackendService", firstColumn, seed: .missingType)
        }
        guard let factory = values["factory"] else {
            throw fail("missing 'factory'; add factory=<factory key>, e.g. factory=MyApp.BackendService.Stub", firstColumn, seed: .missingFactory)
        }
        var lifecycle = LifecycleType.singleton
        if let given = values["lifecycle"] {
            // Any case, as Relay 0.3 accepted: `Transient` is `transient`.
            guard let parsed = LifecycleType(rawValue: given.value.lowercased()) else {
                throw fail("invalid lifecycle \(quoted(given.units)); lifecycle must be 'singleton' or 'transient'", given.column, seed: .malformattedDependencyParameter("lifecycle=" + written(given.units)))
            }
            lifecycle = parsed
        }
        let instruction = DependencyInjectionInstruction(
            type: DependencyTypeKey(type.value),
            factory: DependencyFactoryKey(factory.value),
            scope: values["scope"].map { DependencyContainerScope($0.value) } ?? defaultScope,
            lifecycle: lifecycle
        )
        return Parsed(instruction: instruction, scopeIsExplicit: values["scope"] != nil, scopeColumn: keyColumns["scope"])
    }

    /// A key of the grammar standing, after a blank, right before the unescaped '=' at
    /// `equals` inside a value (`type=A factory=B`): that key and its column.
    private static func lostSeparator(before equals: Int, in value: ArraySlice<Unit>) -> (key: String, column: Int)? {
        let before = value[..<equals]
        guard let blank = before.lastIndex(where: { !$0.escaped && InstructionSyntax.isBlank($0.scalar) }) else { return nil }
        let word = before[(blank + 1)...]
        let key = string(word)
        guard InstructionSyntax.keys.contains(key), let column = word.first?.column else { return nil }
        return (key, column)
    }

    // MARK: - Escapes

    private static func resolveEscapes(_ scalars: [Unicode.Scalar], fail: (String, Int) -> Failure) throws(Failure) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let column = index + 1
            if scalar != "\\" {
                if UserText.isControl(scalar) && scalar != "\t" {
                    throw fail("control character \(InstructionSyntax.codePoint(scalar)) in an instruction; write it as an escape (\\n, \\r, \\t or \\u{HEX}) or remove it", column)
                }
                units.append(Unit(scalar: scalar, escaped: false, column: column, end: column + 1))
                index += 1
                continue
            }
            guard index + 1 < scalars.count else {
                throw fail("lone '\\' at the end of the instruction; write '\\\\' for a literal backslash", column)
            }
            let next = scalars[index + 1]
            var resolved = next
            var length = 2
            switch next {
            case _ where InstructionSyntax.selfEscapes.contains(next): break
            case "n": resolved = "\n"
            case "r": resolved = "\r"
            case "t": resolved = "\t"
            case "u":
                (resolved, length) = try unicodeEscape(scalars, at: index, fail: fail)
            case _ where UserText.isControl(next) || next.properties.isWhitespace:
                throw fail("invalid escape: '\\' followed by \(InstructionSyntax.codePoint(next)); write '\\\\' for a literal backslash (valid escapes: \(InstructionSyntax.escapeList))", column)
            default:
                throw fail("invalid escape \(UserText.quoted(["\\", next])); write '\\\\' for a literal backslash (valid escapes: \(InstructionSyntax.escapeList))", column)
            }
            units.append(Unit(scalar: resolved, escaped: true, column: column, end: column + length))
            index += length
        }
        return units
    }

    /// Reads `\u{HEX}` starting at the backslash at `start`; returns the scalar and the escape's length.
    private static func unicodeEscape(_ scalars: [Unicode.Scalar], at start: Int, fail: (String, Int) -> Failure) throws(Failure) -> (Unicode.Scalar, Int) {
        let malformed = fail("malformed Unicode escape; write \\u{HEX} with 1 to 8 hexadecimal digits, e.g. \\u{E9} for é", start + 1)
        var index = start + 2
        guard index < scalars.count, scalars[index] == "{" else { throw malformed }
        index += 1
        var digits = ""
        while index < scalars.count, scalars[index] != "}" {
            guard scalars[index].properties.isASCIIHexDigit, digits.count < 8 else { throw malformed }
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, !digits.isEmpty, let value = UInt32(digits, radix: 16) else { throw malformed }
        guard let scalar = Unicode.Scalar(value) else {
            throw fail("\\u{\(digits)} is not a Unicode scalar value; use a code point from 0 to D7FF or from E000 to 10FFFF", start + 1)
        }
        return (scalar, index - start + 1)
    }

    // MARK: - Pairs

    private struct Pair {
        var units: [Unit] = []
        /// The column of the `,` that ends the previous pair, if any.
        var commaBefore: Int?
    }

    private static func splitPairs(_ units: [Unit], fail: (String, Int) -> Failure) throws(Failure) -> [Pair] {
        var pairs = [Pair()]
        var tracker = InstructionBracketTracker()
        for unit in units {
            if !unit.escaped && unit.scalar == "," && tracker.depth == 0 {
                pairs.append(Pair(commaBefore: unit.column))
            } else {
                pairs[pairs.count - 1].units.append(unit)
            }
            tracker.feed(unit.scalar, escaped: unit.escaped, column: unit.column)
        }
        if let open = tracker.open.first {
            let closer = InstructionSyntax.closer(of: open.scalar)
            throw fail("unclosed '\(open.scalar)'; close it with '\(closer)' or write '\\\(open.scalar)' for a literal '\(open.scalar)' (inside brackets ',' does not separate pairs)", open.column)
        }
        return pairs
    }

    // MARK: - Helpers

    private static func isTrimmable(_ unit: Unit) -> Bool {
        !unit.escaped && InstructionSyntax.isBlank(unit.scalar)
    }

    private static func trimmed(_ units: ArraySlice<Unit>) -> ArraySlice<Unit> {
        guard let first = units.firstIndex(where: { !isTrimmable($0) }),
              let last = units.lastIndex(where: { !isTrimmable($0) }) else { return [] }
        return units[first...last]
    }

    private static func string(_ units: ArraySlice<Unit>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: units.lazy.map(\.scalar))
        return String(text)
    }
}
