/// What a ``DynamicDependencyRegistry`` bound, and where every binding came from.
///
/// Relay prints or writes it only when asked: a registry made by
/// ``DynamicDependencyRegistry/standard(index:policy:limits:arguments:environment:workingDirectory:)``
/// prints it to standard error for `RELAY_EXPLAIN=1` and writes it as JSON to
/// `$RELAY_REPORT_PATH`. Otherwise print ``description`` yourself, encode it as JSON for
/// tools, or inspect ``bindings`` in tests:
///
/// ```
/// Relay dynamic injection: 1 binding from command line, $RELAY_DEPENDENCIES, .relay
///   MyApp.BackendService [global] → MyApp.BackendService.Stub (from $RELAY_DEPENDENCIES:1:1; overrides config/ui.relay:4:1)
/// ```
public struct DynamicInjectionReport: Hashable, Sendable, CustomStringConvertible {
    /// One type bound to one factory in one scope.
    public struct Binding: Hashable, Sendable, CustomStringConvertible {
        /// The scope registered into.
        public let scope: DependencyContainerScope
        /// The type key bound.
        public let type: DependencyTypeKey
        /// The factory key it is bound to.
        public let factory: DependencyFactoryKey
        /// The lifecycle registered.
        public let lifecycle: LifecycleType
        /// The tagged registration bound (`tag=`); `nil` for the type's untagged one.
        public let tag: DependencyTag?
        /// The text given to the factory (`parameter=`), if any; the registration holds the
        /// value the factory's parser made of it.
        public let parameter: String?
        /// For an untagged binding, the tags the type also has (registered in code or
        /// declared with ``DynamicDependencyIndex/add(tag:for:)``) that no binding in this
        /// scope replaces: a resolve with one of those tags keeps using its own tagged
        /// registration, not this binding. Empty for a tagged binding.
        public let keptTags: [DependencyTag]
        /// The fully qualified name of the runtime argument type the factory takes
        /// (`Swift.String`), when it was indexed with
        /// ``DynamicDependencyIndex/add(factory:producing:argument:_:)``: the binding
        /// replaces the type's registration taking that argument, and is transient. `nil`
        /// for any other factory.
        public let argument: String?
        /// Where the winning instruction came from.
        public let origin: InstructionOrigin
        /// Lower-precedence instructions for the same scope and type that this one replaced,
        /// highest precedence first.
        public let overridden: [LocatedInstruction]
        /// Where the registration this binding replaced in its container was made, if the
        /// container had one (usually a default registered in code); `nil` as well in a
        /// report of bindings checked but not registered (``DynamicDependencyRegistry/plan()``).
        public let replacedRegistration: String?
        /// Whether the factory is untyped (a ``DependencyFactoryIndexable`` entry), so that
        /// whether it produces the type is only checked when the type is resolved.
        public let isCheckedWhenResolved: Bool
        /// Whether nothing was registered in ``scope`` before this binding, which created
        /// the scope's container. Only Relay 0.3's entry points allow that
        /// (`InjectDependenciesArgumentParser`, and meta containers given to
        /// ``DynamicDependencyRegistry/init(index:metaContainers:)``); every other entry
        /// point rejects a scope it does not know.
        public let createdScope: Bool

        /// The binding `winner` asks for, over the instructions it `overridden`, with what
        /// the check found (see each property).
        init(
            _ winner: LocatedInstruction,
            overridden: [LocatedInstruction],
            lifecycle: LifecycleType,
            keptTags: [DependencyTag] = [],
            argument: String? = nil,
            replacedRegistration: String? = nil,
            isCheckedWhenResolved: Bool = false,
            createdScope: Bool = false
        ) {
            scope = winner.instruction.scope
            type = winner.instruction.type
            factory = winner.instruction.factory
            self.lifecycle = lifecycle
            tag = winner.instruction.tag
            parameter = winner.instruction.parameter
            self.keptTags = keptTags
            self.argument = argument
            origin = winner.origin
            self.overridden = overridden
            self.replacedRegistration = replacedRegistration
            self.isCheckedWhenResolved = isCheckedWhenResolved
            self.createdScope = createdScope
        }

        /// What the binding binds: its type, with its tag, in its scope.
        var slot: Slot<DependencyTypeKey> { Slot(scope: scope, type: type, tag: tag) }

        /// The instruction this binding carries out.
        public var instruction: DependencyInjectionInstruction {
            DependencyInjectionInstruction(type: type, factory: factory, scope: scope, lifecycle: lifecycle, tag: tag, parameter: parameter)
        }

        /// `MyApp.Backend [global] → MyApp.Backend.Stub (from argv[2]; overrides $RELAY_DEPENDENCIES:1:1)`
        ///
        /// A tagged binding shows its tag next to the scope, and a parameter follows the
        /// factory: `MyApp.Clock [global, tag=Checkout] → MyApp.Clock.Fixed parameter=2025-03-14T09:00:00Z (from argv[1])`.
        /// An untagged binding of a type that has tags names those that keep their own
        /// registrations (``keptTags``). A binding of an argument factory names the argument
        /// type after the factory: `MyApp.Greeter [global, transient] → MyApp.Greeter.Stub (argument: Swift.String) (from argv[1])`.
        ///
        /// A binding in a scope says what it reaches: resolves made from that scope's
        /// container. A type registered globally that depends on this one is built by the
        /// global container and keeps the global binding. A binding whose factory is
        /// untyped says that its type is only checked when resolved.
        public var description: String {
            #if RELAY_DRIVABLE
            var place = scope.name
            if let tag { place += ", tag=\(tag.name)" }
            if lifecycle != .singleton { place += ", \(lifecycle)" }
            var provenance = ["from \(origin)"]
            if !overridden.isEmpty {
                provenance.append("overrides " + overridden.map(\.origin.description).joined(separator: ", "))
            }
            if let replacedRegistration {
                provenance.append("replaces the registration at \(replacedRegistration)")
            }
            if createdScope {
                provenance.append("scope \(UserText.quoted(scope.name, limit: UserText.nameLimit)) had nothing registered; created for this binding")
            }
            if !scope.isGlobal {
                provenance.append("reaches resolves from \(UserText.quoted(scope.name, limit: UserText.nameLimit)) only, not global types that depend on it")
            }
            if isCheckedWhenResolved {
                provenance.append("untyped factory: its type is checked when resolved")
            }
            if !keptTags.isEmpty {
                let tags = keptTags.map { UserText.quoted($0.name, limit: UserText.nameLimit) }.joined(separator: ", ")
                provenance.append("untagged only: resolves tagged \(tags) keep their own registrations")
            }
            var given = parameter.map { " parameter=\(UserText.escaped($0))" } ?? ""
            if let argument { given += " (argument: \(UserText.escaped(argument, limit: nil)))" }
            return "\(UserText.escaped(type.tag)) [\(UserText.escaped(place))] → \(UserText.escaped(factory.tag))\(given) (\(provenance.joined(separator: "; ")))"
            #else
            // Only the pipeline makes bindings, and a build without dynamic injection has
            // none: this text is never shown there, so it stays short.
            "\(UserText.escaped(type.tag)) → \(UserText.escaped(factory.tag))"
            #endif
        }
    }

    /// What one source gave, as the registry read it.
    public struct Source: Hashable, Sendable, CustomStringConvertible {
        /// The source's name (`command line`, `$RELAY_DEPENDENCIES`, `config/ui.relay`, `code`).
        public var name: String
        /// How many instructions it held, before merging; 0 when it was empty or absent.
        public var instructionCount: Int
        /// Why it had nothing to read, when the source can tell (`not set`, `no -d`,
        /// `does not exist`); `nil` for a source that was there.
        public var absence: String?

        /// `name`, with the reason in parentheses when it was absent.
        public var description: String {
            absence.map { "\(UserText.escaped(name)) (\($0))" } ?? UserText.escaped(name)
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
    /// How many control batches have been applied since start-up: 0 for the injection at
    /// start-up, then one more for each batch the control channel (`RELAY_CONTROL`, see
    /// docs/configuration.md) applied. A driver that wrote a batch knows its change is live
    /// once the report shows a higher generation. A rejected batch does not change it.
    public var generation: Int
    /// The control channel's state, when `RELAY_CONTROL` opened one; `nil` otherwise.
    public var control: Control?

    init(policy: DynamicInjectionPolicy, sources: [Source], bindings: [Binding], isApplied: Bool, generation: Int = 0, control: Control? = nil) {
        self.policy = policy
        self.sources = sources
        self.bindings = bindings
        self.isApplied = isApplied
        self.generation = generation
        self.control = control
    }

    /// What the control channel has done since start-up.
    ///
    /// The report is rewritten after every batch the channel reads, applied or not:
    /// ``batchesRead`` counts them all, ``DynamicInjectionReport/generation`` only those
    /// applied, and ``rejection`` holds the problems of the latest batch when it was
    /// rejected (the bindings of the report are then still the previous ones, in force).
    ///
    /// ```swift
    /// let report = try #require(try server.injectionReport())
    /// if let rejection = report.control?.rejection { print(rejection.error) }
    /// ```
    public struct Control: Hashable, Sendable {
        /// The control file's path as given in `RELAY_CONTROL`.
        public let channel: String
        /// How changes are noticed — `polling every 100 ms` — for logs and benchmarks.
        public let mechanism: String
        /// How many batches the channel has read since start-up, applied or rejected. (The
        /// control file's contents at start-up are read with the other sources and are not a
        /// batch.)
        public let batchesRead: Int
        /// Why the latest batch was rejected; `nil` when it was applied, or none was read.
        public let rejection: Rejection?

        init(channel: String, mechanism: String, batchesRead: Int = 0, rejection: Rejection? = nil) {
            self.channel = channel
            self.mechanism = mechanism
            self.batchesRead = batchesRead
            self.rejection = rejection
        }
    }

    /// A control batch that changed nothing, and why.
    public struct Rejection: Hashable, Sendable {
        /// Its number among the batches read (``Control/batchesRead`` when it was read).
        public let batch: Int
        /// Every problem found, positioned like any source's (`control.relay:3:7`), as
        /// ``DynamicDependencyRegistry/inject()`` would throw them.
        public let error: DynamicInjectionError

        init(batch: Int, error: DynamicInjectionError) {
            self.batch = batch
            self.error = error
        }
    }

    /// A summary line naming the sources, then one line per binding; or, when the policy
    /// is off, why nothing was read.
    public var description: String {
        #if !RELAY_DRIVABLE
        // The policy is always off in a build without dynamic injection, and no binding exists.
        return "Relay dynamic injection is off (\(policy.reason)); no source was read."
        #else
        guard policy.isEnabled else {
            return "Relay dynamic injection is off (\(policy.reason)); no source was read" +
                (bindings.isEmpty ? "." : ":\n" + bindings.map { "  \($0)" }.joined(separator: "\n"))
        }
        let count = bindings.count == 1 ? "1 binding" : "\(bindings.count) bindings"
        // The sources that gave instructions, then those that gave none and why.
        let gave = sources.filter { $0.instructionCount > 0 }.map { UserText.escaped($0.name) }
        let none = sources.filter { $0.instructionCount == 0 }.map { "\(UserText.escaped($0.name)) (\($0.absence ?? "empty"))" }
        var from = gave.isEmpty ? "" : " from \(gave.joined(separator: ", "))"
        if !none.isEmpty { from += "; nothing from \(none.joined(separator: ", "))" }
        let verb = isApplied ? "" : " (dry run, nothing registered)"
        let generation = generation > 0 ? " (generation \(generation))" : ""
        return (["Relay dynamic injection\(generation): \(count)\(from)\(verb)"] + bindings.map { "  \($0)" }).joined(separator: "\n")
        #endif
    }
}

#if RELAY_DRIVABLE
// The report as JSON — what `RELAY_REPORT_PATH` receives and a driver reads — exists only in
// builds with dynamic injection: a release build without it writes no report, so its apps
// carry none of this (docs/architecture.md, "What a release build carries").
extension DynamicInjectionReport: Codable {
    private enum CodingKeys: String, CodingKey {
        case policy, sources, bindings, isApplied, generation, control
    }

    /// Decodes a report; `generation` may be missing (reports written before control
    /// batches existed) and is then 0, and `control` may be missing and is then `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        policy = try container.decode(DynamicInjectionPolicy.self, forKey: .policy)
        sources = try container.decode([Source].self, forKey: .sources)
        bindings = try container.decode([Binding].self, forKey: .bindings)
        isApplied = try container.decode(Bool.self, forKey: .isApplied)
        generation = try container.decodeIfPresent(Int.self, forKey: .generation) ?? 0
        control = try container.decodeIfPresent(Control.self, forKey: .control)
    }

    /// Encodes a report; `control` only when there is a control channel.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(policy, forKey: .policy)
        try container.encode(sources, forKey: .sources)
        try container.encode(bindings, forKey: .bindings)
        try container.encode(isApplied, forKey: .isApplied)
        try container.encode(generation, forKey: .generation)
        try container.encodeIfPresent(control, forKey: .control)
    }
}

extension DynamicInjectionReport.Binding: Codable {
    private enum CodingKeys: String, CodingKey {
        case scope, type, factory, lifecycle, tag, parameter, keptTags, argument, origin, overridden, replacedRegistration, isCheckedWhenResolved, createdScope
    }

    /// Decodes a binding; `isCheckedWhenResolved` and `createdScope` may be missing
    /// (reports written before they existed) and are then `false`, and `tag`,
    /// `parameter`, `keptTags` and `argument` may be missing and are then `nil`, `nil`,
    /// empty and `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scope = try container.decode(DependencyContainerScope.self, forKey: .scope)
        type = try container.decode(DependencyTypeKey.self, forKey: .type)
        factory = try container.decode(DependencyFactoryKey.self, forKey: .factory)
        lifecycle = try container.decode(LifecycleType.self, forKey: .lifecycle)
        tag = try container.decodeIfPresent(DependencyTag.self, forKey: .tag)
        parameter = try container.decodeIfPresent(String.self, forKey: .parameter)
        keptTags = try container.decodeIfPresent([DependencyTag].self, forKey: .keptTags) ?? []
        argument = try container.decodeIfPresent(String.self, forKey: .argument)
        origin = try container.decode(InstructionOrigin.self, forKey: .origin)
        overridden = try container.decode([LocatedInstruction].self, forKey: .overridden)
        replacedRegistration = try container.decodeIfPresent(String.self, forKey: .replacedRegistration)
        isCheckedWhenResolved = try container.decodeIfPresent(Bool.self, forKey: .isCheckedWhenResolved) ?? false
        createdScope = try container.decodeIfPresent(Bool.self, forKey: .createdScope) ?? false
    }

    /// Encodes a binding; `tag`, `parameter`, `keptTags` and `argument` only when there
    /// are any, so
    /// a binding without them is written as Relay 1.0 wrote it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scope, forKey: .scope)
        try container.encode(type, forKey: .type)
        try container.encode(factory, forKey: .factory)
        try container.encode(lifecycle, forKey: .lifecycle)
        try container.encodeIfPresent(tag, forKey: .tag)
        try container.encodeIfPresent(parameter, forKey: .parameter)
        if !keptTags.isEmpty {
            try container.encode(keptTags, forKey: .keptTags)
        }
        try container.encodeIfPresent(argument, forKey: .argument)
        try container.encode(origin, forKey: .origin)
        try container.encode(overridden, forKey: .overridden)
        try container.encodeIfPresent(replacedRegistration, forKey: .replacedRegistration)
        try container.encode(isCheckedWhenResolved, forKey: .isCheckedWhenResolved)
        try container.encode(createdScope, forKey: .createdScope)
    }
}

extension DynamicInjectionReport.Source: Codable {}

extension DynamicInjectionReport.Control: Codable {}

extension DynamicInjectionReport.Rejection: Codable {
    private enum CodingKeys: String, CodingKey {
        case batch, diagnostics
    }

    /// Decodes a rejection: its batch number and the error's diagnostics.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        batch = try container.decode(Int.self, forKey: .batch)
        error = DynamicInjectionError(diagnostics: try container.decode([RelayDiagnostic].self, forKey: .diagnostics))
    }

    /// Encodes a rejection as its batch number and the error's diagnostics.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(batch, forKey: .batch)
        try container.encode(error.diagnostics, forKey: .diagnostics)
    }
}
#endif
