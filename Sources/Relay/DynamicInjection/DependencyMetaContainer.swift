/// The definitions to inject into one container scope: the unit every instruction source
/// is read into before the ``DynamicDependencyRegistry`` merges, checks and registers.
///
/// The pipeline is: sources → meta containers (each definition carrying its origin) →
/// ``DynamicDependencyRegistry`` → index look-ups → registrations. A source's instructions
/// become one meta container per run of consecutive instructions in the same scope (for
/// a `.relay` file, one per `[scope]` section), so their order — and the order of any
/// diagnostics about them — is the order they were written in. Meta containers given in
/// code (the seed API) enter the same pipeline ahead of every source:
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

    /// One meta container per run of consecutive instructions with the same scope, so
    /// that reading them back gives `instructions` in their original order.
    static func grouping(_ instructions: [LocatedInstruction]) -> [DependencyMetaContainer] {
        var containers: [DependencyMetaContainer] = []
        // Instructions are read in place (a `for … in` would copy each one), and the
        // current run's scope is kept aside (`containers.last` would copy the container).
        instructions.withUnsafeBufferPointer { instructions in
            var scope: DependencyContainerScope?
            for position in instructions.indices {
                let definition = DependencyDefinition(instructions[position])
                if scope == instructions[position].instruction.scope {
                    containers[containers.count - 1].definitions.append(definition)
                } else {
                    scope = instructions[position].instruction.scope
                    containers.append(DependencyMetaContainer(scope: instructions[position].instruction.scope, definitions: [definition]))
                }
            }
        }
        return containers
    }
}
