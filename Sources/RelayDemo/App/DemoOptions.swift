/// The app's own command-line options.
///
/// Relay reads the `-d` / `--dependency` arguments itself; this parser is given the
/// command line without them (`CommandLine.withoutDependencyArguments`), so the two
/// coexist in one command line:
///
/// ```sh
/// relay-demo --servings 4 -d type=RelayDemo.Clock,factory=RelayDemo.Clock.Fixed --shopping-list
/// ```
struct DemoOptions: Equatable, Sendable {
    /// Cook for this many people instead of the recipe's own number of servings.
    var servings: Int?
    /// Print the ingredients as a shopping list, formatted by the `shopping` scope.
    var shoppingList = false
    /// Print the ingredients on one line, with the formatter registered under the tag
    /// `Compact`.
    var compact = false
    /// Print the usage and stop.
    var help = false

    /// The largest `--servings` accepted.
    static let maxServings = 99

    /// Options with every default.
    init() {}

    /// Parses `arguments` (without the program name, and without Relay's arguments).
    ///
    /// - Throws: ``DemoUsageError`` for an unknown option, a stray argument or a bad
    ///   `--servings` value.
    init(parsing arguments: [String]) throws(DemoUsageError) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "--shopping-list":
                shoppingList = true
            case "--compact":
                compact = true
            case "-h", "--help":
                help = true
            case "--servings":
                guard index < arguments.endIndex else {
                    throw DemoUsageError(description: "--servings needs a number after it, e.g. --servings 4")
                }
                servings = try Self.servings(arguments[index])
                index += 1
            case _ where argument.hasPrefix("--servings="):
                servings = try Self.servings(String(argument.dropFirst("--servings=".count)))
            case "--":
                if index < arguments.endIndex {
                    throw DemoUsageError(description: "unexpected argument '\(arguments[index])'; relay-demo takes no operands")
                }
            case _ where argument.hasPrefix("-"):
                throw DemoUsageError(description: "unknown option '\(argument)'; run relay-demo --help for the options")
            default:
                throw DemoUsageError(description: "unexpected argument '\(argument)'; relay-demo takes no operands (an instruction needs -d before it)")
            }
        }
    }

    private static func servings(_ text: String) throws(DemoUsageError) -> Int {
        guard let value = Int(text), (1...maxServings).contains(value) else {
            throw DemoUsageError(description: "--servings needs a whole number from 1 to \(maxServings), not '\(text)'")
        }
        return value
    }
}
