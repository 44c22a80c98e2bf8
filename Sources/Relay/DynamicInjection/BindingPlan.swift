/// The one place dynamic injection decides what binds: merge, check, registrations.
///
/// Every entry point builds one — ``DynamicDependencyRegistry`` (sources and meta
/// containers given in code), ``DependencyOverrides`` (`withInjectedDependencies` and the
/// `.injecting` trait), and `relay explain` — so precedence, duplicate handling, index
/// checks and the registrations made are decided here and nowhere else.
///
/// **Precedence, stated once:** ``inputs`` are ordered highest precedence first. For each
/// (scope, type) the first input that binds it wins whole; what lower inputs say for it
/// is kept as ``DynamicInjectionReport/Binding/overridden``. Inside one input a (scope,
/// type) may be bound once (see `LocatedInstruction.repeatError(previous:)`).
struct BindingPlan {
    /// Everything one source (or the code) asked for, as meta containers.
    struct Input {
        /// The source's name, for the report.
        let name: String
        let metaContainers: [DependencyMetaContainer]
    }

    /// The merged bindings with what the index says of their keys, ready to register.
    struct Checked {
        /// The plan's bindings.
        let bindings: [DynamicInjectionReport.Binding]
        /// For each binding, at the same position, the indexed type and factory.
        let entries: [(type: DependencyKey, factory: DependencyFactory)]
    }

    /// The merged bindings, in the order their winning instructions first appear.
    private(set) var bindings: [DynamicInjectionReport.Binding] = []
    /// Problems found while merging (repeats inside one input), in input order.
    private(set) var diagnostics: [RelayDiagnostic] = []

    /// Merges `inputs`, highest precedence first.
    ///
    /// One pass, one table look-up per instruction: for each (scope, type) the table says
    /// which binding holds it and which input spoke for it last (with that instruction's
    /// origin). An instruction for a slot its own input already bound is a repeat
    /// (``LocatedInstruction/repeatError(_:previous:)``); one for a slot an earlier input
    /// bound is overridden by it.
    init(merging inputs: [Input]) {
        let count = inputs.reduce(0) { total, input in input.metaContainers.reduce(total) { $0 + $1.definitions.count } }
        var slots: [BindingSlot: SlotEntry] = [:]
        slots.reserveCapacity(count)
        bindings.reserveCapacity(count)
        for (inputNumber, input) in inputs.enumerated() {
            for located in input.metaContainers.lazy.flatMap(\.locatedInstructions) {
                let slot = located.slot
                let entry = SlotEntry(binding: bindings.count, input: inputNumber, origin: located.origin)
                // Usually the slot is new, and this insert is the only look-up.
                guard let earlier = slots.updateValue(entry, forKey: slot) else {
                    bindings.append(DynamicInjectionReport.Binding(located))
                    continue
                }
                if earlier.input == inputNumber {
                    slots[slot] = earlier
                    diagnostics.append(located.repeatError(previous: earlier.origin))
                } else {
                    slots[slot] = SlotEntry(binding: earlier.binding, input: inputNumber, origin: located.origin)
                    bindings[earlier.binding].overridden.append(located)
                }
            }
        }
    }

    /// What the merge knows about one (scope, type).
    private struct SlotEntry {
        /// The position of its binding in ``bindings``.
        let binding: Int
        /// The last input that gave an instruction for it, and that instruction's origin.
        let input: Int
        let origin: InstructionOrigin
    }

    /// Looks every binding up in `index` — once each — and returns them ready to register,
    /// or every problem found, in binding order.
    func check(against index: DynamicDependencyIndex) throws(DynamicInjectionError) -> Checked {
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        var entries: [(type: DependencyKey, factory: DependencyFactory)] = []
        entries.reserveCapacity(bindings.count)
        var problems: [RelayDiagnostic] = []
        for binding in bindings {
            if let entry = Self.verify(binding, in: index, problems: &problems) {
                entries.append(entry)
            }
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return Checked(bindings: bindings, entries: entries)
    }

    /// One binding against the index: known type key, known factory key, and a factory
    /// that produces the type when it says what it produces. Appends what is wrong to
    /// `problems` and returns `nil` when anything is.
    private static func verify(_ binding: DynamicInjectionReport.Binding, in index: DynamicDependencyIndex, problems: inout [RelayDiagnostic]) -> (type: DependencyKey, factory: DependencyFactory)? {
        let (type, factory) = index.entries(type: binding.type, factory: binding.factory)
        if let type, let factory, factory.produces == nil || factory.produces == type {
            return (type, factory)
        }
        if type == nil {
            problems.append(.error(IndexMessages.unknownType(binding.type, suggestions: index.suggestions(forType: binding.type)), at: binding.origin))
        }
        let candidates = type.map { index.factories(producing: $0) } ?? []
        if let factory, let type, let produced = factory.produces {
            problems.append(.error(IndexMessages.mismatch(factory: binding.factory, produces: produced, type: binding.type, is: type, candidates: candidates), at: binding.origin))
        } else if factory == nil {
            let message = IndexMessages.unknownFactory(binding.factory, suggestions: index.suggestions(forFactory: binding.factory))
            problems.append(.error(message + IndexMessages.candidates(for: binding.type, candidates), at: binding.origin))
        }
        return nil
    }

    /// The registration each checked binding makes, in the same order, described by the
    /// instruction and its origin.
    static func registrations(for checked: Checked) -> [RegistrationRequest] {
        zip(checked.bindings, checked.entries).map { binding, entry in
            RegistrationRequest(
                scope: binding.scope,
                key: entry.type,
                lifecycle: binding.lifecycle,
                origin: .deferred(InstructionRegistrationOrigin(instruction: binding.instruction, origin: binding.origin)),
                factory: entry.factory
            )
        }
    }
}

/// Where an injected registration was made, for diagnostics:
/// ``instruction `type=…,factory=…` from config/ui.relay:4:1``. Formatted only when a
/// diagnostic or report asks.
struct InstructionRegistrationOrigin: CustomStringConvertible, Sendable {
    let instruction: DependencyInjectionInstruction
    let origin: InstructionOrigin

    var description: String { "instruction `\(instruction)` from \(origin)" }
}
