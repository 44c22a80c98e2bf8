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

    /// A control character (general category Cc): U+0000–U+001F and U+007F–U+009F.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
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

    /// `\u{7}` style escape of a scalar.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// User text made safe to quote in a one-line message: control and invisible format
    /// characters become `\u{…}`, and text longer than 40 scalars is cut with `…`.
    static func quoted(_ scalars: some Collection<Unicode.Scalar>) -> String {
        var text = ""
        for scalar in scalars.prefix(40) {
            if isControl(scalar) || scalar.properties.generalCategory == .format {
                text += unicodeEscape(scalar)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return "'" + text + (scalars.count > 40 ? "…'" : "'")
    }
}
