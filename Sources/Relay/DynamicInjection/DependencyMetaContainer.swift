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
        // Instructions are read in place (a `for … in` would copy each one), and each
        // run's definitions are made into an array of exactly its length (appending one by
        // one would copy a 10,000-instruction run's array fourteen times as it grew).
        instructions.withUnsafeBufferPointer { instructions in
            var start = 0
            while start < instructions.count {
                let scope = instructions[start].instruction.scope
                var end = start + 1
                while end < instructions.count, instructions[end].instruction.scope == scope { end += 1 }
                let definitions = (start..<end).map { DependencyDefinition(instructions[$0]) }
                containers.append(DependencyMetaContainer(scope: scope, definitions: definitions))
                start = end
            }
        }
        return containers
    }
}
