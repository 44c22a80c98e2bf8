/// A `-d <instruction>` launch argument: tells the launched program to use `factory` for
/// `type`.
///
/// ```swift
/// let argument = DependencyInstructionLaunchArgument(type: .backendService, factory: .backendStub, lifecycle: .transient)
/// argument.value  // "type=MyApp.BackendService,factory=MyApp.BackendService.Stub,lifecycle=transient"
/// ```
///
/// The value is the instruction's canonical text, escaped so that the program parses
/// exactly these keys, whatever characters they contain.
public struct DependencyInstructionLaunchArgument: LaunchArgument, Hashable, Sendable {
    /// The instruction carried.
    public var instruction: DependencyInjectionInstruction

    /// Creates the argument for one instruction; a `nil` scope (the default) is global.
    public init(type: DependencyTypeKey, factory: DependencyFactoryKey, scope: DependencyContainerScope? = nil, lifecycle: LifecycleType = .singleton) {
        self.instruction = DependencyInjectionInstruction(type: type, factory: factory, scope: scope ?? .global, lifecycle: lifecycle)
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

    /// `-d`
    public var flag: String { "-d" }
    /// The escaped instruction text.
    public var value: String? { instruction.description }
}
