import Relay

/// The `--help` text, listing the keys the running build has indexed.
enum DemoUsage {
    /// The help lines; the injectable types and factories come from the index's manifest.
    static func lines() -> [String] {
        [
            "usage: relay-demo [--servings N] [--shopping-list] [--compact] [-d INSTRUCTION | -d @FILE | -d -]...",
            "",
            "Prints the recipe of the day.",
            "",
            "  --servings N        scale ingredients and calories to N servings (1–\(DemoOptions.maxServings))",
            "  --shopping-list     print the ingredients as a shopping list (resolved from scope 'shopping')",
            "  --compact           print the ingredients on one line (the formatter tagged 'Compact')",
            "  -d, --dependency    a dynamic-injection instruction, @path to a .relay file, or - for standard input",
            "  -h, --help          show this help",
            "",
            "Instructions are also read from $RELAY_DEPENDENCIES, then $RELAY_DEPENDENCIES_FILE or ./.relay;",
            "RELAY_EXPLAIN=1 prints what was bound, and from where, to standard error (see docs/configuration.md).",
            "",
        ] + injectable
    }

    /// The injectable types, each with the factories that produce it. A release build of
    /// Relay carries no dynamic injection (docs/architecture.md), so it has no manifest
    /// to list.
    private static var injectable: [String] {
        #if DEBUG
        ["Injectable types, each with the factories that produce it:"]
            + DynamicDependencyIndex.relayDemo.manifest().description.split(separator: "\n").map { "  \($0)" }
        #else
        ["This release build reads no instruction: Relay's dynamic injection is compiled out."]
        #endif
    }
}
