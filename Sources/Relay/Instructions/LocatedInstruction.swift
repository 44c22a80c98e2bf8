/// An instruction together with the place it was read from.
public struct LocatedInstruction: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The parsed instruction.
    public let instruction: DependencyInjectionInstruction
    /// Where it was written.
    public let origin: InstructionOrigin

    /// Creates a located instruction.
    public init(instruction: DependencyInjectionInstruction, origin: InstructionOrigin) {
        self.instruction = instruction
        self.origin = origin
    }

    /// The (scope, type) pair: two instructions with equal keys bind the same thing.
    public var conflictKey: InstructionConflictKey {
        InstructionConflictKey(scope: instruction.scope, type: instruction.type)
    }

    /// `instruction (origin)`, e.g. `type=A,factory=B (config/ui.relay:3:1)`.
    public var description: String { "\(instruction) (\(origin))" }
}
