/// Lexical rules shared by the instruction parser, the formatter and the source parsers.
enum InstructionSyntax {
    /// The valid keys, in canonical order.
    static let keys = ["type", "factory", "scope", "lifecycle"]

    /// The characters that a backslash turns into themselves (`\,` is a literal comma).
    static let selfEscapes: Set<Unicode.Scalar> = ["\\", ",", "=", ";", "#", " ", "<", ">", "(", ")", "[", "]"]

    /// The escapes list shown in error messages.
    static let escapeList = ##"\\ \, \= \; \# \<space> \< \> \( \) \[ \] \n \r \t \u{HEX}"##

    /// Space and tab: the only characters trimmed around keys and values.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    /// Whether `scalar` opens a bracket: `<`, `(` or `[`.
    static func isOpener(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "<" || scalar == "(" || scalar == "["
    }

    /// The closer matching `opener`.
    static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar {
        switch opener {
        case "<": ">"
        case "(": ")"
        default: "]"
        }
    }

    /// `U+0007` style name of a scalar, at least four hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

}
