/// One binding to inject: an indexed type, the indexed factory to use for it, the
/// lifecycle, and where the request came from.
public struct DependencyDefinition: Hashable, Sendable, Codable {
    /// The key of the abstract type to replace.
    public var typeIdentifier: DependencyTypeKey
    /// The key of the factory to use.
    public var factoryIdentifier: DependencyFactoryKey
    /// How long the injected instances live.
    public var lifecycle: LifecycleType
    /// Where the definition came from, for reports and diagnostics.
    public var origin: InstructionOrigin

    /// Creates a definition.
    public init(typeIdentifier: DependencyTypeKey, factoryIdentifier: DependencyFactoryKey, lifecycle: LifecycleType = .singleton, origin: InstructionOrigin = .code) {
        self.typeIdentifier = typeIdentifier
        self.factoryIdentifier = factoryIdentifier
        self.lifecycle = lifecycle
        self.origin = origin
    }

    /// The definition an instruction asks for (its scope is the meta container's).
    init(_ located: LocatedInstruction) {
        self.init(typeIdentifier: located.instruction.type, factoryIdentifier: located.instruction.factory, lifecycle: located.instruction.lifecycle, origin: located.origin)
    }

    /// This definition as an instruction in a meta container of `scope`, with its origin.
    func located(in scope: DependencyContainerScope) -> LocatedInstruction {
        LocatedInstruction(
            instruction: DependencyInjectionInstruction(type: typeIdentifier, factory: factoryIdentifier, scope: scope, lifecycle: lifecycle),
            origin: origin
        )
    }
}
