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
/// type) may be bound once (see `splittingRepeats()`).
struct BindingPlan {
    /// Everything one source (or the code) asked for, as meta containers.
    struct Input {
        /// The source's name, for the report.
        let name: String
        let metaContainers: [DependencyMetaContainer]
    }

    /// A merged binding with what the index says of its keys, ready to register.
    struct Checked {
        let binding: DynamicInjectionReport.Binding
        let type: DependencyKey
        let factory: DependencyFactory

        /// The binding, marked when its factory is untyped.
        var bindingWithFactoryKind: DynamicInjectionReport.Binding {
            var binding = binding
            binding.isCheckedWhenResolved = factory.produces == nil
            return binding
        }
    }

    /// The merged bindings, in the order their winning instructions first appear.
    private(set) var bindings: [DynamicInjectionReport.Binding] = []
    /// Problems found while merging (repeats inside one input), in input order.
    private(set) var diagnostics: [RelayDiagnostic] = []

    /// Merges `inputs`, highest precedence first.
    init(merging inputs: [Input]) {
        var positions: [BindingSlot: Int] = [:]
        for input in inputs {
            let (kept, repeats) = input.metaContainers.flatMap(\.locatedInstructions).splittingRepeats()
            diagnostics += repeats
            for located in kept {
                if let position = positions[located.slot] {
                    bindings[position].overridden.append(located)
                } else {
                    positions[located.slot] = bindings.count
                    bindings.append(DynamicInjectionReport.Binding(located))
                }
            }
        }
    }

    /// Looks every binding up in `index` — once each — and returns them ready to register,
    /// or every problem found, in binding order.
    func check(against index: DynamicDependencyIndex) throws(DynamicInjectionError) -> [Checked] {
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        var checked: [Checked] = []
        var problems: [RelayDiagnostic] = []
        let filled = index.isFilled
        let knownScopes = Set(index.scopes).union(ResolutionEngine.shared.existingScopes())
        for binding in bindings {
            if !binding.scope.isGlobal, !knownScopes.contains(binding.scope) {
                problems.append(.error(IndexMessages.unknownScope(binding.scope, known: knownScopes), at: binding.origin))
                continue
            }
            if let ready = Self.verify(binding, in: index, filled: filled, problems: &problems) {
                checked.append(ready)
            }
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return checked
    }

    /// One binding against the index: known type key, known factory key, and a factory
    /// that produces the type when it says what it produces. Appends what is wrong to
    /// `problems` and returns `nil` when anything is.
    private static func verify(_ binding: DynamicInjectionReport.Binding, in index: DynamicDependencyIndex, filled: (types: Bool, factories: Bool), problems: inout [RelayDiagnostic]) -> Checked? {
        let (type, factory) = index.entries(type: binding.type, factory: binding.factory)
        if let type, let factory, factory.produces == nil || factory.produces == type {
            return Checked(binding: binding, type: type, factory: factory)
        }
        if type == nil {
            problems.append(.error(IndexMessages.unknownType(binding.type, suggestions: index.suggestions(forType: binding.type), indexIsEmpty: !filled.types), at: binding.origin))
        }
        let candidates = type.map { index.factories(producing: $0) } ?? []
        if let factory, let type, let produced = factory.produces {
            problems.append(.error(IndexMessages.mismatch(factory: binding.factory, produces: produced, type: binding.type, is: type, candidates: candidates), at: binding.origin))
        } else if factory == nil {
            let message = IndexMessages.unknownFactory(binding.factory, suggestions: index.suggestions(forFactory: binding.factory), indexIsEmpty: !filled.factories)
            problems.append(.error(message + IndexMessages.candidates(for: binding.type, candidates), at: binding.origin))
        }
        return nil
    }

    /// The registration each checked binding makes, in the same order, described by the
    /// instruction and its origin.
    static func registrations(for checked: [Checked]) -> [RegistrationRequest] {
        checked.map { item in
            let binding = item.binding
            return RegistrationRequest(
                scope: binding.scope,
                key: item.type,
                lifecycle: binding.lifecycle,
                origin: .described("instruction `\(UserText.escaped(binding.instruction.description))` from \(binding.origin)"),
                factory: item.factory
            )
        }
    }
}
