#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The one place dynamic injection decides what binds: merge, check, registrations.
///
/// Every entry point builds one — ``DynamicDependencyRegistry`` (sources and meta
/// containers given in code), ``DependencyOverrides`` (`withInjectedDependencies` and the
/// `.injecting` trait), and `relay explain` — so precedence, duplicate handling, index
/// checks and the registrations made are decided here and nowhere else.
///
/// **Precedence, stated once:** ``inputs`` are ordered highest precedence first. For each
/// (scope, type, tag) the first input that binds it wins whole; what lower inputs say for
/// it is kept as ``DynamicInjectionReport/Binding/overridden``. Inside one input a (scope,
/// type, tag) may be bound once (see `LocatedInstruction.repeatError(previous:)`). An
/// untagged binding and a tagged one of the same type are two slots.
struct BindingPlan {
    /// Everything one source (or the code) asked for.
    struct Input {
        /// The source's name, for the report.
        let name: String
        /// Its instructions, in the order given.
        let instructions: [LocatedInstruction]
        /// What a second instruction for a (scope, type, tag) this input already bound means.
        var repeats: Repeats = .areErrors
    }

    /// What a repeat inside one input means.
    enum Repeats {
        /// A mistake (``LocatedInstruction/repeatError(previous:)``): sources and meta
        /// containers bind a (scope, type, tag) once each.
        case areErrors
        /// The later instruction wins, as a later assignment does: overrides, where a test
        /// writes the one it means last.
        case lastWins
    }

    /// What an unknown scope — neither declared nor holding a container — means.
    enum UnknownScopes {
        /// An error with a "did you mean": the 1.x entry points.
        case rejected
        /// The binding creates the scope's container, as Relay 0.3 did: its own entry
        /// points (`InjectDependenciesArgumentParser`, meta containers given to
        /// `DynamicDependencyRegistry(index:metaContainers:)`).
        case created
    }

    /// One (scope, type, tag) after merging: the instruction that wins it, and the ones it
    /// replaced.
    struct Binding {
        var winner: LocatedInstruction
        /// Lower-precedence instructions for the same slot, highest precedence first.
        var overridden: [LocatedInstruction] = []

        /// The binding as the report shows it before any index is consulted: the keys and
        /// lifecycle as written (`relay explain`).
        var report: DynamicInjectionReport.Binding {
            DynamicInjectionReport.Binding(winner, overridden: overridden, lifecycle: winner.instruction.lifecycle)
        }
    }

    /// The merged bindings, in the order their slots first appear in the inputs.
    private(set) var bindings: [Binding] = []
    /// Problems found while merging (repeats inside one input), in input order.
    private(set) var diagnostics: [RelayDiagnostic] = []

    /// Merges `inputs`, highest precedence first.
    ///
    /// For each (scope, type, tag) a table says which binding holds it, which input spoke for
    /// it last and where. An instruction for a slot its own input already bound is a
    /// repeat (an error, or the new winner, as the input's ``Repeats`` says); one for a
    /// slot an earlier input bound is overridden by it.
    init(merging inputs: [Input]) {
        struct Holder {
            let binding: Int
            var input: Int
            var last: InstructionOrigin
        }
        let count = inputs.reduce(0) { $0 + $1.instructions.count }
        var slots: [Slot<DependencyTypeKey>: Holder] = [:]
        slots.reserveCapacity(count)
        bindings.reserveCapacity(count)
        func merge(_ located: LocatedInstruction, from inputNumber: Int, repeats: Repeats, into entry: inout Holder?) {
            guard var holder = entry else {
                entry = Holder(binding: bindings.count, input: inputNumber, last: located.origin)
                bindings.append(Binding(winner: located))
                return
            }
            if holder.input != inputNumber {
                bindings[holder.binding].overridden.append(located)
            } else if repeats == .areErrors {
                diagnostics.append(located.repeatError(previous: holder.last))
                return
            } else {
                bindings[holder.binding].overridden.insert(bindings[holder.binding].winner, at: 0)
                bindings[holder.binding].winner = located
            }
            holder.input = inputNumber
            holder.last = located.origin
            entry = holder
        }
        for (inputNumber, input) in inputs.enumerated() {
            for located in input.instructions {
                // One look-up per instruction: the slot's entry is read and written in place.
                merge(located, from: inputNumber, repeats: input.repeats, into: &slots[located.slot])
            }
        }
    }
}
#endif
