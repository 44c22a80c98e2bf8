#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// Parses the command line of `relay` (the arguments after the program name).
///
/// ```text
/// relay check [--index MANIFEST] PATH… | -
/// relay explain [-d INSTRUCTION | --dependency INSTRUCTION | --dependency=INSTRUCTION]… [--file PATH] [--index MANIFEST] [--json]
/// relay format [--check] PATH…
/// relay help [COMMAND]      relay --help      relay COMMAND --help
/// ```
///
/// Options may come in any order; `-h` or `--help` anywhere before `--` asks for the
/// command's help. After `--`, `check` and `format` take every argument as a path.
package enum RelayToolArguments {
    /// Parses `arguments`, which exclude the program name.
    ///
    /// - Throws: ``RelayUsageError`` for a missing or unknown command, an unknown option,
    ///   an option without its value, or missing or unexpected paths.
    package static func parse(_ arguments: [String]) throws(RelayUsageError) -> RelayInvocation {
        guard let command = arguments.first else {
            throw RelayUsageError("missing command; use check, explain, format or help")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help":
            return try parseHelp(rest)
        case RelaySubcommand.help.rawValue:
            return try parseHelp(rest)
        case RelaySubcommand.check.rawValue:
            return try parsePaths(rest, for: .check)
        case RelaySubcommand.format.rawValue:
            return try parsePaths(rest, for: .format)
        case RelaySubcommand.explain.rawValue:
            return try parseExplain(arguments)
        case _ where command.hasPrefix("-"):
            throw RelayUsageError("unknown option '\(command)'; options go after the command, e.g. relay check --help")
        default:
            throw RelayUsageError("unknown command '\(command)'; use check, explain, format or help")
        }
    }

    /// `help [COMMAND]`.
    private static func parseHelp(_ rest: [String]) throws(RelayUsageError) -> RelayInvocation {
        guard let topic = rest.first else { return .help(nil) }
        guard rest.count == 1, let command = RelaySubcommand(rawValue: topic) else {
            throw RelayUsageError("help takes one command name: check, explain, format or help", subcommand: .help)
        }
        return .help(command)
    }

    /// `check` and `format`: paths, `--`, `--help`, `--check` for `format` and
    /// `--index MANIFEST` for `check`.
    private static func parsePaths(_ rest: [String], for command: RelaySubcommand) throws(RelayUsageError) -> RelayInvocation {
        var paths: [String] = []
        var checkOnly = false
        var index: String?
        var optionsEnded = false
        var position = rest.startIndex
        while position < rest.endIndex {
            let argument = rest[position]
            position += 1
            if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                switch argument {
                case "--": optionsEnded = true
                case "-h", "--help": return .help(command)
                case "--check" where command == .format: checkOnly = true
                case "--index" where command == .check:
                    guard position < rest.endIndex else { throw RelayUsageError("option '--index' needs a value", subcommand: command) }
                    try setIndex(&index, rest[position], for: command)
                    position += 1
                case _ where command == .check && argument.hasPrefix("--index="):
                    try setIndex(&index, String(argument.dropFirst("--index=".count)), for: command)
                default: throw RelayUsageError("unknown option '\(argument)' for 'relay \(command.rawValue)'", subcommand: command)
                }
                continue
            }
            paths.append(argument)
        }
        let standardInputCount = paths.filter { $0 == "-" }.count
        if command == .format {
            guard !paths.isEmpty else { throw RelayUsageError("format needs at least one PATH", subcommand: command) }
            guard standardInputCount == 0 else {
                throw RelayUsageError("format rewrites files in place and cannot read standard input ('-'); name a file", subcommand: command)
            }
            return .format(paths: paths, checkOnly: checkOnly)
        }
        guard !paths.isEmpty else { throw RelayUsageError("check needs at least one PATH, or - for standard input", subcommand: command) }
        guard standardInputCount <= 1 else { throw RelayUsageError("standard input ('-') can be checked only once", subcommand: command) }
        return .check(paths: paths, index: index)
    }

    /// Records `--index`'s value; it may be given once and not be empty.
    private static func setIndex(_ index: inout String?, _ path: String, for command: RelaySubcommand) throws(RelayUsageError) {
        guard index == nil else { throw RelayUsageError("--index can be given only once", subcommand: command) }
        guard !path.isEmpty else { throw RelayUsageError("--index needs the path of an index manifest", subcommand: command) }
        index = path
    }

    /// `explain`; `arguments` still holds the command at index 0 so that positions match
    /// the whole command line.
    private static func parseExplain(_ arguments: [String]) throws(RelayUsageError) -> RelayInvocation {
        var options = RelayExplainOptions(dependencyArguments: Array(repeating: "", count: arguments.count))
        func value(after index: Int) throws(RelayUsageError) -> String {
            let option = arguments[index]
            guard index + 1 < arguments.count else {
                throw RelayUsageError("option '\(option)' needs a value", subcommand: .explain)
            }
            let value = arguments[index + 1]
            guard value == "-" || !value.hasPrefix("-") else {
                throw RelayUsageError("option '\(option)' needs a value, but the next argument, '\(value)', is an option", subcommand: .explain)
            }
            return value
        }
        func setFile(_ path: String) throws(RelayUsageError) {
            guard options.file == nil else { throw RelayUsageError("--file can be given only once", subcommand: .explain) }
            guard !path.isEmpty else { throw RelayUsageError("--file needs a path", subcommand: .explain) }
            options.file = path
        }

        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                return .help(.explain)
            case "--json":
                options.json = true
            case "-d", "--dependency":
                options.dependencyArguments[index] = argument
                options.dependencyArguments[index + 1] = try value(after: index)
                index += 1
            case "--file":
                try setFile(try value(after: index))
                index += 1
            case "--index":
                try setIndex(&options.index, try value(after: index), for: .explain)
                index += 1
            case _ where argument.hasPrefix("--index="):
                try setIndex(&options.index, String(argument.dropFirst("--index=".count)), for: .explain)
            case _ where argument.hasPrefix("--dependency="):
                options.dependencyArguments[index] = argument
            case _ where argument.hasPrefix("--file="):
                try setFile(String(argument.dropFirst("--file=".count)))
            case _ where argument.hasPrefix("-"):
                throw RelayUsageError("unknown option '\(argument)' for 'relay explain'", subcommand: .explain)
            default:
                throw RelayUsageError("unexpected argument '\(argument)'; give instructions with -d, and a file with --file PATH or -d @PATH", subcommand: .explain)
            }
            index += 1
        }
        return .explain(options)
    }
}
#endif
