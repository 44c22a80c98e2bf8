/// What a ``DynamicDependencyRegistry`` bound, and where every binding came from.
///
/// Relay never prints it; print ``description`` to standard error, encode it as JSON for
/// tools, or inspect ``bindings`` in tests:
///
/// ```
/// Relay dynamic injection: 1 binding from command line, $RELAY_DEPENDENCIES, .relay
///   MyApp.BackendService [global] → MyApp.BackendService.Stub (from $RELAY_DEPENDENCIES:1:1; overrides config/ui.relay:4:1)
/// ```
public struct DynamicInjectionReport: Hashable, Sendable, Codable, CustomStringConvertible {
    /// One type bound to one factory in one scope.
    public struct Binding: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The scope registered into.
        public var scope: DependencyContainerScope
        /// The type key bound.
        public var type: DependencyTypeKey
        /// The factory key it is bound to.
        public var factory: DependencyFactoryKey
        /// The lifecycle registered.
        public var lifecycle: LifecycleType
        /// Where the winning instruction came from.
        public var origin: InstructionOrigin
        /// Lower-precedence instructions for the same scope and type that this one replaced,
        /// highest precedence first.
        public var overridden: [LocatedInstruction]
        /// Where the registration this binding replaced in its container was made, if the
        /// container had one (usually a default registered in code). Set once registered.
        public var replacedRegistration: String?

        public init(scope: DependencyContainerScope, type: DependencyTypeKey, factory: DependencyFactoryKey, lifecycle: LifecycleType, origin: InstructionOrigin, overridden: [LocatedInstruction] = [], replacedRegistration: String? = nil) {
            self.scope = scope
            self.type = type
            self.factory = factory
            self.lifecycle = lifecycle
            self.origin = origin
            self.overridden = overridden
            self.replacedRegistration = replacedRegistration
        }

        /// The instruction this binding carries out.
        public var instruction: DependencyInjectionInstruction {
            DependencyInjectionInstruction(type: type, factory: factory, scope: scope, lifecycle: lifecycle)
        }

        /// `MyApp.Backend [global] → MyApp.Backend.Stub (from argv[2]; overrides $RELAY_DEPENDENCIES:1:1)`
        public var description: String {
            let place = lifecycle == .singleton ? scope.name : "\(scope.name), \(lifecycle)"
            var provenance = ["from \(origin)"]
            if !overridden.isEmpty {
                provenance.append("overrides " + overridden.map(\.origin.description).joined(separator: ", "))
            }
            if let replacedRegistration {
                provenance.append("replaces the registration at \(replacedRegistration)")
            }
            return "\(type) [\(place)] → \(factory) (\(provenance.joined(separator: "; ")))"
        }
    }

    /// The policy in force; when it is disabled no source was read.
    public var policy: DynamicInjectionPolicy
    /// The names of the sources consulted, highest precedence first.
    public var sources: [String]
    /// The bindings, sorted by scope (global first) then type key.
    public var bindings: [Binding]
    /// Whether the bindings were registered (`false` for a dry run with
    /// ``DynamicDependencyRegistry/plan()``).
    public var isApplied: Bool

    public init(policy: DynamicInjectionPolicy, sources: [String], bindings: [Binding], isApplied: Bool) {
        self.policy = policy
        self.sources = sources
        self.bindings = bindings
        self.isApplied = isApplied
    }

    public var description: String {
        guard policy.isEnabled || sources.isEmpty else {
            return "Relay dynamic injection is off (\(policy.reason)); no source was read" +
                (bindings.isEmpty ? "." : ":\n" + bindings.map { "  \($0)" }.joined(separator: "\n"))
        }
        let count = bindings.count == 1 ? "1 binding" : "\(bindings.count) bindings"
        let from = sources.isEmpty ? "" : " from \(sources.joined(separator: ", "))"
        let verb = isApplied ? "" : " (dry run, nothing registered)"
        return (["Relay dynamic injection: \(count)\(from)\(verb)"] + bindings.map { "  \($0)" }).joined(separator: "\n")
    }
}
