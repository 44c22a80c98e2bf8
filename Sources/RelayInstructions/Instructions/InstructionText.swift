#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import RelayContainer
/// Pure parsers that turn the raw contents of an instruction source into instructions
/// and positioned diagnostics. The source types (files, environment, standard input,
/// command line) read their input and hand it to these functions.
package enum InstructionText {
    /// Validates and decodes the bytes of a text source as UTF-8.
    ///
    /// Rejects input larger than `limits.maxBytes`, invalid UTF-8, NUL bytes, control
    /// characters other than tab, LF and CR, and a CR not followed by a LF (a lone CR is
    /// neither a line end nor text: it is an error everywhere, in a comment too), reporting the 1-based line and column
    /// (in Unicode scalars) of the first offending byte. A leading UTF-8 byte order mark
    /// does not count as a column, and stays in the text: the `.relay` parser drops it.
    ///
    /// - Parameters:
    ///   - bytes: The raw contents.
    ///   - origin: Makes the origin for a 1-based line and column. An error about the
    ///     whole input uses `origin(1, 1)` with line and column removed.
    ///   - limits: The size limit to enforce.
    package static func decode(
        bytes: some Collection<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> Result<String, DynamicInjectionError> {
        checked(bytes: bytes, origin: origin, limits: limits).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``decode(bytes:origin:limits:)``'s checks, returning the bytes themselves: a parser
    /// that works on UTF-8 bytes (the `.relay` parser) gets them without a `String` made
    /// and taken apart again in between.
    package static func checked(
        bytes: some Collection<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin,
        limits: InstructionSourceLimits
    ) -> Result<ArraySlice<UInt8>, DynamicInjectionError> {
        let bytes = Array(bytes)[...]
        guard bytes.count <= limits.maxBytes else {
            return .failure(DynamicInjectionError(diagnostics: [limits.sizeError("the input", bytes: bytes.count, remedy: "split the file", at: origin(1, 1).withoutPosition)]))
        }
        // Nearly all text has nothing to report, which one quick pass over the bytes
        // decides; only text with a problem is walked scalar by scalar to position it.
        if !isPlainText(withoutByteOrderMark(bytes)), let problem = firstProblem(in: bytes, origin: origin) {
            return .failure(DynamicInjectionError(diagnostics: [problem]))
        }
        return .success(bytes)
    }

    /// The problem ``decode(bytes:origin:limits:)`` would report for the UTF-8 of `text`
    /// (a NUL, a control character other than tab, LF and CR, or a lone CR), so that text that is
    /// already a `String` gives the same answer as its bytes; `nil` when there is none.
    static func problem(inText text: ArraySlice<UInt8>, origin: (_ line: Int, _ column: Int) -> InstructionOrigin) -> RelayDiagnostic? {
        isPlainText(withoutByteOrderMark(text)) ? nil : firstProblem(in: text, origin: origin)
    }

    /// The first thing in `bytes` that a text source must not hold — a byte that is not
    /// UTF-8, a NUL, a control character other than tab, LF and CR, or a CR not followed by
    /// a LF — as an error at its
    /// 1-based line and column (in Unicode scalars); `nil` when there is none.
    ///
    /// It walks the text scalar by scalar, so it is asked only once a quick look
    /// (``isPlainText(_:)``) has found something. One
    /// leading UTF-8 byte order mark is skipped and is no column: the `.relay` parser drops
    /// it (and reports a second one).
    private static func firstProblem(
        in bytes: ArraySlice<UInt8>,
        origin: (_ line: Int, _ column: Int) -> InstructionOrigin
    ) -> RelayDiagnostic? {
        let bytes = withoutByteOrderMark(bytes)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        var line = 1
        var column = 1
        // Where the CR just read stands, until the next scalar shows whether it starts a CRLF.
        var carriageReturn: (line: Int, column: Int)?
        while true {
            let next = parser.parseScalar(from: &iterator)
            if let (crLine, crColumn) = carriageReturn {
                guard case .valid(let encoded) = next, Unicode.UTF8.decode(encoded) == "\n" else {
                    return .error(Self.loneCarriageReturn, at: origin(crLine, crColumn))
                }
                carriageReturn = nil
            }
            switch next {
            case .emptyInput:
                return nil
            case .error:
                return .error("invalid UTF-8 byte \(UTF8Validation.hex(bytes[offset])); save the file as UTF-8", at: origin(line, column))
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\0" {
                    return .error("NUL byte; remove it — instruction sources must be text", at: origin(line, column))
                }
                if UserText.isControl(scalar) && scalar != "\t" && scalar != "\n" && scalar != "\r" {
                    return .error(
                        "control character \(InstructionSyntax.codePoint(scalar)); remove it, or inside a value write it as the escape \(UserText.unicodeEscape(scalar))",
                        at: origin(line, column)
                    )
                }
                if scalar == "\r" { carriageReturn = (line, column) }
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

    /// The error for a CR that is not followed by a LF.
    static let loneCarriageReturn = "carriage return (U+000D) that does not end a line: a line ends with LF or CRLF; "
        + "remove it, end the line with a line feed, or inside a value write it as the escape \\r"

    private static func withoutByteOrderMark(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
    }

    /// Whether `bytes` are valid UTF-8 holding no NUL, no other control character but
    /// tab, LF and CR, and no CR but before a LF: the quick check that lets nearly all text skip
    /// ``firstProblem(in:origin:)``.
    ///
    /// Printable ASCII, tab and LF cost a comparison or two a byte, and a CR one more to
    /// see the LF after it. A byte from 0x80 up starts a sequence of two to four bytes, and
    /// the lead byte says how many continuation bytes (each 80…BF) follow and which range
    /// the first of them must be in: that range is what rules out overlong forms (E0, F0),
    /// surrogates (ED), values above 10FFFF (F4), and the C1 controls U+0080…U+009F
    /// (C2 80…C2 9F).
    static func isPlainText(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte < 0x7F || byte == 0x09 || byte == 0x0A { continue }
            if byte == 0x0D {
                // A CR is text only as the first half of a CRLF line end.
                guard index < bytes.endIndex, bytes[index] == 0x0A else { return false }
                continue
            }
            let needed: Int
            let first: ClosedRange<UInt8>
            switch byte {
            case 0xC2: (needed, first) = (1, 0xA0...0xBF)
            case 0xC3...0xDF: (needed, first) = (1, 0x80...0xBF)
            case 0xE0: (needed, first) = (2, 0xA0...0xBF)
            case 0xED: (needed, first) = (2, 0x80...0x9F)
            case 0xE1...0xEF: (needed, first) = (2, 0x80...0xBF)
            case 0xF0: (needed, first) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (needed, first) = (3, 0x80...0xBF)
            case 0xF4: (needed, first) = (3, 0x80...0x8F)
            default: return false
            }
            guard bytes.endIndex - index >= needed, first.contains(bytes[index]) else { return false }
            for continuation in bytes[(index + 1)..<(index + needed)] where continuation & 0xC0 != 0x80 {
                return false
            }
            index += needed
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
    package static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
#endif
