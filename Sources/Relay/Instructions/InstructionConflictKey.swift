/// What two instructions must share to conflict: the same type in the same scope.
///
/// One source may bind each type at most once per scope; see
/// ``LocatedInstruction/conflictKey``.
public struct InstructionConflictKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The container scope the instruction applies to.
    public let scope: DependencyContainerScope
    /// The abstract type the instruction replaces.
    public let type: DependencyTypeKey

    /// Creates a key.
    public init(scope: DependencyContainerScope, type: DependencyTypeKey) {
        self.scope = scope
        self.type = type
    }

    /// `type in scope`, e.g. `MyApp.X in scope global`.
    public var description: String { "\(type.tag) in scope \(scope.name)" }
}
