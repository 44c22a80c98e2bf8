#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import RelayContainer
/// Parses the text of one instruction. See docs/configuration.md for the grammar.
///
/// There is one parser, and every source uses it: the command line, the environment
/// variable, `.relay` files, standard input, overrides and ``DependencyInjectionInstruction/init(parsing:)``.
/// It reads the instruction's UTF-8 bytes in two steps:
///
/// 1. **One pass over the bytes** (``scan(_:)``) checks every escape and control character,
///    tracks brackets, splits the text into pairs at the commas outside brackets, and
///    records for each pair where its key and value begin and end, where its `=` signs
///    are, and whether either part holds an escape. It stops at the first bad escape or
///    control character, which is therefore the first error reported, wherever it is.
/// 2. **The pairs are checked in order** (``instruction(from:defaultScope:)``), and the
///    key and value texts are made: a part without escapes is its bytes as they are,
///    and only a part with an escape is read again, character by character, to resolve
///    it (``units(_:from:column:)``). Error messages quote the text as it was written.
///
/// Columns count Unicode scalars from 1, as every message and origin does. The bytes are
/// valid UTF-8 (they come from a `String`), so the first byte of a character says how
/// long it is, and every character the grammar gives a meaning to is ASCII.
package enum InstructionParser {
    /// A parsed instruction plus what the source parsers need to know about its text.
    package struct Parsed {
        var instruction: DependencyInjectionInstruction
        /// Whether the text contained `scope=`.
        var scopeIsExplicit: Bool
        /// The column of the `scope` key when explicit.
        var scopeColumn: Int?
        /// The lifecycle the text wrote with `lifecycle=`; `nil` when it wrote none.
        var writtenLifecycle: LifecycleType?

        /// The instruction with its origin, as the sources hand it on.
        package func located(at origin: InstructionOrigin) -> LocatedInstruction {
            LocatedInstruction(instruction: instruction, origin: origin, writtenLifecycle: writtenLifecycle)
        }
    }

    /// Why the text is not an instruction: what kind of problem, the message and 1-based
    /// column every source reports, and the shape ``DependencyInjectionInstruction/init(parsing:)`` throws.
    package struct Failure: Error, CustomStringConvertible {
        /// The problems the grammar can find, one case per message. Callers that treat a
        /// problem specially switch on this, never on the message's wording.
        enum Kind: Hashable, Sendable {
            /// Nothing but blanks.
            case emptyInstruction
            /// An unescaped control character other than tab.
            case controlCharacter
            /// A `\` followed by a character that is not a valid escape.
            case invalidEscape
            /// A `\` as the last character.
            case loneBackslash
            /// A `\u` not followed by `{`, 1 to 8 hexadecimal digits and `}`.
            case malformedUnicodeEscape
            /// A `\u{HEX}` naming a surrogate or a value above 10FFFF.
            case notAScalarValue
            /// A `<`, `(` or `[` never closed.
            case unclosedBracket
            /// Two commas with nothing between them, or one at either end.
            case emptyPair
            /// A pair without an unescaped `=`.
            case missingEquals
            /// A pair starting with `=`.
            case missingKey
            /// A key other than `type`, `factory`, `scope`, `tag`, `lifecycle` and `parameter`.
            case unknownKey
            /// One of the keys given a second time.
            case duplicateKey(Key)
            /// Nothing after `key=`.
            case emptyValue
            /// `key=` inside a value, after a blank: a lost `,` (`type=A factory=B`).
            case lostSeparator
            /// `key=` inside a value, after a `;` (`type=A;factory=B`): `;` used between keys,
            /// or between instructions, where it separates nothing.
            case semicolonInValue
            /// Another unescaped `=` inside a value.
            case unescapedEquals
            /// No `type=`.
            case missingType
            /// No `factory=`.
            case missingFactory
            /// A lifecycle that is not a case of ``LifecycleType``.
            case invalidLifecycle
        }

        let kind: Kind
        package let message: String
        package let column: Int
        let input: String
        let seed: DependencyInjectionInstructionError

        /// `column N: message`.
        package var description: String { "column \(column): \(message)" }
    }

    /// The keys of the grammar, in canonical order.
    enum Key: Int, CaseIterable, Hashable, Sendable {
        case type, factory, scope, tag, lifecycle, parameter

        /// The key as written.
        var name: String { InstructionSyntax.keys[rawValue] }

        /// The UTF-8 of each key's name, by raw value, packed (``packed(_:)``).
        private static let packedNames = InstructionSyntax.keys.map { packed($0.utf8) }

        /// Up to 16 bytes as two integers, the last byte lowest: two texts of the same
        /// length are equal exactly when their packed forms are, which is one comparison
        /// instead of a loop over two sequences.
        private static func packed(_ bytes: some Sequence<UInt8>) -> (UInt64, UInt64) {
            var high: UInt64 = 0, low: UInt64 = 0
            for byte in bytes {
                high = high << 8 | low >> 56
                low = low << 8 | UInt64(byte)
            }
            return (high, low)
        }

        /// The key whose name is the UTF-8 `bytes`, if any.
        static func named(_ bytes: ArraySlice<UInt8>) -> Key? {
            let key: Key
            switch bytes.count {
            case 3: key = .tag
            case 4: key = .type
            case 5: key = .scope
            case 7: key = .factory
            case 9: key = bytes.first == UInt8(ascii: "p") ? .parameter : .lifecycle
            default: return nil
            }
            return packed(bytes) == packedNames[key.rawValue] ? key : nil
        }
    }

    /// Parses one instruction.
    package static func parse(_ text: some StringProtocol, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        try parse(utf8: Array(text.utf8)[...], defaultScope: defaultScope)
    }

    /// Parses the UTF-8 bytes of one instruction (for example one line of a `.relay`
    /// file). `text` must be valid UTF-8.
    static func parse(utf8 text: ArraySlice<UInt8>, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        try instruction(from: scan(text), defaultScope: defaultScope)
    }

    /// ``parse(utf8:defaultScope:)``, keeping the scan's pairs in `pairs` (emptied first),
    /// so that a caller parsing many instructions — a `.relay` file's lines — allocates that
    /// array once instead of once per instruction.
    static func parse(utf8 text: ArraySlice<UInt8>, defaultScope: DependencyContainerScope, reusing pairs: inout [Pair]) throws(Failure) -> Parsed {
        try instruction(from: scan(text, into: &pairs), defaultScope: defaultScope)
    }

    // MARK: - The scan

    /// One resolved character: what it stands for, whether it was escaped, and the
    /// 1-based column where it (or its escape) was written.
    struct Unit {
        var scalar: Unicode.Scalar
        var escaped: Bool
        var column: Int
    }

    /// A stretch of a pair — its key or its value — without the unescaped blanks (space,
    /// tab) at either end: where its first and last characters are written.
    struct Part {
        /// The byte offset of the first non-blank character; -1 while there is none.
        var start = -1
        /// The byte offset just after the last non-blank character.
        var end = -1
        /// The column of the first non-blank character.
        var column = 0
        /// Whether a non-blank character of it is escaped, so its text must be resolved.
        var hasEscape = false

        /// The bytes from the first non-blank character to the end of the last one; `nil`
        /// when the stretch holds only blanks.
        var bytes: Range<Int>? { start < 0 ? nil : start..<end }

        /// Adds the non-blank character written from `offset` to `end`, in `column`.
        @inline(__always)
        mutating func add(_ offset: Int, to end: Int, column: Int) {
            if start < 0 {
                start = offset
                self.column = column
            }
            self.end = end
        }
    }

    /// One `key=value` pair as the scan found it.
    struct Pair {
        /// The column of the `,` before the pair; `nil` for the first.
        var commaBefore: Int?
        /// The key: what comes before ``equals``, trimmed.
        var key = Part()
        /// The first unescaped `=`: its byte offset and column.
        var equals: (offset: Int, column: Int)?
        /// The value: what comes after ``equals``, trimmed.
        var value = Part()
        /// The first unescaped `=` after ``equals``, inside the value.
        var secondEquals: (offset: Int, column: Int)?

        /// The whole pair, trimmed: from the first of its key, `=` and value to the end of
        /// the last, with the column of the first.
        var whole: (bytes: Range<Int>, column: Int)? {
            let first: (offset: Int, column: Int)? = key.start >= 0 ? (key.start, key.column) : equals ?? (value.start >= 0 ? (value.start, value.column) : nil)
            guard let first else { return nil }
            let end = value.start >= 0 ? value.end : equals.map { $0.offset + 1 } ?? key.end
            return (first.offset..<end, first.column)
        }
    }

    /// What the scan found: the text, its pairs, and the column of its first non-blank
    /// character (`nil` when it has none).
    struct Scanned {
        var text: ArraySlice<UInt8>
        var pairs: [Pair]
        var firstColumn: Int?
        /// The first bracket left open, with its column.
        var unclosed: (scalar: Unicode.Scalar, column: Int)?
    }

    /// What the pairs gave one key: the value's text, where the value was written, and the
    /// column of the key.
    struct Given {
        var value: String
        var part: Part
        var keyColumn: Int
    }

    /// What the pairs gave each key of the grammar, held in place (a table with a slot per
    /// key, without an array's allocation).
    struct GivenValues {
        private var type, factory, scope, tag, lifecycle, parameter: Given?

        subscript(key: Key) -> Given? {
            get {
                switch key {
                case .type: type
                case .factory: factory
                case .scope: scope
                case .tag: tag
                case .lifecycle: lifecycle
                case .parameter: parameter
                }
            }
            set {
                switch key {
                case .type: type = newValue
                case .factory: factory = newValue
                case .scope: scope = newValue
                case .tag: tag = newValue
                case .lifecycle: lifecycle = newValue
                case .parameter: parameter = newValue
                }
            }
        }
    }

    /// Step 1: reads `text` once, left to right; see the type's overview.
    static func scan(_ text: ArraySlice<UInt8>) throws(Failure) -> Scanned {
        var pairs: [Pair] = []
        return try scan(text, into: &pairs)
    }

    /// ``scan(_:)`` with `pairs` as the pairs' array: emptied, keeping its storage, then
    /// filled.
    static func scan(_ text: ArraySlice<UInt8>, into pairs: inout [Pair]) throws(Failure) -> Scanned {
        pairs.removeAll(keepingCapacity: true)
        // Room for the four keys most instructions use, so the array rarely grows.
        pairs.reserveCapacity(4)
        var pair = Pair()
        // The part of `pair` being read: its key until the first `=`, then its value.
        var part = Part()
        var firstColumn: Int?
        var tracker = InstructionBracketTracker()
        // Where the last unescaped `-` was: a `>` right after it is an arrow, not a bracket.
        var dash = -2
        var offset = text.startIndex
        var column = 1
        while offset < text.endIndex {
            let start = offset
            let startColumn = column
            // Most characters mean nothing to the grammar: read a run of them at once.
            while offset < text.endIndex {
                let byte = text[offset]
                if byte < 0x80 {
                    if isSpecial(byte) { break }
                    offset += 1
                } else {
                    // A character of two to four bytes. Only the C1 controls (U+0080…U+009F,
                    // written C2 80…C2 9F) among them mean anything to the grammar.
                    if byte == 0xC2, offset + 1 < text.endIndex, text[offset + 1] < 0xA0 {
                        throw controlCharacter(Unicode.Scalar(text[offset + 1]), column: column, in: text)
                    }
                    offset += sequenceLength(byte)
                }
                column += 1
            }
            if offset > start {
                if firstColumn == nil { firstColumn = startColumn }
                part.add(start, to: offset, column: startColumn)
                continue
            }
            let byte = text[offset]
            let width: Int
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                offset += 1
                column += 1
                continue
            case UInt8(ascii: "\\"):
                let escape = try self.escape(at: offset, in: text, column: column)
                offset += escape.length
                width = escape.length
                part.hasEscape = true
            case UInt8(ascii: ",") where tracker.depth == 0:
                if firstColumn == nil { firstColumn = column }
                finish(part, of: &pair)
                pairs.append(pair)
                pair = Pair(commaBefore: column)
                part = Part()
                offset += 1
                column += 1
                continue
            case UInt8(ascii: "="):
                if pair.equals == nil {
                    if firstColumn == nil { firstColumn = column }
                    pair.key = part
                    pair.equals = (offset, column)
                    part = Part()
                    offset += 1
                    column += 1
                    continue
                }
                if pair.secondEquals == nil { pair.secondEquals = (offset, column) }
                offset += 1
                width = 1
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                tracker.feedBracket(Unicode.Scalar(byte), column: column, afterDash: dash == offset - 1)
                offset += 1
                width = 1
            case UInt8(ascii: "-"):
                dash = offset
                offset += 1
                width = 1
            case ..<0x20, 0x7F:
                throw controlCharacter(Unicode.Scalar(byte), column: column, in: text)
            default:
                offset += 1
                width = 1
            }
            if firstColumn == nil { firstColumn = column }
            part.add(start, to: offset, column: column)
            column += width
        }
        finish(part, of: &pair)
        pairs.append(pair)
        return Scanned(text: text, pairs: pairs, firstColumn: firstColumn, unclosed: tracker.open.first)
    }

    /// Whether the scan must look at the ASCII byte `byte`: a control character (tab
    /// included), space, `(`, `)`, `,`, `-`, `<`, `=`, `>`, `[`, `\`, `]` or DEL. A bit set of
    /// the 128 ASCII values, as two words.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0xFFFF_FFFF | 1 << 0x20 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2C | 1 << 0x2D | 1 << 0x3C | 1 << 0x3D | 1 << 0x3E
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x7F - 64)
        return ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
    }

    /// Stores the part being read as `pair`'s key, or as its value after an `=`.
    private static func finish(_ part: Part, of pair: inout Pair) {
        if pair.equals == nil {
            pair.key = part
        } else {
            pair.value = part
        }
    }

    /// The escape whose `\` is at `offset` (in `column`): the character it stands for and
    /// how many bytes (and columns: every valid escape is ASCII) it takes.
    private static func escape(at offset: Int, in text: ArraySlice<UInt8>, column: Int) throws(Failure) -> (scalar: Unicode.Scalar, length: Int) {
        guard offset + 1 < text.endIndex else {
            throw failure(.loneBackslash, "lone '\\' at the end of the instruction; write '\\\\' for a literal backslash", column, in: text)
        }
        let next = scalar(at: offset + 1, in: text)
        switch next {
        case _ where InstructionSyntax.selfEscapes.contains(next): return (next, 2)
        case "n": return ("\n", 2)
        case "r": return ("\r", 2)
        case "t": return ("\t", 2)
        case "u": return try unicodeEscape(at: offset, in: text, column: column)
        case _ where UserText.isControl(next) || next.properties.isWhitespace:
            throw failure(.invalidEscape, "invalid escape: '\\' followed by \(InstructionSyntax.codePoint(next)); write '\\\\' for a literal backslash (valid escapes: \(InstructionSyntax.escapeList))", column, in: text)
        default:
            throw failure(.invalidEscape, "invalid escape \(UserText.quoted(["\\", next])); write '\\\\' for a literal backslash (valid escapes: \(InstructionSyntax.escapeList))", column, in: text)
        }
    }

    /// Reads `\u{HEX}` whose `\` is at `start`.
    private static func unicodeEscape(at start: Int, in text: ArraySlice<UInt8>, column: Int) throws(Failure) -> (scalar: Unicode.Scalar, length: Int) {
        let malformed = failure(.malformedUnicodeEscape, "malformed Unicode escape; write \\u{HEX} with 1 to 8 hexadecimal digits, e.g. \\u{E9} for é", column, in: text)
        var offset = start + 2
        guard offset < text.endIndex, text[offset] == UInt8(ascii: "{") else { throw malformed }
        offset += 1
        var value: UInt32 = 0
        var digits = 0
        while offset < text.endIndex, text[offset] != UInt8(ascii: "}") {
            guard let digit = hexDigit(text[offset]), digits < 8 else { throw malformed }
            value = value << 4 | digit
            digits += 1
            offset += 1
        }
        guard offset < text.endIndex, digits > 0 else { throw malformed }
        guard let scalar = Unicode.Scalar(value) else {
            let written = String(decoding: text[(start + 3)..<offset], as: UTF8.self)
            throw failure(.notAScalarValue, "\\u{\(written)} is not a Unicode scalar value; use a code point from 0 to D7FF or from E000 to 10FFFF", column, in: text)
        }
        return (scalar, offset - start + 1)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func controlCharacter(_ scalar: Unicode.Scalar, column: Int, in text: ArraySlice<UInt8>) -> Failure {
        failure(.controlCharacter, "control character \(InstructionSyntax.codePoint(scalar)) in an instruction; write it as an escape (\\n, \\r, \\t or \\u{HEX}) or remove it", column, in: text)
    }

    // MARK: - The pairs

    /// Step 2: checks the pairs in order and makes the instruction; see the type's overview.
    static func instruction(from scanned: Scanned, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        let text = scanned.text
        func fail(_ kind: Failure.Kind, _ message: String, _ column: Int, seed: DependencyInjectionInstructionError) -> Failure {
            Failure(kind: kind, message: message, column: column, input: String(decoding: text, as: UTF8.self), seed: seed)
        }
        /// The text of `range` as written, escapes not resolved.
        func written(_ range: Range<Int>?) -> String {
            range.map { String(decoding: text[$0], as: UTF8.self) } ?? ""
        }

        guard let firstColumn = scanned.firstColumn else {
            throw fail(.emptyInstruction, "empty instruction; write type=<type>,factory=<factory>", 1, seed: .malformattedDependencyParameter(String(decoding: text, as: UTF8.self)))
        }
        if let open = scanned.unclosed {
            let closer = InstructionSyntax.closer(of: open.scalar)
            throw failure(.unclosedBracket, "unclosed '\(open.scalar)'; close it with '\(closer)' or write '\\\(open.scalar)' for a literal '\(open.scalar)' (inside brackets ',' does not separate pairs)", open.column, in: text)
        }

        var values = GivenValues()
        let pairs = scanned.pairs
        for index in pairs.indices {
            let pair = pairs[index]
            guard let whole = pair.whole else {
                let comma = pair.commaBefore ?? pairs[index + 1].commaBefore ?? firstColumn
                throw fail(.emptyPair, "empty pair; remove the extra ','", comma, seed: .malformattedDependencyParameter(""))
            }
            // Only an error quotes the pair.
            func writtenPair() -> String { written(whole.bytes) }
            guard let equals = pair.equals else {
                throw fail(.missingEquals, "expected key=value, found \(UserText.quoted(writtenPair())); write each pair as key=value and separate pairs with ','", whole.column, seed: .malformattedDependencyParameter(writtenPair()))
            }
            guard let keyBytes = pair.key.bytes else {
                throw fail(.missingKey, "missing key before '='; write key=value with one of the keys \(InstructionSyntax.keys.joined(separator: ", "))", equals.column, seed: .malformattedDependencyParameter(writtenPair()))
            }
            let keyName = pair.key.hasEscape ? string(try units(keyBytes, from: text, column: pair.key.column)) : nil
            guard let key = keyName.map({ Key.named(Array($0.utf8)[...]) }) ?? Key.named(text[keyBytes]) else {
                let quotedKey = UserText.quoted(written(pair.key.bytes))
                let valid = "the valid keys are \(InstructionSyntax.keyList)"
                let resolved = keyName ?? written(pair.key.bytes)
                if let suggestion = InstructionKeySuggestion.suggestion(for: resolved) {
                    throw fail(.unknownKey, "unknown key \(quotedKey); did you mean '\(suggestion)'? (\(valid))", pair.key.column, seed: .unrecognizedParameter(writtenPair()))
                }
                throw fail(.unknownKey, "unknown key \(quotedKey); \(valid)", pair.key.column, seed: .unrecognizedParameter(writtenPair()))
            }
            if let first = values[key]?.keyColumn {
                throw fail(.duplicateKey(key), "duplicate key '\(key.name)' (first given at column \(first)); give each key once", pair.key.column, seed: .malformattedDependencyParameter(writtenPair()))
            }
            guard let valueBytes = pair.value.bytes else {
                throw fail(.emptyValue, "empty value for '\(key.name)'; write a value after '\(key.name)='", equals.column + 1, seed: .malformattedDependencyParameter(writtenPair()))
            }
            // Relay 0.3 read `a=b=c` as malformed, and so does Relay: an '=' in a value is
            // usually a lost ',' (`type=A factory=B`), else it must be escaped.
            if let second = pair.secondEquals {
                let seed = DependencyInjectionInstructionError.malformattedDependencyParameter(writtenPair())
                let before = try units(valueBytes.lowerBound..<second.offset, from: text, column: pair.value.column)
                if let lost = lostSeparator(in: before[...]) {
                    throw fail(.lostSeparator, "'\(lost.key.name)=' inside the value of '\(key.name)'; separate pairs with ',' (\(key.name)=…,\(lost.key.name)=…)", lost.column, seed: seed)
                }
                if let split = semicolonSplit(in: before[...]) {
                    let value = string(before[..<split.semicolon])
                    throw fail(
                        .semicolonInValue,
                        "';' before '\(split.key.name)=' inside the value of '\(key.name)' (\(UserText.quoted(value))); "
                            + "';' separates instructions only in RELAY_DEPENDENCIES, so here it does not end the value — "
                            + "use ',' between keys (\(key.name)=…,\(split.key.name)=…), and a -d or line of its own for each instruction",
                        split.column, seed: seed
                    )
                }
                throw fail(.unescapedEquals, "unescaped '=' in the value of '\(key.name)'; write '\\=' for a literal '='", second.column, seed: seed)
            }
            let value = pair.value.hasEscape
                ? string(try units(valueBytes, from: text, column: pair.value.column))
                : String(decoding: text[valueBytes], as: UTF8.self)
            values[key] = Given(value: value, part: pair.value, keyColumn: pair.key.column)
        }

        guard let type = values[.type] else {
            let example = InstructionExample.current(.init(type: nil, factory: values[.factory]?.value))
            throw fail(.missingType, "missing 'type'; add type=<type key>, e.g. type=\(example.type)", firstColumn, seed: .missingType)
        }
        guard let factory = values[.factory] else {
            let example = InstructionExample.current(.init(type: type.value, factory: nil))
            throw fail(.missingFactory, "missing 'factory'; add factory=<factory key>, e.g. factory=\(example.factory)", firstColumn, seed: .missingFactory)
        }
        var writtenLifecycle: LifecycleType?
        if let given = values[.lifecycle] {
            // Any case, as Relay 0.3 accepted: `Transient` is `transient`.
            guard let parsed = InstructionSyntax.lifecycle(named: given.value) else {
                let writtenValue = written(given.part.bytes)
                let perRequest = InstructionSyntax.perRequestHint(for: given.value).map { "; \($0)" } ?? ""
                throw fail(.invalidLifecycle, "invalid lifecycle \(UserText.quoted(writtenValue)); lifecycle must be \(InstructionSyntax.lifecycleList)\(perRequest)", given.part.column, seed: .malformattedDependencyParameter("lifecycle=" + writtenValue))
            }
            writtenLifecycle = parsed
        }
        let scope = values[.scope]
        let instruction = DependencyInjectionInstruction(
            type: DependencyTypeKey(type.value),
            factory: DependencyFactoryKey(factory.value),
            scope: scope.map { DependencyContainerScope($0.value) } ?? defaultScope,
            lifecycle: writtenLifecycle ?? .singleton,
            tag: values[.tag].map { DependencyTag($0.value) },
            parameter: values[.parameter]?.value
        )
        return Parsed(instruction: instruction, scopeIsExplicit: scope != nil, scopeColumn: scope?.keyColumn, writtenLifecycle: writtenLifecycle)
    }

    /// A key of the grammar standing, after an unescaped `;`, at the end of `before` — the
    /// part of a value before an unescaped `=` (`type=A;factory=B`): that key, its column,
    /// and where the `;` is in `before`.
    private static func semicolonSplit(in before: ArraySlice<Unit>) -> (key: Key, column: Int, semicolon: Int)? {
        guard let semicolon = before.lastIndex(where: { !$0.escaped && $0.scalar == ";" }) else { return nil }
        let word = before[(semicolon + 1)...]
        guard let column = before[semicolon...].first?.column,
              let key = Key.named(Array(string(word).utf8)[...]) else { return nil }
        return (key, column, semicolon)
    }

    /// A key of the grammar standing, after a blank, at the end of `before` — the part of a
    /// value before an unescaped `=` (`type=A factory=B`): that key and its column.
    private static func lostSeparator(in before: ArraySlice<Unit>) -> (key: Key, column: Int)? {
        guard let blank = before.lastIndex(where: { !$0.escaped && InstructionSyntax.isBlank($0.scalar) }) else { return nil }
        let word = before[(blank + 1)...]
        guard let column = word.first?.column, let key = Key.named(Array(string(word).utf8)[...]) else { return nil }
        return (key, column)
    }

    // MARK: - Reading characters

    /// The characters written in `range` of `text` (whose first is in `column`), escapes
    /// resolved. The scan has checked every escape, so this only throws if it did not.
    static func units(_ range: Range<Int>, from text: ArraySlice<UInt8>, column: Int) throws(Failure) -> [Unit] {
        var units: [Unit] = []
        var offset = range.lowerBound
        var column = column
        while offset < range.upperBound {
            if text[offset] == UInt8(ascii: "\\") {
                let escape = try self.escape(at: offset, in: text, column: column)
                units.append(Unit(scalar: escape.scalar, escaped: true, column: column))
                offset += escape.length
                column += escape.length
            } else {
                units.append(Unit(scalar: scalar(at: offset, in: text), escaped: false, column: column))
                offset += sequenceLength(text[offset])
                column += 1
            }
        }
        return units
    }

    /// How many bytes the UTF-8 sequence starting with `byte` has.
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case ..<0x80: 1
        case ..<0xE0: 2
        case ..<0xF0: 3
        default: 4
        }
    }

    /// The character whose UTF-8 sequence starts at `offset` of `text`.
    static func scalar(at offset: Int, in text: ArraySlice<UInt8>) -> Unicode.Scalar {
        let lead = text[offset]
        let length = sequenceLength(lead)
        guard length > 1, offset + length <= text.endIndex else { return Unicode.Scalar(lead) }
        // The lead byte keeps 7 - length bits, each continuation byte six.
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for continuation in text[(offset + 1)..<(offset + length)] {
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static func string(_ units: some Collection<Unit>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: units.lazy.map(\.scalar))
        return String(text)
    }

    private static func failure(_ kind: Failure.Kind, _ message: String, _ column: Int, in text: ArraySlice<UInt8>) -> Failure {
        Failure(kind: kind, message: message, column: column, input: String(decoding: text, as: UTF8.self), seed: .invalidInstruction(message: message, column: column))
    }
}
#endif
