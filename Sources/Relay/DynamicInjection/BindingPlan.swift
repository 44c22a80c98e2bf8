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
        /// What a second instruction for a (scope, type) this input already bound means.
        var repeats: Repeats = .areErrors
    }

    /// What a repeat inside one input means.
    enum Repeats {
        /// A mistake (``LocatedInstruction/repeatError(previous:)``): sources and meta
        /// containers bind a (scope, type) once each.
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

    /// One (scope, type) after merging: the instruction that wins it, and the ones it
    /// replaced.
    struct Binding {
        var winner: LocatedInstruction
        /// Lower-precedence instructions for the same slot, highest precedence first.
        var overridden: [LocatedInstruction] = []

        /// The binding as the report shows it.
        var report: DynamicInjectionReport.Binding {
            DynamicInjectionReport.Binding(winner, overridden: overridden)
        }
    }

    /// The merged bindings, checked against the index, each with the registration it makes.
    struct Checked {
        struct Entry {
            let binding: Binding
            /// The indexed type and factory, described by the instruction and its origin.
            let request: RegistrationRequest
            /// Whether the binding's scope had no container before it; it creates one.
            let createsScope: Bool
            /// For an untagged binding, the type's tags that keep their own registrations.
            let keptTags: [DependencyTag]

            /// The report's form: marked when the factory is untyped (its type is checked
            /// only when resolved), when it creates its scope, with the tags an untagged
            /// binding leaves alone, and with the argument type (and the transient
            /// lifecycle) of an argument factory.
            var report: DynamicInjectionReport.Binding {
                var report = binding.report
                if let argument = request.factory.argumentType {
                    report.argument = TypeName.of(argument)
                    report.lifecycle = .transient
                }
                report.isCheckedWhenResolved = request.factory.produces == nil
                report.createdScope = createsScope
                report.keptTags = keptTags
                return report
            }
        }

        let entries: [Entry]

        var requests: [RegistrationRequest] { entries.map(\.request) }
    }

    /// The merged bindings, in the order their slots first appear in the inputs.
    private(set) var bindings: [Binding] = []
    /// Problems found while merging (repeats inside one input), in input order.
    private(set) var diagnostics: [RelayDiagnostic] = []

    /// Merges `inputs`, highest precedence first.
    ///
    /// For each (scope, type) a table says which binding holds it, which input spoke for
    /// it last and where. An instruction for a slot its own input already bound is a
    /// repeat (an error, or the new winner, as the input's ``Repeats`` says); one for a
    /// slot an earlier input bound is overridden by it.
    init(merging inputs: [Input]) {
        struct Holder {
            let binding: Int
            var input: Int
            var last: InstructionOrigin
        }
        var slots: [BindingSlot: Holder] = [:]
        for (inputNumber, input) in inputs.enumerated() {
            for located in input.instructions {
                let slot = located.slot
                guard var holder = slots[slot] else {
                    slots[slot] = Holder(binding: bindings.count, input: inputNumber, last: located.origin)
                    bindings.append(Binding(winner: located))
                    continue
                }
                if holder.input != inputNumber {
                    bindings[holder.binding].overridden.append(located)
                } else if input.repeats == .areErrors {
                    diagnostics.append(located.repeatError(previous: holder.last))
                    continue
                } else {
                    bindings[holder.binding].overridden.insert(bindings[holder.binding].winner, at: 0)
                    bindings[holder.binding].winner = located
                }
                holder.input = inputNumber
                holder.last = located.origin
                slots[slot] = holder
            }
        }
    }

    /// Looks every binding up in `index` — once each — and returns them ready to register,
    /// or every problem found, in binding order.
    ///
    /// Runs the index's `prepare` closure first (even when there is no binding), so an
    /// index that fills itself is always full when it is checked.
    ///
    /// - Parameters:
    ///   - unknownScopes: Whether a binding into a scope nothing knows is an error.
    ///   - hint: A note added to every unknown-key error of a non-empty index, saying where
    ///     the keys were expected to come from; `nil` for none.
    func check(against index: DynamicDependencyIndex, unknownScopes: UnknownScopes = .rejected, hint: RelayDiagnostic? = nil) throws(DynamicInjectionError) -> Checked {
        if let failure = index.prepareIfNeeded() {
            throw DynamicInjectionError(diagnostics: [.error(IndexMessages.preparationFailed(failure), at: .code)])
        }
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        // Each registration's origin refers to its binding in this one shared table,
        // formatted only if a diagnostic or report asks.
        let origins = InjectedBindings(bindings.map(\.winner))
        let isEmpty = !bindings.isEmpty && index.isEmpty
        let knownScopes = index.knownScopes
        // What the report says an untagged binding leaves alone: the type's tags that no
        // binding of this plan binds in the same scope. Declared tags are read once.
        let declaredTags = bindings.isEmpty ? [:] : index.declaredTags
        let taggedSlots = Set(bindings.lazy.map(\.winner.slot).filter { $0.tag != nil })
        var entries: [Checked.Entry] = []
        var problems: [RelayDiagnostic] = []
        for (position, binding) in bindings.enumerated() {
            let instruction = binding.winner.instruction
            let (type, factory, parameter) = index.entries(type: instruction.type, factory: instruction.factory)
            let entry: FactoryEntry<DependencyKey> = factory.map { $0.produces.map(FactoryEntry.produces) ?? .untyped } ?? .missing
            let scopeIsKnown = Self.isKnown(instruction.scope, among: knownScopes)
            let createsScope = !scopeIsKnown && unknownScopes == .created
            let argument = factory?.argumentType.map(CatalogArgument.init)
            let found = Self.problems(binding.winner, type: type, factory: entry, parameter: parameter?.expectation, argument: argument, in: index, isEmpty: isEmpty, scopeIsAccepted: scopeIsKnown || createsScope, knownScopes: knownScopes, hint: hint)
            guard found.isEmpty, let type, var factory else {
                problems += found
                continue
            }
            if let parameter, let text = instruction.parameter {
                do throws(IndexedParameter.Rejection) {
                    factory = try parameter.bind(text)
                } catch {
                    problems.append(.error(IndexMessages.invalidParameter(text, factory: instruction.factory, expected: parameter.expectation, detail: error.detail), at: binding.winner.origin))
                    continue
                }
            }
            var keptTags: [DependencyTag] = []
            if instruction.tag == nil {
                let tags = (declaredTags[type] ?? []).union(RegisteredTags.tags(for: type))
                keptTags = tags.filter { !taggedSlots.contains(BindingSlot(scope: instruction.scope, type: instruction.type, tag: $0)) }.sorted { $0.name < $1.name }
            }
            let request = RegistrationRequest(scope: instruction.scope, key: type, lifecycle: instruction.lifecycle, origin: .deferred(origins, position: position), factory: factory, tag: instruction.tag)
            entries.append(Checked.Entry(binding: binding, request: request, createsScope: createsScope, keptTags: keptTags))
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return Checked(entries: entries)
    }

    /// Looks every binding up in `catalog` — a manifest an app exported — with the same
    /// checks and messages as ``check(against:hint:)``, without building anything.
    func check<Catalog: IndexCatalog>(against catalog: Catalog) throws(DynamicInjectionError) {
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        let isEmpty = !bindings.isEmpty && catalog.isEmpty
        let knownScopes = catalog.knownScopes
        let problems = bindings.flatMap { binding in
            let (type, factory, parameter) = catalog.lookUp(type: binding.winner.instruction.type, factory: binding.winner.instruction.factory)
            let scopeIsKnown = Self.isKnown(binding.winner.instruction.scope, among: knownScopes)
            let argument = catalog.argument(ofFactory: binding.winner.instruction.factory)
            return Self.problems(binding.winner, type: type, factory: factory, parameter: parameter, argument: argument, in: catalog, isEmpty: isEmpty, scopeIsAccepted: scopeIsKnown, knownScopes: knownScopes, hint: nil)
        }
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
    }

    /// What is wrong with binding `type` to a factory taking `argument` (`nil`: none),
    /// given the argument registrations code made for the type (any container, any tag).
    ///
    /// A type registered both without an argument and with arguments accepts either kind
    /// of factory: each binds its own registration. A type registered with no argument at
    /// all accepts any argument-free factory (the binding makes the registration).
    private static func argumentProblems<Catalog: IndexCatalog>(_ located: LocatedInstruction, type: Catalog.TypeID, argument: CatalogArgument?, in catalog: Catalog) -> [RelayDiagnostic] {
        let binding = located.instruction, origin = located.origin
        let (registered, withoutArgument) = catalog.registeredArguments(for: type)
        guard let argument else {
            // Only an argument-free registration can be bound by an argument-free factory.
            guard !registered.isEmpty, withoutArgument == false else { return [] }
            return [.error(IndexMessages.argumentMissing(factory: binding.factory, type: binding.type, registered: registered.map(\.name)), at: origin)]
        }
        var problems: [RelayDiagnostic] = []
        if !registered.contains(where: { $0.id == argument.id }) {
            problems.append(.error(IndexMessages.argumentNotRegistered(factory: binding.factory, argument: argument.name, type: binding.type, registered: registered.map(\.name)), at: origin))
        }
        // `singleton` is every instruction's default: an error only when written out.
        if binding.lifecycle != .transient, binding.lifecycle != .singleton || located.lifecycleIsWritten {
            problems.append(.error(IndexMessages.argumentLifecycle(factory: binding.factory, lifecycle: binding.lifecycle), at: origin))
        }
        return problems
    }

    /// Whether `scope` is global, declared or already has a container.
    private static func isKnown(_ scope: DependencyContainerScope, among knownScopes: Set<DependencyContainerScope>) -> Bool {
        scope.isGlobal || knownScopes.contains(scope)
    }

    /// What is wrong with one binding, given what `catalog` says of its two keys: a
    /// non-empty catalog, an accepted scope (`knownScopes` are named in the error), known
    /// type key, known factory key, a factory that produces the type when it says what
    /// it produces, a tag known for the type, a parameter exactly when the factory
    /// takes one (`parameter` is what it expects), and — for a factory taking a runtime
    /// `argument` — an argument registration of the type taking it and no lifecycle but
    /// transient; for a factory taking none, a type not registered only with arguments.
    /// Empty when nothing is. Whether the
    /// parameter's text is acceptable needs the factory's parser: only the live check
    /// asks it.
    private static func problems<Catalog: IndexCatalog>(
        _ located: LocatedInstruction,
        type: Catalog.TypeID?,
        factory: FactoryEntry<Catalog.TypeID>,
        parameter: String?,
        argument: CatalogArgument?,
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
        let notes = hint.map { [$0] } ?? []
        var problems: [RelayDiagnostic] = []
        if type == nil {
            problems.append(.error(IndexMessages.unknownType(binding.type, suggestions: catalog.suggestions(forType: binding.type)), at: origin, notes: notes))
        }
        // The candidates scan the whole catalog: only an error pays for it.
        func candidates() -> [DependencyFactoryKey] { type.map { catalog.factories(producing: $0) } ?? [] }
        var isMismatch = false
        switch factory {
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
        if let tag = binding.tag, let type {
            let known = catalog.tags(for: type)
            if !known.contains(tag) {
                problems.append(.error(IndexMessages.unknownTag(tag, type: binding.type, known: known), at: origin))
            }
        }
        if case .missing = factory {
            return problems
        }
        // A factory of another type binds nothing of this one: its arguments do not matter.
        if let type, !isMismatch {
            problems += argumentProblems(located, type: type, argument: argument, in: catalog)
        }
        switch (parameter, binding.parameter) {
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

/// The bindings one injection registered, shared by their registrations' origins, so that
/// each registration refers to its binding instead of holding a copy of its strings:
/// ``instruction `type=…,factory=…` from config/ui.relay:4:1``, formatted only when a
/// diagnostic or report asks.
///
/// The table lives as long as any of those registrations: one that a later injection
/// leaves in place keeps every binding of its injection (their keys and origins, a few
/// hundred bytes each) alive with it.
final class InjectedBindings: RegistrationDescriptions {
    let instructions: [LocatedInstruction]

    init(_ instructions: [LocatedInstruction]) {
        self.instructions = instructions
    }

    func description(at position: Int) -> String {
        "instruction `\(instructions[position].instruction)` from \(instructions[position].origin)"
    }
}
