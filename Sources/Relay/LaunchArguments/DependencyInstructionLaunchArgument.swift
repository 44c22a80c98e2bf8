/// A `-d <instruction>` launch argument: tells the launched program to use `factory` for
/// `type`.
///
/// ```swift
/// let argument = DependencyInstructionLaunchArgument(type: .backendService, factory: .backendStub, lifecycle: .transient)
/// argument.value  // "type=MyApp.BackendService,factory=MyApp.BackendService.Stub,lifecycle=transient"
/// ```
///
/// A tagged registration and a factory's parameter are passed the same way:
///
/// ```swift
/// DependencyInstructionLaunchArgument(type: .clock, factory: .clockFixed, tag: "Checkout", parameter: "2025-03-14T09:00:00Z")
///     .value  // "type=MyApp.Clock,factory=MyApp.Clock.Fixed,tag=Checkout,parameter=2025-03-14T09:00:00Z"
/// ```
///
/// The value is the instruction's canonical text, escaped so that the program parses
/// exactly these keys, whatever characters they contain.
///
/// The same argument injects in-process too: a ``LaunchArgumentBuilder`` of them goes to
/// `withInjectedDependencies(_:index:operation:)` and to the `.injecting(…)` trait of
/// RelayTesting, and a problem with one (a key the index lacks, a factory for another
/// type, a missing parameter) is reported at the file and line that created it:
/// `MyAppTests/Stubs.swift:12: error: unknown factory key …`.
public struct DependencyInstructionLaunchArgument: LaunchArgument, Hashable, Sendable {
    /// The instruction carried.
    public var instruction: DependencyInjectionInstruction
    /// Where the argument was created, for messages about it in-process. Not part of
    /// equality or hashing.
    let origin: InstructionOrigin

    /// Creates the argument for one instruction; a `nil` scope (the default) is global, a
    /// `nil` tag binds the type's untagged registration, and `parameter` is the text the
    /// factory parses (see ``DependencyInjectionInstruction/parameter``). `fileID` and
    /// `line` name the place in messages about it in-process; leave the defaults.
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType = .singleton,
        tag: DependencyTag? = nil,
        parameter: String? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        self.instruction = DependencyInjectionInstruction(type: type, factory: factory, scope: scope ?? .global, lifecycle: lifecycle, tag: tag, parameter: parameter)
        self.origin = .code(fileID: fileID, line: line)
    }

    /// Creates the argument for `instruction`; `fileID` and `line` name the place in
    /// messages about it in-process; leave the defaults.
    public init(_ instruction: DependencyInjectionInstruction, fileID: String = #fileID, line: Int = #line) {
        self.instruction = instruction
        self.origin = .code(fileID: fileID, line: line)
    }

    /// Equal when the instructions are, wherever each was created.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.instruction == rhs.instruction
    }

    /// Hashes the instruction.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(instruction)
    }

    /// The instruction with where it was created.
    var located: LocatedInstruction {
        LocatedInstruction(instruction: instruction, origin: origin)
    }

    /// The type key the instruction replaces.
    public var type: DependencyTypeKey { instruction.type }
    /// The factory key it selects.
    public var factory: DependencyFactoryKey { instruction.factory }
    /// The scope it applies to, `nil` for the global scope (as the seed API reported it).
    public var scope: DependencyContainerScope? { instruction.scope.isGlobal ? nil : instruction.scope }
    /// The tagged registration it replaces; `nil` for the untagged one.
    public var tag: DependencyTag? { instruction.tag }
    /// The text passed to the factory, if any.
    public var parameter: String? { instruction.parameter }

    /// `-d`
    public var flag: String { "-d" }
    /// The escaped instruction text.
    public var value: String? { instruction.description }
}
