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

    /// The merged bindings, checked against the index, with the registration each makes.
    struct Checked {
        /// The plan's bindings (not yet marked: see ``isCheckedWhenResolved(_:)``).
        let bindings: [DynamicInjectionReport.Binding]
        /// For each binding, at the same position, the registration it makes: the indexed
        /// type and factory, described by the instruction and its origin.
        let registrations: [RegistrationRequest]

        /// Whether the binding at `position` has an untyped factory, whose type is only
        /// checked when resolved (``DynamicInjectionReport/Binding/isCheckedWhenResolved``).
        func isCheckedWhenResolved(_ position: Int) -> Bool {
            registrations[position].factory.produces == nil
        }
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
    /// (``LocatedInstruction/repeatError(previous:)``); one for a slot an earlier input
    /// bound is overridden by it.
    init(merging inputs: [Input]) {
        let count = inputs.reduce(0) { total, input in input.metaContainers.reduce(total) { $0 + $1.definitions.count } }
        var slots: [BindingSlot: SlotEntry] = [:]
        slots.reserveCapacity(count)
        bindings.reserveCapacity(count)
        // Definitions are read in place, through a buffer pointer: `for … in` or an array
        // subscript would copy each one (and retain and release its strings) only to read
        // a few of its fields.
        for inputNumber in inputs.indices {
            let containers = inputs[inputNumber].metaContainers
            for containerNumber in containers.indices {
                let scope = containers[containerNumber].scope
                containers[containerNumber].definitions.withUnsafeBufferPointer { definitions in
                    for definitionNumber in definitions.indices {
                        let slot = BindingSlot(scope: scope, type: definitions[definitionNumber].typeIdentifier)
                        let position = SlotEntry.Position(input: inputNumber, container: containerNumber, definition: definitionNumber)
                        // Usually the slot is new, and this insert is the only look-up.
                        guard let earlier = slots.updateValue(SlotEntry(binding: bindings.count, last: position), forKey: slot) else {
                            bindings.append(DynamicInjectionReport.Binding(definitions[definitionNumber], scope: scope))
                            continue
                        }
                        let located = definitions[definitionNumber].located(in: scope)
                        if earlier.last.input == inputNumber {
                            slots[slot] = earlier
                            diagnostics.append(located.repeatError(previous: Self.origin(at: earlier.last, in: inputs)))
                        } else {
                            slots[slot] = SlotEntry(binding: earlier.binding, last: position)
                            bindings[earlier.binding].overridden.append(located)
                        }
                    }
                }
            }
        }
    }

    /// What the merge knows about one (scope, type).
    private struct SlotEntry {
        /// Where a definition is in the inputs.
        struct Position {
            let input: Int
            let container: Int
            let definition: Int
        }

        /// The position of its binding in ``bindings``.
        let binding: Int
        /// The last definition given for it (its input decides repeats; its origin is the
        /// repeat error's note).
        let last: Position
    }

    private static func origin(at position: SlotEntry.Position, in inputs: [Input]) -> InstructionOrigin {
        inputs[position.input].metaContainers[position.container].definitions[position.definition].origin
    }

    /// Looks every binding up in `index` — once each — and returns them ready to register,
    /// or every problem found, in binding order.
    ///
    /// Runs the index's `prepare` closure first (even when there is no binding), so an
    /// index that fills itself is always full when it is checked.
    ///
    /// - Parameter hint: A note added to every unknown-key error of a non-empty index,
    ///   saying where the keys were expected to come from; `nil` for none.
    func check(against index: DynamicDependencyIndex, hint: RelayDiagnostic? = nil) throws(DynamicInjectionError) -> Checked {
        if let failure = index.prepareIfNeeded() {
            throw DynamicInjectionError(diagnostics: [.error(IndexMessages.preparationFailed(failure), at: .code)])
        }
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        // Each registration's origin refers to its binding in this one shared table
        // rather than holding a copy of its strings.
        let origins = InjectedBindings(bindings)
        var registrations: [RegistrationRequest] = []
        registrations.reserveCapacity(bindings.count)
        var problems: [RelayDiagnostic] = []
        let isEmpty = !bindings.isEmpty && index.isEmpty
        let knownScopes = index.knownScopes
        // Through a buffer pointer: each binding is read in place, where `for … in` or an
        // array subscript would copy it (and retain and release its strings) to read a
        // few fields.
        bindings.withUnsafeBufferPointer { bindings in
            var scopes = KnownScopeCache(knownScopes)
            for position in bindings.indices {
                let (type, factory) = index.entries(type: bindings[position].type, factory: bindings[position].factory)
                let entry: FactoryEntry<DependencyKey> = factory.map { $0.produces.map(FactoryEntry.produces) ?? .untyped } ?? .missing
                // Most bindings have no problem, which `isClean` decides from what is at
                // hand; only the others are handed (copied) to `problems` for messages.
                var found: [RelayDiagnostic] = []
                if !Self.isClean(type: type, factory: entry, scopeIsKnown: scopes.contains(bindings[position].scope), isEmpty: isEmpty) {
                    found = Self.problems(bindings[position], type: type, factory: entry, in: index, isEmpty: isEmpty, knownScopes: knownScopes, hint: hint)
                }
                if found.isEmpty, let type, let factory {
                    registrations.append(RegistrationRequest(
                        scope: bindings[position].scope,
                        key: type,
                        lifecycle: bindings[position].lifecycle,
                        origin: .deferred(origins, position: position),
                        factory: factory
                    ))
                } else {
                    problems += found
                }
            }
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return Checked(bindings: bindings, registrations: registrations)
    }

    /// Looks every binding up in `catalog` — a manifest an app exported — with the same
    /// checks and messages as ``check(against:hint:)``, without building anything.
    func check<Catalog: IndexCatalog>(against catalog: Catalog) throws(DynamicInjectionError) {
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        let isEmpty = !bindings.isEmpty && catalog.isEmpty
        let knownScopes = catalog.knownScopes
        let problems = bindings.flatMap { binding in
            let (type, factory) = catalog.lookUp(type: binding.type, factory: binding.factory)
            return Self.problems(binding, type: type, factory: factory, in: catalog, isEmpty: isEmpty, knownScopes: knownScopes, hint: nil)
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
    }

    /// Whether ``problems(_:type:factory:in:isEmpty:knownScopes:hint:)`` has nothing to say
    /// of a binding: the catalog is not empty, the binding's scope is global or known, its
    /// type key is known, and its factory key is known and produces that type (or is
    /// untyped). Exactly the conditions under which `problems` returns no diagnostic; the
    /// check asks this first so that a binding with no problem is not copied to ask.
    private static func isClean<TypeID: Equatable>(type: TypeID?, factory: FactoryEntry<TypeID>, scopeIsKnown: Bool, isEmpty: Bool) -> Bool {
        guard !isEmpty, scopeIsKnown, let type else { return false }
        switch factory {
        case .missing: return false
        case .produces(let produced): return produced == type
        case .untyped: return true
        }
    }

    /// Whether scopes are global or known, remembering the last scope asked about:
    /// consecutive bindings usually share one, and asking the set hashes its name.
    private struct KnownScopeCache {
        let known: Set<DependencyContainerScope>
        var last: (scope: DependencyContainerScope, isKnown: Bool)?

        init(_ known: Set<DependencyContainerScope>) { self.known = known }

        mutating func contains(_ scope: DependencyContainerScope) -> Bool {
            if let last, last.scope == scope { return last.isKnown }
            let isKnown = scope.isGlobal || known.contains(scope)
            last = (scope, isKnown)
            return isKnown
        }
    }

    /// What is wrong with one binding, given what `catalog` says of its two keys: known
    /// type key, known factory key, and a factory that produces the type when it says
    /// what it produces. Empty when nothing is.
    private static func problems<Catalog: IndexCatalog>(
        _ binding: DynamicInjectionReport.Binding,
        type: Catalog.TypeID?,
        factory: FactoryEntry<Catalog.TypeID>,
        in catalog: Catalog,
        isEmpty: Bool,
        knownScopes: Set<DependencyContainerScope>,
        hint: RelayDiagnostic?
    ) -> [RelayDiagnostic] {
        let scopeIsKnown = binding.scope.isGlobal || knownScopes.contains(binding.scope)
        if isClean(type: type, factory: factory, scopeIsKnown: scopeIsKnown, isEmpty: isEmpty) { return [] }
        if isEmpty {
            return [.error(catalog.emptyMessage(type: binding.type), at: binding.origin)]
        }
        if !scopeIsKnown {
            return [.error(IndexMessages.unknownScope(binding.scope, known: knownScopes), at: binding.origin)]
        }
        let notes = hint.map { [$0] } ?? []
        var problems: [RelayDiagnostic] = []
        if type == nil {
            problems.append(.error(IndexMessages.unknownType(binding.type, suggestions: catalog.suggestions(forType: binding.type)), at: binding.origin, notes: notes))
        }
        // The candidates scan the whole catalog: only an error pays for it.
        func candidates() -> [DependencyFactoryKey] { type.map { catalog.factories(producing: $0) } ?? [] }
        switch factory {
        case .missing:
            let message = IndexMessages.unknownFactory(binding.factory, suggestions: catalog.suggestions(forFactory: binding.factory))
            problems.append(.error(message + IndexMessages.candidates(for: binding.type, candidates()), at: binding.origin, notes: notes))
        case .produces(let produced):
            if let type, produced != type {
                problems.append(.error(IndexMessages.mismatch(factory: binding.factory, produces: catalog.typeName(produced), type: binding.type, is: catalog.typeName(type), candidates: candidates()), at: binding.origin))
            }
        case .untyped:
            break
        }
        return problems
    }
}

/// The bindings one injection registered, shared by their registrations' origins, so that
/// each registration refers to its binding instead of holding a copy of its strings:
/// ``instruction `type=…,factory=…` from config/ui.relay:4:1``, formatted only when a
/// diagnostic or report asks.
///
/// The table lives as long as any of those registrations: one that a later injection
/// leaves in place keeps every binding of its injection (their keys and origins, a few
/// hundred bytes each) alive with it.
final class InjectedBindings: RegistrationDescriptions {
    let bindings: [DynamicInjectionReport.Binding]

    init(_ bindings: [DynamicInjectionReport.Binding]) {
        self.bindings = bindings
    }

    func description(at position: Int) -> String {
        "instruction `\(bindings[position].instruction)` from \(bindings[position].origin)"
    }
}
