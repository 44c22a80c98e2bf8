#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// One merged binding that passed the check against a catalog: the type its key names there
/// and everything the report says of it.
struct CheckedBinding<TypeID> {
    /// The plan's bindings, shared (not copied) by every checked binding of one check.
    let bindings: [BindingPlan.Binding]
    /// Its position among ``bindings``.
    let position: Int
    /// The type the instruction's type key names.
    let type: TypeID
    /// The lifecycle it registers (``BindingPlan/lifecycle(of:takingArgument:)``).
    let lifecycle: LifecycleType
    /// The fully qualified name of the runtime argument type its factory takes; `nil` for
    /// none.
    let argument: String?
    /// Whether the factory is untyped, so that its result is checked when resolved.
    let isUntyped: Bool
    /// Whether the binding's scope had no container before it; it creates one.
    let createsScope: Bool
    /// For an untagged binding, the type's tags that keep their own registrations.
    let keptTags: [DependencyTag]

    /// Its winning instruction.
    var winner: LocatedInstruction { bindings[position].winner }

    /// The binding as the report shows it, with the code registration it replaced, once
    /// registered.
    func report(replacedRegistration: String? = nil) -> DynamicInjectionReport.Binding {
        DynamicInjectionReport.Binding(
            winner,
            overridden: bindings[position].overridden,
            lifecycle: lifecycle,
            keptTags: keptTags,
            argument: argument,
            replacedRegistration: replacedRegistration,
            isCheckedWhenResolved: isUntyped,
            createdScope: createsScope
        )
    }
}

/// What a catalog's step after the check found wrong with one binding.
struct BindingProblem: Error {
    let diagnostic: RelayDiagnostic
}

extension BindingPlan {
    /// Checks every binding against `catalog` — a live index's ``IndexSnapshot`` or a
    /// manifest an app exported — with the same rules and messages for both, and hands each
    /// binding that passes to `accept`, the catalog's own next step (the live index parses
    /// parameters and makes registrations; a manifest makes the report). Returns what
    /// `accept` made, in binding order, or throws every problem found — the check's and
    /// `accept`'s — in binding order.
    ///
    /// The catalog is asked for the instructions' keys once each, and for what code
    /// registered for the bound types once for the whole plan.
    ///
    /// - Parameters:
    ///   - unknownScopes: Whether a binding into a scope nothing knows is an error.
    ///   - hint: A note added to every unknown-key error of a non-empty catalog, saying
    ///     where the keys were expected to come from; `nil` for none.
    func check<Catalog: IndexCatalog, Accepted>(
        against catalog: Catalog,
        unknownScopes: UnknownScopes = .rejected,
        hint: RelayDiagnostic? = nil,
        then accept: (CheckedBinding<Catalog.TypeID>) throws(BindingProblem) -> Accepted
    ) throws(DynamicInjectionError) -> [Accepted] {
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        let isEmpty = !bindings.isEmpty && catalog.isEmpty
        let knownScopes = catalog.knownScopes
        // One pass over the bindings: each one's keys looked up, the types they name, and
        // the tagged slots (what an untagged binding leaves alone is the type's tags that no
        // binding of this plan binds in the same scope).
        var entries: [CatalogEntry<Catalog.TypeID>] = []
        entries.reserveCapacity(bindings.count)
        var types = Set<Catalog.TypeID>(minimumCapacity: bindings.count)
        var taggedSlots = Set<Slot<DependencyTypeKey>>()
        for position in bindings.indices {
            let instruction = bindings[position].winner.instruction
            let entry = catalog.lookUp(type: instruction.type, factory: instruction.factory)
            if let type = entry.type { types.insert(type) }
            entries.append(entry)
            if instruction.tag != nil { taggedSlots.insert(instruction.slot) }
        }
        let registered = catalog.registrations(of: types)
        // Bindings come in runs of one scope: its look-up is kept for the next.
        var lastScope: (scope: DependencyContainerScope, isKnown: Bool)?
        var accepted: [Accepted] = []
        accepted.reserveCapacity(bindings.count)
        var problems: [RelayDiagnostic] = []
        for position in bindings.indices {
            let winner = bindings[position].winner
            let entry = entries[position]
            let scope = winner.instruction.scope
            let scopeIsKnown: Bool
            if let lastScope, lastScope.scope == scope {
                scopeIsKnown = lastScope.isKnown
            } else {
                scopeIsKnown = scope.isGlobal || knownScopes.contains(scope)
                lastScope = (scope, scopeIsKnown)
            }
            let createsScope = !scopeIsKnown && unknownScopes == .created
            let registrations = registered.isEmpty ? CatalogRegistrations() : entry.type.flatMap { registered[$0] } ?? CatalogRegistrations()
            let lifecycle = Self.lifecycle(of: winner, takingArgument: entry.argument != nil)
            let found = Self.problems(winner, entry, registrations: registrations, lifecycleProblem: lifecycle.problem, in: catalog, isEmpty: isEmpty, scopeIsAccepted: scopeIsKnown || createsScope, knownScopes: knownScopes, hint: hint)
            guard found.isEmpty, let type = entry.type else {
                problems += found
                continue
            }
            var keptTags: [DependencyTag] = []
            if winner.instruction.tag == nil, !registrations.tags.isEmpty {
                keptTags = registrations.tags.filter { !taggedSlots.contains(Slot(scope: scope, type: winner.instruction.type, tag: $0)) }
            }
            var isUntyped = false
            if case .untyped = entry.factory { isUntyped = true }
            let checked = CheckedBinding(bindings: bindings, position: position, type: type, lifecycle: lifecycle.lifecycle, argument: entry.argument?.name, isUntyped: isUntyped, createsScope: createsScope, keptTags: keptTags)
            do throws(BindingProblem) {
                accepted.append(try accept(checked))
            } catch {
                problems.append(error.diagnostic)
            }
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return accepted
    }

    /// The lifecycle `located` registers — decided here and nowhere else. A factory that
    /// takes a runtime argument makes a transient registration (each resolve passes its own
    /// argument): its instruction may write `lifecycle=transient` or leave the lifecycle
    /// out, and any other lifecycle it writes is the problem returned. Any other factory
    /// registers the instruction's lifecycle (`singleton` when none is written).
    static func lifecycle(of located: LocatedInstruction, takingArgument: Bool) -> (lifecycle: LifecycleType, problem: RelayDiagnostic?) {
        guard takingArgument else { return (located.instruction.lifecycle, nil) }
        guard let written = located.writtenLifecycle, written != .transient else { return (.transient, nil) }
        return (.transient, .error(IndexMessages.argumentLifecycle(factory: located.instruction.factory, lifecycle: written), at: located.origin))
    }

    /// What is wrong with binding `type` to a factory taking `argument` (`nil`: none),
    /// given the argument registrations code made for the type (any container, any tag),
    /// and `lifecycleProblem`, a lifecycle the factory cannot have.
    ///
    /// A type registered both without an argument and with arguments accepts either kind
    /// of factory: each binds its own registration. A type registered with no argument at
    /// all accepts any argument-free factory (the binding makes the registration).
    private static func argumentProblems(_ located: LocatedInstruction, argument: CatalogArgument?, registrations: CatalogRegistrations, lifecycleProblem: RelayDiagnostic?) -> [RelayDiagnostic] {
        let binding = located.instruction, origin = located.origin
        let registered = registrations.arguments
        guard let argument else {
            // Only an argument-free registration can be bound by an argument-free factory.
            guard !registered.isEmpty, registrations.withoutArgument == false else { return [] }
            return [.error(IndexMessages.argumentMissing(factory: binding.factory, type: binding.type, registered: registered.map(\.name)), at: origin)]
        }
        var problems: [RelayDiagnostic] = []
        if !registered.contains(where: { $0.id == argument.id }) {
            problems.append(.error(IndexMessages.argumentNotRegistered(factory: binding.factory, argument: argument.name, type: binding.type, registered: registered.map(\.name)), at: origin))
        }
        if let lifecycleProblem { problems.append(lifecycleProblem) }
        return problems
    }

    /// What is wrong with one binding, given what `catalog` has under its two keys
    /// (`entry`) and what code registered for its type: a non-empty catalog, an accepted
    /// scope (`knownScopes` are named in the error), known type key, known factory key, a
    /// factory that produces the type when it says what it produces, a tag known for the
    /// type, a parameter exactly when the factory takes one, and — for a factory taking a
    /// runtime argument — an argument registration of the type taking it and no lifecycle
    /// but transient; for a factory taking none, a type not registered only with
    /// arguments. Empty when nothing is. Whether the parameter's text is acceptable needs
    /// the factory's parser: only the live index's step after the check asks it.
    private static func problems<Catalog: IndexCatalog>(
        _ located: LocatedInstruction,
        _ entry: CatalogEntry<Catalog.TypeID>,
        registrations: CatalogRegistrations,
        lifecycleProblem: RelayDiagnostic?,
        in catalog: Catalog,
        isEmpty: Bool,
        scopeIsAccepted: Bool,
        knownScopes: Set<DependencyContainerScope>,
        hint: RelayDiagnostic?
    ) -> [RelayDiagnostic] {
        let binding = located.instruction, origin = located.origin
        if isEmpty {
            return [.error(catalog.emptyMessage(type: binding.type), at: origin)]
        }
        if !scopeIsAccepted {
            return [.error(IndexMessages.unknownScope(binding.scope, known: knownScopes), at: origin)]
        }
        let type = entry.type
        let notes = hint.map { [$0] } ?? []
        var problems: [RelayDiagnostic] = []
        if type == nil {
            problems.append(.error(IndexMessages.unknownType(binding.type, suggestions: catalog.suggestions(forType: binding.type)), at: origin, notes: notes))
        }
        // The candidates scan the whole catalog: only an error pays for it.
        func candidates() -> [DependencyFactoryKey] { type.map { catalog.factories(producing: $0) } ?? [] }
        var isMismatch = false
        switch entry.factory {
        case .missing:
            let message = IndexMessages.unknownFactory(binding.factory, suggestions: catalog.suggestions(forFactory: binding.factory))
            problems.append(.error(message + IndexMessages.candidates(for: binding.type, candidates()), at: origin, notes: notes))
        case .produces(let produced):
            if let type, produced != type {
                isMismatch = true
                problems.append(.error(IndexMessages.mismatch(factory: binding.factory, produces: catalog.typeName(produced), type: binding.type, is: catalog.typeName(type), candidates: candidates()), at: origin))
            }
        case .untyped:
            break
        }
        if let tag = binding.tag, type != nil, !registrations.tags.contains(tag) {
            problems.append(.error(IndexMessages.unknownTag(tag, type: binding.type, known: registrations.tags), at: origin))
        }
        if case .missing = entry.factory {
            return problems
        }
        // A factory of another type binds nothing of this one: its arguments do not matter.
        if type != nil, !isMismatch {
            problems += argumentProblems(located, argument: entry.argument, registrations: registrations, lifecycleProblem: lifecycleProblem)
        }
        switch (entry.parameter, binding.parameter) {
        case (let expected?, nil):
            problems.append(.error(IndexMessages.parameterNeeded(factory: binding.factory, expected: expected), at: origin))
        case (nil, let given?):
            problems.append(.error(IndexMessages.parameterNotTaken(given, factory: binding.factory), at: origin))
        default:
            break
        }
        return problems
    }
}
#endif
