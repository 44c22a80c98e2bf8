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

        /// The binding `located` asks for, before anything overrides it.
        init(_ located: LocatedInstruction) {
            scope = located.instruction.scope
            type = located.instruction.type
            factory = located.instruction.factory
            lifecycle = located.instruction.lifecycle
            origin = located.origin
            overridden = []
            replacedRegistration = nil
        }

        /// Orders bindings for output: by scope (global first), then type key.
        static func printOrder(_ lhs: Self, _ rhs: Self) -> Bool {
            // DependencyInjectionInstruction.printOrder's rule, on the fields themselves
            // (building two instructions per comparison made sorting 10,000 bindings slow).
            lhs.scope != rhs.scope ? DependencyContainerScope.printOrder(lhs.scope, rhs.scope) : lhs.type < rhs.type
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

    /// What one source gave, as the registry read it.
    public struct Source: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The source's name (`command line`, `$RELAY_DEPENDENCIES`, `config/ui.relay`, `code`).
        public var name: String
        /// How many instructions it held, before merging; 0 when it was empty or absent.
        public var instructionCount: Int
        /// Why it had nothing to read, when the source can tell (`not set`, `no -d`,
        /// `does not exist`); `nil` for a source that was there.
        public var absence: String?

        /// `name`, with the reason in parentheses when it was absent.
        public var description: String {
            absence.map { "\(name) (\($0))" } ?? name
        }
    }

    /// The policy in force; when it is disabled no source was read.
    public var policy: DynamicInjectionPolicy
    /// The sources consulted, highest precedence first, with what each gave.
    public var sources: [Source]
    /// The bindings, sorted by scope (global first) then type key.
    public var bindings: [Binding]
    /// Whether the bindings were registered (`false` for a dry run with
    /// ``DynamicDependencyRegistry/plan()``).
    public var isApplied: Bool

    init(policy: DynamicInjectionPolicy, sources: [Source], bindings: [Binding], isApplied: Bool) {
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
        let from = sources.isEmpty ? "" : " from \(sources.map(\.name).joined(separator: ", "))"
        let verb = isApplied ? "" : " (dry run, nothing registered)"
        return (["Relay dynamic injection: \(count)\(from)\(verb)"] + bindings.map { "  \($0)" }).joined(separator: "\n")
    }
}
