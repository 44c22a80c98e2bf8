/// Finds the `-d` / `--dependency` arguments in a command line and classifies their values.
///
/// Recognised forms: `-d VALUE`, `--dependency VALUE`, `--dependency=VALUE` and `-dVALUE`
/// (when VALUE has an `=`, or is `@path` or `-`). Every other argument is ignored, and so
/// is everything after a `--` argument. A value is an
/// instruction, `@path` (a `.relay` file) or `-` (standard input).
///
/// The grammar is read once, by ``matches(_:)``, into ``Match`` values that carry no
/// message: a release build, which only removes these arguments
/// (`CommandLine.withoutDependencyArguments()`) or asks whether there are any (0.3's
/// parser), carries no message text; the machinery turns matches into ``Item``s.
enum DependencyArgumentScanner {
    /// One `-d` argument as the grammar reads it.
    enum Match {
        /// A flag with no argument after it (it was the last).
        case missingValue(flag: String, argumentIndex: Int)
        /// A flag followed by another flag, `next`, where its value should be.
        case flagAfterFlag(flag: String, next: String, argumentIndex: Int)
        /// A value; `columnOffset` scalars precede it inside its argument.
        case value(String, argumentIndex: Int, columnOffset: Int)
    }

    static let shortFlag = "-d"
    static let longFlag = "--dependency"
    static let longPrefix = "--dependency="
    /// Ends option processing; later arguments are never flags.
    static let endOfOptions = "--"

    /// The positions of every argument this source reads: each `-d`/`--dependency` flag,
    /// the value after it (unless that is another flag, which is left to the app), and
    /// each `--dependency=…`; nothing from a `--` on.
    static func dependencyArgumentIndices(_ arguments: [String]) -> Set<Int> {
        matches(arguments).consumed
    }

    /// Whether `arguments` holds any `-d`, `--dependency` or `--dependency=` argument
    /// before a `--`, well-formed or not.
    static func containsDependencyFlags(_ arguments: [String]) -> Bool {
        !matches(arguments).matches.isEmpty
    }

    /// Every `-d` argument, in argument order, and the positions of the arguments read.
    private static func matches(_ arguments: [String]) -> (matches: [Match], consumed: Set<Int>) {
        var matches: [Match] = []
        var consumed: Set<Int> = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == endOfOptions { break }
            if argument == shortFlag || argument == longFlag {
                consumed.insert(index)
                let valueIndex = index + 1
                guard valueIndex < arguments.endIndex else {
                    matches.append(.missingValue(flag: argument, argumentIndex: index))
                    break
                }
                let value = arguments[valueIndex]
                if value != "-" && value.hasPrefix("-") {
                    // No instruction starts with '-': this is the next flag, so the value is missing.
                    matches.append(.flagAfterFlag(flag: argument, next: value, argumentIndex: index))
                    index += 1
                    continue
                }
                matches.append(.value(value, argumentIndex: valueIndex, columnOffset: 0))
                consumed.insert(valueIndex)
                index += 2
            } else if argument.hasPrefix(longPrefix) {
                consumed.insert(index)
                let value = String(argument.unicodeScalars.dropFirst(longPrefix.unicodeScalars.count))
                matches.append(.value(value, argumentIndex: index, columnOffset: longPrefix.unicodeScalars.count))
                index += 1
            } else if let value = attachedValue(argument) {
                consumed.insert(index)
                matches.append(.value(value, argumentIndex: index, columnOffset: shortFlag.unicodeScalars.count))
                index += 1
            } else {
                index += 1
            }
        }
        return (matches, consumed)
    }

    /// The value of `-dVALUE` — the short flag with its value attached, as getopt reads it
    /// — when VALUE is one of this flag's values: an instruction (it has an `=`), `@path`
    /// or `-`. Other arguments that happen to start with `-d` (an app's `-debug`,
    /// `-destination`) are not Relay's and are left alone.
    private static func attachedValue(_ argument: String) -> String? {
        guard argument.hasPrefix(shortFlag), argument.count > shortFlag.count else { return nil }
        let value = String(argument.dropFirst(shortFlag.count))
        guard value == "-" || value.hasPrefix("@") || value.contains(Character("=")) else { return nil }
        return value
    }
}

#if RELAY_DRIVABLE // machinery: what the command-line source reads, with its messages
extension DependencyArgumentScanner {
    /// One recognised `-d` value, or a problem with one.
    enum Item: Hashable, Sendable {
        /// An instruction's text; `columnOffset` scalars precede it inside its argument.
        case instruction(String, argumentIndex: Int, columnOffset: Int)
        /// `@path`: the `.relay` file at `path`.
        case file(path: String, argumentIndex: Int)
        /// `-`: standard input.
        case standardInput(argumentIndex: Int)
        /// A malformed `-d` argument.
        case problem(RelayDiagnostic)
    }

    /// The note under a `-d` without its instruction, which is often the app's own `-d`:
    /// the flags are Relay's in every program whose start-up reads the command line, and
    /// cannot be renamed — every driver (`DependencyInstructionLaunchArgument`,
    /// `DriverLaunch`, a UI test's launch arguments, the docs) passes `-d` — so an app that
    /// needs `-d` leaves the command line to itself and takes instructions from the other
    /// channels.
    static func reservedFlagsNote(at argumentIndex: Int) -> RelayDiagnostic {
        .note(
            "Relay reads \(shortFlag) and \(longFlag) (up to a \(endOfOptions)) in every program that starts with DynamicDependencyRegistry.standard(), and the name cannot be changed; "
                + "if \(shortFlag) is your program's own flag, start with DynamicDependencyRegistry.standard(index:arguments: []), which reads no argument, don't call CommandLine.withoutDependencyArguments(), "
                + "and pass instructions in $RELAY_DEPENDENCIES or a .relay file",
            at: .commandLine(argumentIndex: argumentIndex)
        )
    }

    /// The example instruction shown in messages: keys of the index being read for, when
    /// known (``InstructionExample``).
    static var example: String { InstructionExample.current().instruction }

    /// Every `-d` value and problem, in argument order.
    static func scan(_ arguments: [String]) -> [Item] {
        matches(arguments).matches.map { match in
            switch match {
            case let .missingValue(flag, index):
                .problem(.error(
                    "\(flag) needs an instruction after it, e.g. \(flag) \(example)",
                    at: .commandLine(argumentIndex: index),
                    notes: [reservedFlagsNote(at: index)]
                ))
            case let .flagAfterFlag(flag, next, index):
                .problem(.error(
                    "\(flag) needs an instruction after it, but the next argument, \(UserText.quoted(next.unicodeScalars)), is a flag; e.g. \(flag) \(example)",
                    at: .commandLine(argumentIndex: index),
                    notes: [reservedFlagsNote(at: index)]
                ))
            case let .value(value, index, columnOffset):
                classify(value, argumentIndex: index, columnOffset: columnOffset)
            }
        }
    }

    private static func classify(_ value: String, argumentIndex: Int, columnOffset: Int) -> Item {
        if value == "-" {
            return .standardInput(argumentIndex: argumentIndex)
        }
        if value.hasPrefix("@") {
            let path = String(value.dropFirst())
            guard !path.isEmpty else {
                return .problem(.error(
                    "'@' needs a file path after it, e.g. -d @UITests/checkout.relay",
                    at: .commandLine(argumentIndex: argumentIndex, column: columnOffset + 1)
                ))
            }
            return .file(path: path, argumentIndex: argumentIndex)
        }
        return .instruction(value, argumentIndex: argumentIndex, columnOffset: columnOffset)
    }
}
#endif
