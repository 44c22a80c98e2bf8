#if RELAY_DRIVABLE // machinery: only the sources, the formatter and `relay` use this
/// Quotes paths for shell commands shown in messages (`chmod o-w <path>`).
package enum ShellQuoting {
    /// `text` as one shell word: unchanged if it holds only characters no shell treats
    /// specially; otherwise in single quotes, with each `'` written as `'\''`. A text with
    /// control or invisible characters is written in ANSI-C quoting (`$'…\x1B…'`, which
    /// bash, zsh and ksh read back exactly), so that no such character ever reaches the
    /// terminal raw.
    package static func quote(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        if plain { return text }
        if text.unicodeScalars.contains(where: { UserText.isControl($0) || UserText.isInvisible($0) }) {
            return ansiC(text)
        }
        var quoted = "'"
        for character in text {
            if character == "'" {
                quoted += #"'\''"#
            } else {
                quoted.append(character)
            }
        }
        return quoted + "'"
    }

    /// `$'…'` with `\\`, `\'`, and every control or invisible scalar as `\xHH` (its UTF-8
    /// bytes).
    private static func ansiC(_ text: String) -> String {
        var quoted = "$'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += #"\\"#
            case "'": quoted += #"\'"#
            case _ where UserText.isControl(scalar) || UserText.isInvisible(scalar):
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    quoted += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
#endif
