extension InstructionParser {
    /// Parses the UTF-8 text of one instruction: with ``parsePlain(_:defaultScope:)`` when
    /// it can, otherwise with the general parser (which also writes every error message).
    static func parse(utf8 text: UnsafeBufferPointer<UInt8>, defaultScope: DependencyContainerScope) throws(Failure) -> Parsed {
        if let parsed = parsePlain(text, defaultScope: defaultScope) { return parsed }
        return try parseGeneral(String(decoding: text, as: UTF8.self), defaultScope: defaultScope)
    }

    /// The fast path for the instructions people actually write: a *plain* instruction,
    /// read straight from its UTF-8 bytes in one pass, with no intermediate arrays,
    /// dictionaries or per-character values.
    ///
    /// Plain means: no backslash (so no escapes), no opening bracket `<`, `(` or `[` (so
    /// every `,` separates pairs), no control character other than tab, and no error of
    /// any kind — every pair non-empty with a known key given once and a non-empty value,
    /// `type` and `factory` present, `lifecycle` (if any) exactly `singleton` or
    /// `transient`. For such text the general parser's result is fully determined by
    /// those rules, and this returns exactly that result; for anything else it returns
    /// `nil` without deciding anything, and the caller runs the general parser, which
    /// finds the error and words it. So there is one grammar and one set of messages,
    /// and a test checks that both paths agree on every input this one accepts
    /// (`InstructionsPlainPathTests`).
    ///
    /// `text` must be valid UTF-8 (it comes from a `String`).
    static func parsePlain(_ text: UnsafeBufferPointer<UInt8>, defaultScope: DependencyContainerScope) -> Parsed? {
        var values = PlainValues()
        var pairStart = 0
        for index in text.indices {
            let byte = text[index]
            // Most bytes are none of the special ones: a bit test.
            if !PlainBytes.isSpecial(byte) { continue }
            if byte == UInt8(ascii: ",") {
                guard values.add(pair: pairStart..<index, of: text) else { return nil }
                pairStart = index + 1
            } else if PlainBytes.needsGeneralParser(byte, next: index + 1 < text.count ? text[index + 1] : 0) {
                return nil
            }
        }
        guard values.add(pair: pairStart..<text.count, of: text),
              let type = values.type, let factory = values.factory else { return nil }
        var lifecycle = LifecycleType.singleton
        if let given = values.lifecycle {
            guard let parsed = PlainBytes.lifecycle(UnsafeBufferPointer(rebasing: text[given])) else { return nil }
            lifecycle = parsed
        }
        let instruction = DependencyInjectionInstruction(
            type: DependencyTypeKey(PlainBytes.string(text, type)),
            factory: DependencyFactoryKey(PlainBytes.string(text, factory)),
            scope: values.scope.map { DependencyContainerScope(PlainBytes.string(text, $0)) } ?? defaultScope,
            lifecycle: lifecycle
        )
        // Columns count Unicode scalars: the scalars before the key, plus one.
        let scopeColumn = values.scopeKeyStart.map { PlainBytes.scalarCount(UnsafeBufferPointer(rebasing: text[..<$0])) + 1 }
        return Parsed(instruction: instruction, scopeIsExplicit: values.scope != nil, scopeColumn: scopeColumn)
    }

    /// The byte ranges of the values found so far, by key.
    private struct PlainValues {
        var type: Range<Int>?
        var factory: Range<Int>?
        var scope: Range<Int>?
        var lifecycle: Range<Int>?
        var scopeKeyStart: Int?

        /// Records the pair in `range`; `false` when it is not a well-formed pair with a
        /// known key given for the first time and a non-empty value.
        mutating func add(pair range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let equals = ByteSearch.firstIndex(of: UInt8(ascii: "="), in: text, within: range) else { return false }
            let keyRange = PlainBytes.trimmed(range.lowerBound..<equals, of: text)
            let value = PlainBytes.trimmed((equals + 1)..<range.upperBound, of: text)
            // An '=' in a value is an error; the general parser words it.
            guard !value.isEmpty, ByteSearch.firstIndex(of: UInt8(ascii: "="), in: text, within: value) == nil else { return false }
            let key = UnsafeBufferPointer(rebasing: text[keyRange])
            if PlainBytes.equals(key, "type"), type == nil {
                type = value
            } else if PlainBytes.equals(key, "factory"), factory == nil {
                factory = value
            } else if PlainBytes.equals(key, "scope"), scope == nil {
                scope = value
                scopeKeyStart = keyRange.lowerBound
            } else if PlainBytes.equals(key, "lifecycle"), lifecycle == nil {
                lifecycle = value
            } else {
                // An unknown key, or a known one given twice.
                return false
            }
            return true
        }
    }
}

/// Byte-level helpers of the plain path.
private enum PlainBytes {
    /// Whether the plain path must look at `byte` more closely: `,`, or a byte that may
    /// make the text not plain (``needsGeneralParser(_:next:)``). A bit set of the 256
    /// byte values, as four words.
    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        // C0 controls but tab; `(` (0x28), `,` (0x2C), `<` (0x3C).
        case 0: word = 0x1000_1100_FFFF_FDFF
        // `[` (0x5B), `\` (0x5C), DEL (0x7F).
        case 1: word = 0x8000_0000_1800_0000
        case 2: word = 0
        // 0xC2, the first byte of a C1 control.
        default: word = 0x4
        }
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// Whether `byte` (followed by `next`) means the text is not plain: a backslash, an
    /// opening bracket, or the first byte of a control character other than tab (C0,
    /// DEL, or C1 — U+0080…U+009F, encoded `C2 80`…`C2 9F`).
    @inline(__always)
    static func needsGeneralParser(_ byte: UInt8, next: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["), 0x7F: true
        case ..<0x20: byte != UInt8(ascii: "\t")
        case 0xC2: (0x80...0x9F).contains(next)
        default: false
        }
    }

    /// `range` without the spaces and tabs at either end.
    static func trimmed(_ range: Range<Int>, of text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isBlank(text[lower]) { lower += 1 }
        while upper > lower, isBlank(text[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    static func lifecycle(_ bytes: UnsafeBufferPointer<UInt8>) -> LifecycleType? {
        if equals(bytes, "singleton") { return .singleton }
        if equals(bytes, "transient") { return .transient }
        return nil
    }

    static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// The Unicode scalars in valid UTF-8: the bytes that are not continuation bytes.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
