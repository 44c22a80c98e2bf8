/// Quotes paths for shell commands shown in messages (`chmod o-w <path>`).
package enum ShellQuoting {
    /// `text` unchanged if it holds only characters no shell treats specially;
    /// otherwise wrapped in single quotes, with each `'` written as `'\''`.
    package static func quote(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+,:@%".unicodeScalars.contains(scalar))
        }
        if plain { return text }
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
}
