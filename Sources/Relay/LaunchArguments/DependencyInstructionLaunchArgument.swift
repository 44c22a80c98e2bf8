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
public struct DependencyInstructionLaunchArgument: LaunchArgument, Hashable, Sendable {
    /// The instruction carried.
    public var instruction: DependencyInjectionInstruction

    /// Creates the argument for one instruction; a `nil` scope (the default) is global, a
    /// `nil` tag binds the type's untagged registration, and `parameter` is the text the
    /// factory parses (see ``DependencyInjectionInstruction/parameter``).
    public init(
        type: DependencyTypeKey,
        factory: DependencyFactoryKey,
        scope: DependencyContainerScope? = nil,
        lifecycle: LifecycleType = .singleton,
        tag: DependencyTag? = nil,
        parameter: String? = nil
    ) {
        self.instruction = DependencyInjectionInstruction(type: type, factory: factory, scope: scope ?? .global, lifecycle: lifecycle, tag: tag, parameter: parameter)
    }

    /// Creates the argument for `instruction`.
    public init(_ instruction: DependencyInjectionInstruction) {
        self.instruction = instruction
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
