extension CommandLine {
    /// Hands the process's arguments (after the program name) to each parser that can
    /// parse them, in order.
    ///
    /// ```swift
    /// try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    /// ```
    ///
    /// - Throws: The first parser error; parsers after it do not run.
    public static func parse(with parsers: [any ArgumentParser]) throws {
        try parse(with: parsers, arguments: Array(arguments.dropFirst()))
    }

    /// Hands `arguments` (without a program name) to each parser that can parse them, in
    /// order. Tests use this form.
    public static func parse(with parsers: [any ArgumentParser], arguments: [String]) throws {
        for parser in parsers where parser.canParse(arguments: arguments) {
            try parser.parse(arguments: arguments)
        }
    }
}
