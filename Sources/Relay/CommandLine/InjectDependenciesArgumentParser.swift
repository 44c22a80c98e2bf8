// Front door: CommandLine — the seed's argument-parser API. Uses every layer below it;
// not LaunchArguments (a sibling).

/// Registers the instructions given with `-d` / `--dependency` on the command line.
///
/// ```swift
/// try CommandLine.parse(with: [InjectDependenciesArgumentParser()])
/// ```
///
/// accepts `-d X`, `--dependency X`, `--dependency=X`, `-d @path/to/file.relay` and
/// `-d -` (instructions on standard input). It runs a ``DynamicDependencyRegistry`` whose
/// only source is a ``CommandLineInstructionSource``, so the same checks apply: every
/// instruction is registered, or — when any is wrong — none is and the error lists them
/// all. To also read `RELAY_DEPENDENCIES` and `.relay` files, use
/// ``DynamicDependencyRegistry/standard(index:policy:limits:arguments:environment:workingDirectory:)``.
///
/// **Release builds.** Calling this parser is the app's opt-in, as in Relay 0.3: its
/// policy is ``DynamicInjectionPolicy/enabled`` unless you pass another, so it reads `-d`
/// in every build configuration. Keep the call inside `#if DEBUG` (as the seed's README
/// does), or pass `policy: .default` to read nothing in release builds.
///
/// **Argument positions.** Messages say `argv[N]` with `N` the index in the array the
/// parser is given — from ``Swift/CommandLine/parse(with:)``, the process's real `argv`.
public struct InjectDependenciesArgumentParser: ArgumentParser, Sendable {
    /// The allow-list of types and factories.
    public var index: DynamicDependencyIndex
    /// Whether the arguments are read at all (``DynamicInjectionPolicy/enabled`` by default:
    /// the call is the opt-in).
    public var policy: DynamicInjectionPolicy
    #if RELAY_DRIVABLE
    /// Reads standard input for `-d -`.
    public var standardInput: StandardInputInstructionSource

    /// Creates a parser over `index`.
    public init(
        index: DynamicDependencyIndex = .shared,
        policy: DynamicInjectionPolicy = .enabled,
        standardInput: StandardInputInstructionSource = StandardInputInstructionSource()
    ) {
        self.index = index
        self.policy = policy
        self.standardInput = standardInput
    }
    #else
    /// Creates a parser over `index`. In a release build without dynamic injection it
    /// reads nothing, whatever `policy` says: its registry only fills the index.
    public init(index: DynamicDependencyIndex = .shared, policy: DynamicInjectionPolicy = .enabled) {
        self.index = index
        self.policy = policy
    }
    #endif

    public func canParse(arguments: [String]) -> Bool {
        DependencyArgumentScanner.containsDependencyFlags(arguments)
    }

    /// Registers the instructions in `arguments` (the program name, if first, is ignored
    /// like every argument that is not a `-d` form).
    ///
    /// - Throws: ``DynamicInjectionError`` with every problem, positioned by argument.
    public func parse(arguments: [String]) throws {
        try registry(arguments: arguments).inject()
    }

    /// The registry ``parse(arguments:)`` runs, for callers that want its report.
    ///
    /// As in Relay 0.3, an instruction for a scope nothing has registered in yet creates
    /// that scope's container, and the report says so
    /// (``DynamicInjectionReport/Binding/createdScope``); `standard(index:)` rejects such
    /// a scope instead.
    public func registry(arguments: [String]) -> DynamicDependencyRegistry {
        #if RELAY_DRIVABLE
        var registry = DynamicDependencyRegistry(
            index: index,
            sources: [CommandLineInstructionSource(arguments: arguments, standardInput: standardInput)],
            policy: policy
        )
        registry.unknownScopes = .created
        return registry
        #else
        return DynamicDependencyRegistry(index: index, sources: [], policy: policy)
        #endif
    }
}
