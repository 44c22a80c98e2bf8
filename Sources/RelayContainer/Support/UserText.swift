/// The one way Relay shows text a user wrote — a key, a scope, a path, an argument — inside
/// a message: with control and invisible format characters (terminal escapes, bidi
/// overrides, zero-width characters) written as `\u{…}`, and cut with `…` after
/// ``fragmentLimit`` scalars (a piece of an instruction) or ``nameLimit`` (a whole key,
/// scope or source name). Nothing a user wrote reaches a terminal any other way.
///
/// ```swift
/// UserText.quoted("App.\u{1B}]0;x\u{7}Clock")   // 'App.\u{1B}]0;x\u{7}Clock'
/// ```
package enum UserText {
    /// How many scalars of a piece of an instruction (a pair, a value) a message shows.
    package static let fragmentLimit = 40
    /// How many scalars of a key, scope or source name a message or report shows.
    package static let nameLimit = 120

    /// `'text'`, made safe for a one-line message; see the type's overview.
    package static func quoted(_ text: some StringProtocol, limit: Int? = fragmentLimit) -> String {
        "'" + escaped(text.unicodeScalars, limit: limit) + "'"
    }

    /// ``quoted(_:limit:)`` for scalars.
    package static func quoted(_ scalars: some Collection<Unicode.Scalar>, limit: Int? = fragmentLimit) -> String {
        "'" + escaped(scalars, limit: limit) + "'"
    }

    /// The text without quotes, escaped and cut as ``quoted(_:limit:)`` does (`nil`: never cut).
    package static func escaped(_ text: some StringProtocol, limit: Int? = nameLimit) -> String {
        escaped(text.unicodeScalars, limit: limit)
    }

    /// ``escaped(_:limit:)`` for scalars.
    package static func escaped(_ scalars: some Collection<Unicode.Scalar>, limit: Int? = nameLimit) -> String {
        var text = ""
        var count = 0
        for scalar in scalars {
            if let limit, count >= limit { return text + "…" }
            if isControl(scalar) || isInvisible(scalar) {
                text += unicodeEscape(scalar)
            } else {
                text.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return text
    }

    /// A control character (general category Cc): U+0000–U+001F and U+007F–U+009F.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// An invisible formatting character (general category Cf): bidi overrides and
    /// isolates, zero-width joiners and spaces, the byte order mark.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format
    }

    /// `\u{7}` style escape of a scalar.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
