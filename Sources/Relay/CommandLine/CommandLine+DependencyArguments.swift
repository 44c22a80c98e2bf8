extension CommandLine {
    /// The arguments for your app's own parser: `arguments` without the ones Relay reads.
    ///
    /// Removes exactly the arguments ``CommandLineInstructionSource`` reads — each `-d` or
    /// `--dependency` flag with its value, in every form that source accepts (`-d VALUE`,
    /// `--dependency VALUE`, `--dependency=VALUE`) — as that source finds them: a `-d`
    /// followed by another flag (`-d --verbose`) loses only the `-d` (Relay reports it as
    /// missing its instruction), and from a `--` argument on nothing is removed, `--`
    /// included, so your parser still sees where its operands start. Everything else keeps
    /// its order.
    ///
    /// ```swift
    /// // my-app --verbose -d type=MyApp.Clock,factory=MyApp.Clock.Fixed input.txt
    /// try DynamicDependencyRegistry.standard(index: .myApp).inject()
    /// let options = try MyOptions.parse(CommandLine.withoutDependencyArguments())
    /// // MyOptions sees ["--verbose", "input.txt"]
    /// ```
    ///
    /// - Parameter arguments: The arguments **without** the program name; by default the
    ///   process's own, `CommandLine.arguments.dropFirst()`.
    /// - Returns: The arguments that are not Relay's, without the program name.
    public static func withoutDependencyArguments(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> [String] {
        let relays = DependencyArgumentScanner.dependencyArgumentIndices(arguments)
        return arguments.indices.filter { !relays.contains($0) }.map { arguments[$0] }
    }
}
