import Relay

/// The `--help` text, listing the keys the running build has indexed.
enum DemoUsage {
    /// The help lines; the injectable types and factories come from `index`.
    static func lines(index: DynamicDependencyIndex) -> [String] {
        var lines = [
            "usage: relay-demo [--servings N] [--shopping-list] [--relay-explain] [-d INSTRUCTION | -d @FILE | -d -]...",
            "",
            "Prints the recipe of the day.",
            "",
            "  --servings N        scale ingredients and calories to N servings (1–\(DemoOptions.maxServings))",
            "  --shopping-list     print the ingredients as a shopping list (resolved from scope 'shopping')",
            "  --relay-explain     print Relay's injection report to standard error (or set RELAY_EXPLAIN=1)",
            "  -d, --dependency    a dynamic-injection instruction, @path to a .relay file, or - for standard input",
            "  -h, --help          show this help",
            "",
            "Instructions are also read from $RELAY_DEPENDENCIES, then $RELAY_DEPENDENCIES_FILE or ./.relay",
            "(see docs/configuration.md).",
        ]
        let types = index.typeKeys
        if types.isEmpty {
            lines += ["", "This build indexes no types: dynamic injection can change nothing."]
        } else {
            lines += ["", "Injectable types:"] + types.map { "  \($0)" }
            lines += ["", "Factories:"] + index.factoryKeys.map { "  \($0)" }
        }
        return lines
    }
}
