/// The definitions to inject into one container scope: the unit every instruction source
/// is read into before the ``DynamicDependencyRegistry`` merges, checks and registers.
///
/// Meta containers are how Relay 0.3 described injection in code, and they still are: each
/// definition carries its origin, and the ``DynamicDependencyRegistry`` reads them as
/// instructions of their scope, in order, ahead of every source:
///
/// ```swift
/// let checkout = DependencyMetaContainer(scope: .checkout, definitions: [
///     DependencyDefinition(typeIdentifier: .backend, factoryIdentifier: .backendStub, lifecycle: .singleton),
/// ])
/// try DynamicDependencyRegistry(metaContainers: [checkout]).registerDependencies()
/// ```
public struct DependencyMetaContainer: Hashable, Sendable, Codable {
    /// The scope the definitions are registered in.
    public var scope: DependencyContainerScope
    /// The definitions, in order. A type may be defined once per scope in one source.
    public var definitions: [DependencyDefinition]

    /// Creates a meta container.
    public init(scope: DependencyContainerScope, definitions: [DependencyDefinition]) {
        self.scope = scope
        self.definitions = definitions
    }

    /// The definitions as instructions of this scope, in order: how meta containers given
    /// in code enter the pipeline.
    var instructions: [LocatedInstruction] {
        definitions.map { $0.located(in: scope) }
    }
}
