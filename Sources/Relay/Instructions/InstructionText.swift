/// Pure parsers that turn the raw contents of an instruction source into instructions
/// and positioned diagnostics. The source types (files, environment, standard input,
/// command line) read their input and hand it to these functions.
package enum InstructionText {
    /// Validates and decodes the bytes of a text source as UTF-8.
    ///
    /// Rejects input larger than `limits.maxBytes`, invalid UTF-8, NUL bytes and control
    /// characters other than tab, LF and CR, reporting the 1-based line and column
    /// (in Unicode scalars) of the first offending byte. A leading UTF-8 byte order mark
    /// is removed and does not count as a column.
    ///
    /// - Parameters:
    ///   - bytes: The raw contents.
    ///   - origin: Makes the origin for a 1-based line and column. An error about the
    ///     whole input uses `origin(1, 1)` with line and column removed.
    ///   - limits: The size limit to enforce.
    static func decode(
        bytes: some Collection<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> Result<String, DynamicInjectionError> {
        let count = bytes.count
        guard count <= limits.maxBytes else {
            return .failure(DynamicInjectionError(diagnostics: [limits.sizeError("the input", bytes: count, remedy: "split the file", at: origin(1, 1).withoutPosition)]))
        }
        var bytes = Array(bytes)[...]
        // One leading byte order mark is checked as no column, and kept: the `.relay`
        // parser drops it, and reports a second one.
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" : ""
        if !mark.isEmpty {
            bytes = bytes.dropFirst(3)
        }
        if let text = plainText(bytes) { return .success(mark + text) }
        return decodeScalarByScalar(bytes, origin: origin).map { mark + $0 }
    }

    /// ``decode(bytes:origin:limits:)`` the slow way, one scalar at a time, stopping at
    /// the first problem with its line and column. Used when ``plainText(_:)`` has found
    /// that there is a problem, and by tests to check that both agree.
    static func decodeScalarByScalar(
        _ bytes: ArraySlice<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin
    ) -> Result<String, DynamicInjectionError> {
        func failure(_ message: String, _ origin: InstructionOrigin) -> Result<String, DynamicInjectionError> {
            .failure(DynamicInjectionError(diagnostics: [.error(message, at: origin)]))
        }
        var text = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .emptyInput:
                return .success(String(text))
            case .error:
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                let hex = byte.count == 1 ? "0" + byte : byte
                return failure(
                    "invalid UTF-8 byte 0x\(hex); save the file as UTF-8",
                    origin(line, column)
                )
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\0" {
                    return failure("NUL byte; remove it — instruction sources must be text", origin(line, column))
                }
                if UserText.isControl(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                    return failure(
                        "control character \(InstructionSyntax.codePoint(scalar)); remove it, or inside a value write it as the escape \(UserText.unicodeEscape(scalar))",
                        origin(line, column)
                    )
                }
                text.append(scalar)
                offset += encoded.count
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
    }

    /// `bytes` as a `String` when they are valid UTF-8 without a rejected character (NUL
    /// or another control character but tab, LF and CR) — the usual case, checked in one
    /// pass over the bytes and the standard library's UTF-8 validation, both far cheaper
    /// than decoding scalar by scalar. `nil` when ``decode(bytes:origin:limits:)`` must
    /// walk the scalars to position an error.
    static func plainText(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            /// Whether the byte at `index` is allowed in plain text.
            func isPlain(at index: Int) -> Bool {
                let byte = buffer[index]
                // The usual byte: printable ASCII, or part of a character other than C1.
                if byte >= 0x20 && byte != 0x7F && byte != 0xC2 { return true }
                // C0 controls but tab, LF and CR; DEL; C1 controls (C2 80 … C2 9F).
                switch byte {
                case 0x09, 0x0A, 0x0D: return true
                case 0xC2: return !(index + 1 < buffer.count && (0x80...0x9F).contains(buffer[index + 1]))
                default: return false
                }
            }
            var index = 0
            // Eight bytes at a time; only a word holding a byte worth a closer look (a line
            // end, a tab, 0x7F, 0xC2, …) is looked at byte by byte.
            while index + 8 <= buffer.count {
                if ByteSearch.mayNeedCloserLook(ByteSearch.word(at: index, of: buffer)) {
                    for offset in index..<(index + 8) where !isPlain(at: offset) { return nil }
                }
                index += 8
            }
            while index < buffer.count {
                guard isPlain(at: index) else { return nil }
                index += 1
            }
            return String(validating: buffer, as: UTF8.self)
        }
    }

    /// Whether `bytes` are ASCII text that ``plainText(_:)`` accepts: no byte above 0x7F,
    /// no control character but tab, LF and CR. Eight bytes at a time.
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isPlain(_ byte: UInt8) -> Bool {
            (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        var index = 0
        while index + 8 <= bytes.count {
            let word = ByteSearch.word(at: index, of: bytes)
            if ByteSearch.hasNonASCII(word) || ByteSearch.mayNeedCloserLook(word) {
                for offset in index..<(index + 8) where !isPlain(bytes[offset]) { return false }
            }
            index += 8
        }
        while index < bytes.count {
            guard isPlain(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// Splits text into lines on U+000A, dropping one CR before each line end (CRLF).
    /// Works on Unicode scalars because `"\r\n"` is a single `Character`.
    static func lines(of scalars: some Collection<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
        let all = Array(scalars)
        var lines: [ArraySlice<Unicode.Scalar>] = []
        var start = all.startIndex
        for index in all.indices where all[index] == "\n" {
            lines.append(withoutTrailingCR(all[start..<index]))
            start = index + 1
        }
        lines.append(withoutTrailingCR(all[start...]))
        return lines
    }

    private static func withoutTrailingCR(_ line: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        line.last == "\r" ? line.dropLast() : line
    }

    /// Makes a `String` from scalars.
    static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
