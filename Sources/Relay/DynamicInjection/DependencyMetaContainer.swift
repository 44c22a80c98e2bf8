/// The definitions to inject into one container scope.
///
/// Instructions from every source are grouped into meta containers, one per scope,
/// before the ``DynamicDependencyRegistry`` checks and registers them.
public struct DependencyMetaContainer: Hashable, Sendable, Codable {
    /// The scope the definitions are registered in.
    public var scope: DependencyContainerScope
    /// The definitions, at most one per type key.
    public var definitions: [DependencyDefinition]

    /// Creates a meta container.
    public init(scope: DependencyContainerScope, definitions: [DependencyDefinition]) {
        self.scope = scope
        self.definitions = definitions
    }

    /// Groups instructions by scope, keeping their order within each scope; scopes are
    /// sorted by name with the global scope first.
    public static func grouping(_ instructions: [LocatedInstruction]) -> [DependencyMetaContainer] {
        var byScope: [DependencyContainerScope: [DependencyDefinition]] = [:]
        for located in instructions {
            byScope[located.instruction.scope, default: []].append(DependencyDefinition(located))
        }
        return byScope.keys
            .sorted { ($0.isGlobal ? 0 : 1, $0.name) < ($1.isGlobal ? 0 : 1, $1.name) }
            .map { DependencyMetaContainer(scope: $0, definitions: byScope[$0]!) }
    }
}
