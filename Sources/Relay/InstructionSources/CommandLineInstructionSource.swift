#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// Reads instructions from launch arguments: `-d INSTRUCTION`, `--dependency INSTRUCTION`
/// `--dependency=INSTRUCTION` or `-dINSTRUCTION` (the value attached, as getopt reads it;
/// taken only when it has an `=` or is `@path` or `-`, so an app's own `-debug` flag is
/// left alone), each flag giving one value.
///
/// ```swift
/// // A UI test appends; a `@path` must be absolute there (an iOS app's working directory is /)
/// app.launchArguments += ["-d", "type=MyApp.Backend,factory=MyApp.Backend.Stub",
///                         "-d", "@" + fixtureURL.path]
/// ```
///
/// A value is one of:
/// - an instruction, e.g. `-d type=MyApp.Backend,factory=MyApp.Backend.Stub`;
/// - `@path`, a `.relay` file read exactly like ``ConfigFileInstructionSource`` (required
///   to exist; its instructions and errors carry file positions, `path:line:column`);
/// - `-`, standard input in the `.relay` format, read through ``standardInput`` — at most
///   once per command line.
///
/// Instructions come back in argument order, with a file's or standard input's
/// instructions at the position of their `-d`. Every other argument is ignored, so an app
/// can keep its own flags; after a `--` argument nothing is recognised. `-d` and
/// `--dependency` are reserved: they are taken as this source's flags wherever they appear.
///
/// **Argument indexes.** ``arguments`` excludes the program name, and origins count from
/// 0 in that array: `argv[0]` in a message is the first argument after the program name
/// (the index in a UI test's `launchArguments`). ``standard()`` passes
/// `CommandLine.arguments.dropFirst()`. An instruction's origin is
/// `.commandLine(argumentIndex:)`; a syntax error adds the column inside that argument,
/// so messages read `argv[3]:12: error: …`. For `--dependency=…` and `-d…` the column
/// counts from the start of the whole argument, the flag included.
public struct CommandLineInstructionSource: DependencyInstructionSource {
    /// The launch arguments, without the program name.
    public let arguments: [String]
    /// The source read for a `-d -` argument.
    public let standardInput: StandardInputInstructionSource
    /// The bytes of ``arguments`` as the process received them (``standard()`` and the
    /// standard set-up), so that a byte that is not UTF-8 is reported where it is;
    /// `nil` for arguments given in code.
    let rawArguments: [[UInt8]]?
    /// The directory a relative `-d @path` is resolved against; `nil` (the default): the
    /// current directory, as in the program itself. A driver that reads a launch's
    /// instructions before the launch sets the launch's working directory here.
    package var fileDirectory: String?

    /// `command line`.
    public var name: String { "command line" }

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - arguments: The launch arguments **without** the program name; indexes in
    ///     origins are indexes into this array.
    ///   - standardInput: Read when an argument is `-d -`, and never otherwise.
    public init(arguments: [String], standardInput: StandardInputInstructionSource = StandardInputInstructionSource()) {
        self.init(arguments: arguments, rawArguments: nil, standardInput: standardInput)
    }

    init(arguments: [String], rawArguments: [[UInt8]]?, standardInput: StandardInputInstructionSource) {
        self.arguments = arguments
        self.rawArguments = rawArguments.flatMap { $0.count == arguments.count ? $0 : nil }
        self.standardInput = standardInput
    }

    /// The process's own arguments, `CommandLine.arguments.dropFirst()`, with the real
    /// standard input for `-d -`. An argument that is not UTF-8 is reported at its bad
    /// byte, and a `-d @path` whose path is not UTF-8 still opens the file.
    public static func standard() -> CommandLineInstructionSource {
        CommandLineInstructionSource(arguments: Array(CommandLine.arguments.dropFirst()), rawArguments: ProcessArguments.raw(), standardInput: StandardInputInstructionSource())
    }

    /// Reads every `-d` value, its files and, if asked, standard input.
    ///
    /// - Returns: The instructions in argument order.
    /// - Throws: ``DynamicInjectionError`` with every problem from every argument: a `-d`
    ///   with no value after it (`argv[N]: error: -d needs an instruction after it, e.g. …`)
    ///   or followed by another flag; `@` without a path; a value over
    ///   ``InstructionSourceLimits/maxBytes``; instruction syntax errors; every error of a
    ///   `-d @path` file (see ``ConfigFileInstructionSource/readInstructions(context:)``)
    ///   or of standard input (see ``StandardInputInstructionSource/readInstructions(context:)``);
    ///   a second `-d -`; more than ``InstructionSourceLimits/maxInstructions``
    ///   instructions on the whole command line; and two instructions for the same
    ///   (scope, type, tag) anywhere on the command line, files and standard input included.
    public func readInstructions(context: InstructionReadContext) throws -> [LocatedInstruction] {
        try InstructionSourceParsing.finish(read(limits: context.limits))
    }

    /// Reads every `-d` value without the duplicate check.
    func read(limits: InstructionSourceLimits) -> InstructionSourceReadResult {
        var collector = CommandLineInstructionCollector(limits: limits)
        var standardInputIndex: Int?
        for item in DependencyArgumentScanner.scan(arguments) {
            switch item {
            case .problem(let diagnostic):
                collector.report(diagnostic)
            case .instruction(let text, let index, let offset):
                if let raw = rawArguments?[index], let bad = UTF8Validation.firstInvalidByte(in: raw) {
                    collector.report(.error(
                        "invalid UTF-8 byte \(UTF8Validation.hex(bad.byte)) in the argument; pass instructions as UTF-8 text",
                        at: .commandLine(argumentIndex: index, column: bad.column)
                    ))
                    continue
                }
                collector.addInstruction(text, argumentIndex: index, columnOffset: offset)
            case .file(let path, let index):
                var source = ConfigFileInstructionSource(path: path, isRequired: true, workingDirectory: fileDirectory)
                source.rawPath = rawPath(ofFileArgument: index)
                let file = source.read(limits: limits)
                collector.add(file, namedBy: .note("the file is named here", at: .commandLine(argumentIndex: index)))
            case .standardInput(let index):
                if let first = standardInputIndex {
                    collector.report(.error(
                        "standard input can be read only once; remove one of the '-d -' arguments",
                        at: .commandLine(argumentIndex: index),
                        notes: [.note("standard input is first read here", at: .commandLine(argumentIndex: first))]
                    ))
                    continue
                }
                standardInputIndex = index
                let input = standardInput.read(limits: limits)
                collector.add(input, namedBy: .note("standard input is read because of this argument", at: .commandLine(argumentIndex: index)))
            }
        }
        return collector.result
    }
}

extension CommandLineInstructionSource {
    /// The raw bytes of the path in the `@path` argument at `index`, when the argument is
    /// not UTF-8 (so the path shown has U+FFFD where the file system's name does not).
    func rawPath(ofFileArgument index: Int) -> [UInt8]? {
        guard let raw = rawArguments?[index], UTF8Validation.firstInvalidByte(in: raw) != nil,
              let at = raw.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        return Array(raw[raw.index(after: at)...])
    }
}

extension CommandLineInstructionSource: AbsenceReporting {
    /// `no -d` when no argument is a `-d`/`--dependency` form.
    var absence: String? {
        DependencyArgumentScanner.containsDependencyFlags(arguments) ? nil : "no -d"
    }
}
#endif
