#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// Why ``RelayFileFormatter`` could not lay out a file. Both cases mean the text and the
/// instructions read from it disagree (or a bug in the formatter); the file must be left
/// as it is.
package enum RelayFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line `line` is neither blank, a comment, a scope header nor one of the instructions.
    case unexpectedLine(Int)
    /// The formatted text does not read back as the same instructions.
    case changesMeaning(String)

    /// What went wrong, for an `error:` message.
    package var description: String {
        switch self {
        case .unexpectedLine(let line):
            "line \(line) is not a comment, a scope header or a valid instruction; did the file change while it was formatted? Run relay check on it"
        case .changesMeaning(let detail):
            "the canonical form would not read back as the same instructions (\(detail)); the file was left unchanged — please report this as a bug"
        }
    }
}
#endif
