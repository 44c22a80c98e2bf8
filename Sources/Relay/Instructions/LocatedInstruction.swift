/// An instruction together with the place it was read from.
public struct LocatedInstruction: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The parsed instruction.
    public let instruction: DependencyInjectionInstruction
    /// Where it was written.
    public let origin: InstructionOrigin
    /// Whether its text said `lifecycle=` — `lifecycle=singleton` and no lifecycle are the
    /// same instruction (the canonical form drops the default), but an argument binding,
    /// which is always transient, must not say `singleton`. Not part of equality, hashing
    /// or the encoded form.
    let lifecycleIsWritten: Bool

    /// Creates a located instruction.
    public init(instruction: DependencyInjectionInstruction, origin: InstructionOrigin) {
        self.init(instruction: instruction, origin: origin, lifecycleIsWritten: false)
    }

    init(instruction: DependencyInjectionInstruction, origin: InstructionOrigin, lifecycleIsWritten: Bool) {
        self.instruction = instruction
        self.origin = origin
        self.lifecycleIsWritten = lifecycleIsWritten
    }

    /// Equal when the instruction and its origin are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.instruction == rhs.instruction && lhs.origin == rhs.origin
    }

    /// Hashes the instruction and its origin.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(instruction)
        hasher.combine(origin)
    }

    private enum CodingKeys: String, CodingKey {
        case instruction, origin
    }

    /// Decodes `{"instruction": …, "origin": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(instruction: try container.decode(DependencyInjectionInstruction.self, forKey: .instruction), origin: try container.decode(InstructionOrigin.self, forKey: .origin))
    }

    /// Encodes `{"instruction": …, "origin": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(instruction, forKey: .instruction)
        try container.encode(origin, forKey: .origin)
    }

    /// What this instruction binds: its type, with its tag, in its scope.
    var slot: BindingSlot {
        BindingSlot(scope: instruction.scope, type: instruction.type, tag: instruction.tag)
    }

    /// `instruction (origin)`, e.g. `type=A,factory=B (config/ui.relay:3:1)`.
    public var description: String { "\(instruction) (\(origin))" }
}

/// What two instructions must share to conflict: the same type with the same tag (or both
/// untagged) in the same scope.
struct BindingSlot: Hashable, Sendable, CustomStringConvertible {
    let scope: DependencyContainerScope
    let type: DependencyTypeKey
    let tag: DependencyTag?

    init(scope: DependencyContainerScope, type: DependencyTypeKey, tag: DependencyTag? = nil) {
        self.scope = scope
        self.type = type
        self.tag = tag
    }

    /// The type key's hash alone (computed once, when the key was made): hashing the scope
    /// name too would run the hasher over it for every instruction, and one type bound in
    /// many scopes is rare. Equality still compares both.
    func hash(into hasher: inout Hasher) {
        hasher.combine(type)
    }

    /// `MyApp.X in scope global`, or `MyApp.X with tag=Production in scope global`,
    /// escaped for a message.
    var description: String {
        let tagged = tag.map { " with tag=\(UserText.escaped($0.name))" } ?? ""
        return "\(UserText.escaped(type.tag))\(tagged) in scope \(UserText.escaped(scope.name))"
    }
}

extension LocatedInstruction {
    /// Relay's one rule for repeats inside a single input (a file, a variable, a command
    /// line, a list given in code): each type may be bound once per scope. This is the
    /// error at a repeat, with a note at the instruction it repeats (at `previous`).
    func repeatError(previous: InstructionOrigin) -> RelayDiagnostic {
        let what = slot.tag == nil ? "each type" : "each type and tag"
        return .error(
            "duplicate instruction for \(slot); \(what) may be bound once per scope in one source — remove one of them",
            at: origin,
            notes: [.note("previous instruction for \(UserText.escaped(slot.type.tag)) is here", at: previous)]
        )
    }
}

extension [LocatedInstruction] {
    /// An error at every repeat (see ``LocatedInstruction/repeatError(previous:)``), in order.
    var repeatDiagnostics: [RelayDiagnostic] {
        // Each slot's first instruction, by position: one look-up per instruction, and no
        // copies of the (large) instructions in the table.
        var first: [BindingSlot: Int] = [:]
        first.reserveCapacity(count)
        var repeats: [RelayDiagnostic] = []
        for position in indices {
            let slot = self[position].slot
            if let previous = first.updateValue(position, forKey: slot) {
                first[slot] = previous
                repeats.append(self[position].repeatError(previous: self[previous].origin))
            }
        }
        return repeats
    }
}
