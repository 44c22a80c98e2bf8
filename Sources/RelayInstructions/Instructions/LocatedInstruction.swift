import RelayContainer
/// An instruction together with the place it was read from.
public struct LocatedInstruction: Hashable, Sendable, CustomStringConvertible {
    /// The parsed instruction.
    public let instruction: DependencyInjectionInstruction
    /// Where it was written.
    public let origin: InstructionOrigin
    /// The lifecycle its text wrote with `lifecycle=`; `nil` when it wrote none, and the
    /// instruction's lifecycle is then the default, `singleton`. The two are one
    /// instruction (its canonical form drops the default), but a binding of a factory that
    /// takes a runtime argument, which is always transient, may leave the lifecycle out
    /// and may not write `singleton`.
    package let writtenLifecycle: LifecycleType?

    /// Creates a located instruction. Its lifecycle counts as written unless it is the
    /// default, `singleton`.
    public init(instruction: DependencyInjectionInstruction, origin: InstructionOrigin) {
        self.init(instruction: instruction, origin: origin, writtenLifecycle: instruction.lifecycle == .singleton ? nil : instruction.lifecycle)
    }

    init(instruction: DependencyInjectionInstruction, origin: InstructionOrigin, writtenLifecycle: LifecycleType?) {
        self.instruction = instruction
        self.origin = origin
        self.writtenLifecycle = writtenLifecycle
    }

    /// What this instruction binds: its type, with its tag, in its scope. Two instructions
    /// conflict when their slots are equal.
    package var slot: Slot<DependencyTypeKey> { instruction.slot }

    /// `instruction (origin)`, e.g. `type=A,factory=B (config/ui.relay:3:1)`.
    public var description: String { "\(instruction) (\(origin))" }
}

extension Slot: CustomStringConvertible where TypeID == DependencyTypeKey {
    /// `MyApp.X in scope global`, or `MyApp.X with tag=Production in scope global`,
    /// escaped for a message. (`@usableFromInline` because `Slot` is: every witness of its
    /// conformances must be.)
    @usableFromInline package var description: String {
        let tagged = tag.map { " with tag=\(UserText.escaped($0.name))" } ?? ""
        return "\(UserText.escaped(type.tag))\(tagged) in scope \(UserText.escaped(scope.name))"
    }

    /// The order bindings are printed in: by scope (global first), then type key, then tag
    /// (untagged first).
    package static func printOrder(_ lhs: Self, _ rhs: Self) -> Bool {
        if lhs.scope != rhs.scope { return DependencyContainerScope.printOrder(lhs.scope, rhs.scope) }
        if lhs.type != rhs.type { return lhs.type < rhs.type }
        return DependencyTag.printOrder(lhs.tag, rhs.tag)
    }
}

#if RELAY_DRIVABLE // machinery: the sources and the pipeline report repeats
extension LocatedInstruction {
    /// Relay's one rule for repeats inside a single input (a file, a variable, a command
    /// line, a list given in code): each type may be bound once per scope. This is the
    /// error at a repeat, with a note at the instruction it repeats (at `previous`).
    package func repeatError(previous: InstructionOrigin) -> RelayDiagnostic {
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
    package var repeatDiagnostics: [RelayDiagnostic] {
        // Each slot's first instruction, by position: one look-up per instruction, and no
        // copies of the (large) instructions in the table.
        var first: [Slot<DependencyTypeKey>: Int] = [:]
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
#endif

#if RELAY_DRIVABLE
// As JSON only in builds with dynamic injection, where the report that holds it is written
// (DynamicInjectionReport.swift).
extension LocatedInstruction: Codable {}
#endif
