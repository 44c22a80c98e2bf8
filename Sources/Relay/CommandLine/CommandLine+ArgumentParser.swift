extension CommandLine {
    /// Hands the process's arguments — all of `CommandLine.arguments`, the program name
    /// first, as Relay 0.3 did — to each parser that can parse them, in order.
    ///
    /// ```swift
    /// try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
    /// ```
    ///
    /// - Throws: The first parser error; parsers after it do not run.
    public static func parse(with parsers: [any ArgumentParser]) throws {
        try parse(with: parsers, arguments: arguments)
    }

    /// Hands `arguments`, as given, to each parser that can parse them, in order. Tests
    /// use this form; pass the program name first if your parsers expect it.
    public static func parse(with parsers: [any ArgumentParser], arguments: [String]) throws {
        for parser in parsers where parser.canParse(arguments: arguments) {
            try parser.parse(arguments: arguments)
        }
    }
}
