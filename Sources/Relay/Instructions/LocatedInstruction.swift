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

    /// What this instruction binds: its type in its scope.
    var slot: BindingSlot {
        BindingSlot(scope: instruction.scope, type: instruction.type)
    }

    /// `instruction (origin)`, e.g. `type=A,factory=B (config/ui.relay:3:1)`.
    public var description: String { "\(instruction) (\(origin))" }
}

/// What two instructions must share to conflict: the same type in the same scope.
struct BindingSlot: Hashable, Sendable, CustomStringConvertible {
    let scope: DependencyContainerScope
    let type: DependencyTypeKey

    /// `MyApp.X in scope global`, escaped for a message.
    var description: String { "\(UserText.escaped(type.tag)) in scope \(UserText.escaped(scope.name))" }
}

extension [LocatedInstruction] {
    /// Relay's one rule for repeats inside a single input (a file, a variable, a command
    /// line, a list given in code): each type may be bound once per scope. Returns the
    /// first instruction for each (scope, type), in order, and an error at every repeat
    /// with a note at the first.
    func splittingRepeats() -> (kept: [LocatedInstruction], repeats: [RelayDiagnostic]) {
        var first: [BindingSlot: LocatedInstruction] = [:]
        var kept: [LocatedInstruction] = []
        var repeats: [RelayDiagnostic] = []
        for located in self {
            let slot = located.slot
            if let previous = first[slot] {
                repeats.append(.error(
                    "duplicate instruction for \(slot); each type may be bound once per scope in one source — remove one of them",
                    at: located.origin,
                    notes: [.note("previous instruction for \(UserText.escaped(slot.type.tag)) is here", at: previous.origin)]
                ))
            } else {
                first[slot] = located
                kept.append(located)
            }
        }
        return (kept, repeats)
    }
}
