/// Something that handles some of a program's command-line arguments.
///
/// ``Swift/CommandLine/parse(with:arguments:)`` hands the arguments to every parser that
/// ``canParse(arguments:)`` them. Parsers ignore arguments that are not theirs, so the
/// app's own flags can sit alongside.
public protocol ArgumentParser {
    /// Whether `arguments` contain anything this parser handles.
    func canParse(arguments: [String]) -> Bool

    /// Handles the arguments.
    ///
    /// - Parameter arguments: The program's arguments; from
    ///   ``Swift/CommandLine/parse(with:)``, all of `CommandLine.arguments`, the program name first.
    /// - Throws: When the arguments meant for this parser are malformed.
    func parse(arguments: [String]) throws
}
