/// The live index's step after the check (``BindingPlan/check(against:unknownScopes:hint:then:)``):
/// each factory's parameter parsed by the factory's own parser, and the registration each
/// binding makes.
extension BindingPlan {
    /// The merged bindings, checked against a live index, each with the registration it
    /// makes.
    struct Checked {
        struct Entry {
            let checked: CheckedBinding<DependencyKey>
            /// The indexed type and factory, described by the instruction and its origin.
            let request: RegistrationRequest
        }

        let entries: [Entry]

        var requests: [RegistrationRequest] { entries.map(\.request) }

        /// The report's bindings, without registering anything.
        var reports: [DynamicInjectionReport.Binding] { entries.map { $0.checked.report() } }

        /// Registers every entry in its scope's injected layer, all at once (replacing what
        /// earlier injections put there, and emptying that of `alsoClearing`'s scopes), and
        /// returns the report's bindings, each naming the code registration its own slot
        /// held, if any.
        func register(alsoClearing: Set<DependencyContainerScope> = []) -> [DynamicInjectionReport.Binding] {
            let replaced = ResolutionEngine.shared.inject(requests, alsoClearing: alsoClearing)
            return zip(entries, replaced).map { $0.checked.report(replacedRegistration: $1) }
        }
    }

    /// Checks every binding against `index` and returns them ready to register, or every
    /// problem found, in binding order.
    ///
    /// Runs the index's `prepare` closure first (even when there is no binding), so an
    /// index that fills itself is always full when it is checked. The index and the
    /// containers are each read once, whatever the number of bindings.
    ///
    /// - Parameters:
    ///   - unknownScopes: Whether a binding into a scope nothing knows is an error.
    ///   - hint: A note added to every unknown-key error of a non-empty index, saying where
    ///     the keys were expected to come from; `nil` for none.
    func check(against index: DynamicDependencyIndex, unknownScopes: UnknownScopes = .rejected, hint: RelayDiagnostic? = nil) throws(DynamicInjectionError) -> Checked {
        if let failure = index.prepareIfNeeded() {
            throw DynamicInjectionError(diagnostics: [.error(IndexMessages.preparationFailed(failure), at: .code)])
        }
        let snapshot = index.snapshot()
        // Each registration's origin refers to its binding in this one shared table,
        // formatted only if a diagnostic or report asks.
        let origins = InjectedBindings(bindings.map(\.winner))
        let entries = try check(against: snapshot, unknownScopes: unknownScopes, hint: hint) { (checked: CheckedBinding<DependencyKey>) throws(BindingProblem) -> Checked.Entry in
            let instruction = checked.instruction
            // The check found the factory.
            guard var factory = snapshot.factories[instruction.factory] else { preconditionFailure("a checked binding without its factory") }
            if let text = instruction.parameter, let parameter = snapshot.parameter(of: instruction.factory) {
                do throws(IndexedParameter.Rejection) {
                    factory = try parameter.bind(text)
                } catch {
                    throw BindingProblem(diagnostic: .error(IndexMessages.invalidParameter(text, factory: instruction.factory, expected: parameter.expectation, detail: error.detail), at: checked.binding.winner.origin))
                }
            }
            let request = RegistrationRequest(scope: instruction.scope, key: checked.type, lifecycle: checked.lifecycle, origin: .deferred(origins, position: checked.position), factory: factory, tag: instruction.tag)
            return Checked.Entry(checked: checked, request: request)
        }
        return Checked(entries: entries)
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
