/// The characters in `text` that must never reach a terminal raw: controls (general
/// category Cc — ESC, BEL, …) other than the line feed that ends a line, and invisible
/// format characters (Cf — U+202E and the other bidi overrides, zero-width characters).
public func rawControlCharacters(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
        (scalar.properties.generalCategory == .control && scalar != "\n") || scalar.properties.generalCategory == .format
    }
}

/// Text that names a file or a variable the way a hostile environment could: a terminal
/// escape (ESC … BEL, which sets a window title) and a right-to-left override.
public let hostileText = "\u{1B}]0;owned\u{7}\u{202E}"

/// How ``hostileText`` reads once escaped by Relay's `UserText`.
public let hostileTextEscaped = #"\u{1B}]0;owned\u{7}\u{202E}"#
