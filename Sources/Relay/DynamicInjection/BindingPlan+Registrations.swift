#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The live index's step after the check (``BindingPlan/check(against:unknownScopes:hint:then:)``):
/// each factory's parameter parsed by the factory's own parser, and the registration each
/// binding makes.
extension BindingPlan {
    /// The merged bindings, checked against a live index, each with the registration it
    /// makes.
    struct Checked {
        /// The bindings, in plan order.
        let bindings: [CheckedBinding<DependencyKey>]
        /// The registration each of ``bindings`` makes (the indexed type and factory,
        /// described by the instruction and its origin), at the same position.
        let requests: [RegistrationRequest]

        /// The report's bindings, without registering anything.
        var reports: [DynamicInjectionReport.Binding] { bindings.map { $0.report() } }

        /// Registers every request in its scope's injected layer, all at once (replacing what
        /// earlier injections put there, and emptying that of `alsoClearing`'s scopes), and
        /// returns the report's bindings, each naming the code registration its own slot
        /// held, if any.
        func register(alsoClearing: Set<DependencyContainerScope> = []) -> [DynamicInjectionReport.Binding] {
            let replaced = ResolutionEngine.shared.inject(requests, alsoClearing: alsoClearing)
            return bindings.indices.map { bindings[$0].report(replacedRegistration: replaced[$0]) }
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
        let origins = InjectedBindings(bindings)
        var requests: [RegistrationRequest] = []
        requests.reserveCapacity(bindings.count)
        let factories = snapshot.factories
        let checked = try check(against: snapshot, unknownScopes: unknownScopes, hint: hint) { (checked: CheckedBinding<DependencyKey>) throws(BindingProblem) -> CheckedBinding<DependencyKey> in
            let instruction = checked.winner.instruction
            // The check found the factory.
            guard var factory = factories[instruction.factory] else { preconditionFailure("a checked binding without its factory") }
            if let text = instruction.parameter, let parameter = snapshot.parameter(of: instruction.factory) {
                do throws(IndexedParameter.Rejection) {
                    factory = try parameter.bind(text)
                } catch {
                    throw BindingProblem(diagnostic: .error(IndexMessages.invalidParameter(text, factory: instruction.factory, expected: parameter.expectation, detail: error.detail), at: checked.winner.origin))
                }
            }
            requests.append(RegistrationRequest(scope: instruction.scope, key: checked.type, lifecycle: checked.lifecycle, origin: .deferred(origins, position: checked.position), factory: factory, tag: instruction.tag))
            return checked
        }
        return Checked(bindings: checked, requests: requests)
    }
}

/// The bindings one injection registered, shared by their registrations' origins, so that
/// each registration refers to its binding instead of holding a copy of its strings:
/// ``instruction `type=…,factory=…` from config/ui.relay:4:1``, formatted only when a
/// diagnostic or report asks.
///
/// The table is the plan's own array of bindings, shared, not copied. It lives as long as
/// any of those registrations: one that a later injection leaves in place keeps every
/// binding of its injection (their instructions and origins, a few hundred bytes each)
/// alive with it.
final class InjectedBindings: RegistrationDescriptions {
    let bindings: [BindingPlan.Binding]

    init(_ bindings: [BindingPlan.Binding]) {
        self.bindings = bindings
    }

    func description(at position: Int) -> String {
        let winner = bindings[position].winner
        return "instruction `\(winner.instruction)` from \(winner.origin)"
    }
}
#endif
