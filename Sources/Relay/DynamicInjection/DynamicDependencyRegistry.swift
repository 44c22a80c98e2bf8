import Foundation

/// Registers the factories that instructions select, all or nothing.
///
/// The pipeline, top to bottom:
/// 1. **read** every source (highest precedence first) — unless the ``policy`` is off;
/// 2. **merge**: for each (scope, type) the first source's instruction wins whole, and the
///    ones it replaces are recorded;
/// 3. **check** every binding against the ``index`` (known type key, known factory key,
///    factory compatible with the type), collecting every problem;
/// 4. **register** every binding — only when steps 1–3 found nothing wrong.
///
/// ```swift
/// try AppRegistry().registerDependencies()                  // code defaults first
/// try DynamicDependencyRegistry.standard().registerDependencies()  // then instructions
/// ```
///
/// Instructions override the code defaults for their type and scope; types no
/// instruction names keep their defaults.
public struct DynamicDependencyRegistry: DependencyRegistryType, Sendable {
    /// The allow-list of injectable types and factories.
    public var index: DynamicDependencyIndex
    /// Definitions given in code (the seed API). They are read before, and so take
    /// precedence over, every source. (Registrations made with `register(...)` are a
    /// different thing: they are the defaults every binding replaces.)
    public var metaContainers: [DependencyMetaContainer]
    /// The sources to read, highest precedence first. Reorder, trim or extend freely.
    public var sources: [any DependencyInstructionSource]
    /// Whether ``sources`` are read at all.
    public var policy: DynamicInjectionPolicy
    /// Limits every source enforces.
    public var limits: InstructionSourceLimits

    /// A registry for definitions built in code (the seed API).
    public init(index: DynamicDependencyIndex = .shared, metaContainers: [DependencyMetaContainer]) {
        self.init(index: index, metaContainers: metaContainers, sources: [], policy: .enabled, limits: .default)
    }

    /// A registry that reads `sources`, highest precedence first.
    public init(
        index: DynamicDependencyIndex = .shared,
        sources: [any DependencyInstructionSource],
        policy: DynamicInjectionPolicy = .default,
        limits: InstructionSourceLimits = .default
    ) {
        self.init(index: index, metaContainers: [], sources: sources, policy: policy, limits: limits)
    }

    /// A registry with definitions in code and sources below them.
    public init(
        index: DynamicDependencyIndex,
        metaContainers: [DependencyMetaContainer],
        sources: [any DependencyInstructionSource],
        policy: DynamicInjectionPolicy,
        limits: InstructionSourceLimits
    ) {
        self.index = index
        self.metaContainers = metaContainers
        self.sources = sources
        self.policy = policy
        self.limits = limits
    }

    // MARK: Running

    /// Reads, merges, checks and registers (see the type's overview).
    ///
    /// - Throws: ``DynamicInjectionError`` listing every problem in every source; nothing
    ///   is registered then.
    public func registerDependencies() throws {
        try inject()
    }

    /// Like ``registerDependencies()``, returning the report of what was bound and where
    /// each binding came from.
    @discardableResult
    public func inject() throws(DynamicInjectionError) -> DynamicInjectionReport {
        var report = try plan()
        let registrations = try makeRegistrations(for: report.bindings)
        let replaced = DependencyContainer.insertAll(registrations)
        for i in report.bindings.indices {
            report.bindings[i].replacedRegistration = replaced[i]
        }
        report.isApplied = true
        return report
    }

    /// Reads, merges and checks without registering anything: what ``inject()`` would do.
    ///
    /// - Throws: ``DynamicInjectionError``, exactly as ``inject()`` would.
    public func plan() throws(DynamicInjectionError) -> DynamicInjectionReport {
        let bindings = try mergedInSourceOrder()
        // Checked in source order, so diagnostics read top to bottom like the input.
        let problems = bindings.flatMap(check)
        guard problems.isEmpty else { throw DynamicInjectionError(diagnostics: problems) }
        return report(sorting: bindings)
    }

    /// Reads and merges without consulting the index: the bindings instructions ask for,
    /// with their origins and overrides, whether or not the keys exist. (`relay explain`
    /// shows this.)
    ///
    /// - Throws: ``DynamicInjectionError`` for unreadable or malformed sources and for
    ///   duplicates inside one source.
    public func merge() throws(DynamicInjectionError) -> DynamicInjectionReport {
        report(sorting: try mergedInSourceOrder())
    }

    /// The merged bindings, in the order their winning instructions first appear
    /// (highest-precedence source first).
    private func mergedInSourceOrder() throws(DynamicInjectionError) -> [DynamicInjectionReport.Binding] {
        var diagnostics: [RelayDiagnostic] = []
        // Each source's instructions, highest precedence first; code definitions lead.
        var layers: [[LocatedInstruction]] = [metaContainers.flatMap { container in
            container.definitions.map { definition in
                LocatedInstruction(
                    instruction: DependencyInjectionInstruction(type: definition.typeIdentifier, factory: definition.factoryIdentifier, scope: container.scope, lifecycle: definition.lifecycle),
                    origin: definition.origin
                )
            }
        }]
        let readSources = policy.isEnabled ? sources : []
        let context = InstructionReadContext(limits: limits)
        for source in readSources {
            do {
                layers.append(try source.readInstructions(context: context))
            } catch let error as InstructionSourceError {
                diagnostics += error.diagnostics
            } catch {
                diagnostics.append(.error("could not read \(source.name): \(error)", at: .custom(source: source.name, line: nil, column: nil)))
            }
        }

        var bindings: [InstructionConflictKey: DynamicInjectionReport.Binding] = [:]
        var order: [InstructionConflictKey] = []
        for layer in layers {
            var firstInLayer: [InstructionConflictKey: LocatedInstruction] = [:]
            for located in layer {
                let key = located.conflictKey
                if let previous = firstInLayer[key] {
                    diagnostics.append(.error(
                        "duplicate instruction for \(key); each type may be bound once per scope in one source — remove one of them",
                        at: located.origin,
                        notes: [.note("previous instruction for \(key.type) is here", at: previous.origin)]
                    ))
                    continue
                }
                firstInLayer[key] = located
                if bindings[key] != nil {
                    bindings[key]!.overridden.append(located)
                } else {
                    let i = located.instruction
                    bindings[key] = .init(scope: i.scope, type: i.type, factory: i.factory, lifecycle: i.lifecycle, origin: located.origin)
                    order.append(key)
                }
            }
        }
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        return order.map { bindings[$0]! }
    }

    /// A not-yet-applied report with `bindings` sorted by scope (global first), then type.
    private func report(sorting bindings: [DynamicInjectionReport.Binding]) -> DynamicInjectionReport {
        let sorted = bindings.sorted { ($0.scope.isGlobal ? 0 : 1, $0.scope.name, $0.type.tag) < ($1.scope.isGlobal ? 0 : 1, $1.scope.name, $1.type.tag) }
        return DynamicInjectionReport(
            policy: policy,
            sources: (metaContainers.isEmpty ? [] : ["code"]) + sources.map(\.name),
            bindings: sorted,
            isApplied: false
        )
    }

    // MARK: Checking

    /// Every problem with one binding, positioned at its instruction.
    func check(_ binding: DynamicInjectionReport.Binding) -> [RelayDiagnostic] {
        var problems: [RelayDiagnostic] = []
        let type = index.typeEntry(for: binding.type)
        if type == nil {
            let suggestions = NearMatch.suggestions(for: binding.type.tag, among: index.typeKeys.map(\.tag))
            problems.append(.error(DynamicDependencyIndexError.typeNotFound(key: binding.type, suggestions: suggestions).description, at: binding.origin))
        }
        do {
            let factory = try index.entry(for: binding.factory)
            if let type, let produced = factory.produces, produced != type {
                let candidates = index.factories(producing: type.type).map(\.tag)
                let hint = candidates.isEmpty
                    ? "index a factory that produces \(type.typeName)"
                    : "use a factory that produces it: \(NearMatch.quotedList(candidates))"
                problems.append(.error(
                    "factory '\(binding.factory)' produces \(produced.typeName), but type key '\(binding.type)' is \(type.typeName); \(hint)",
                    at: binding.origin
                ))
            }
        } catch {
            var message = error.description
            if let type {
                let candidates = index.factories(producing: type.type)
                if !candidates.isEmpty {
                    message += "; factories indexed for \(binding.type): " + NearMatch.quotedList(candidates.map(\.tag))
                }
            }
            problems.append(.error(message, at: binding.origin))
        }
        return problems
    }

    /// One registration per binding, in the same order, owned by the live container of the
    /// binding's scope. Call after ``check(_:)`` passed.
    func makeRegistrations(for bindings: [DynamicInjectionReport.Binding]) throws(DynamicInjectionError) -> [Registration] {
        var registrations: [Registration] = []
        for binding in bindings {
            // The index may have changed since the check; re-check rather than trap.
            guard let type = index.typeEntry(for: binding.type), let factory = try? index.entry(for: binding.factory) else {
                throw DynamicInjectionError(diagnostics: check(binding))
            }
            let owner = DependencyContainer.container(for: binding.scope)
            let origin = RegistrationOrigin.described("instruction `\(binding.instruction)` from \(binding.origin)")
            if let typed = factory.typedRegistration, factory.produces == type {
                registrations.append(typed(owner, binding.lifecycle, origin))
            } else {
                registrations.append(UntypedRegistration(key: type, lifecycle: binding.lifecycle, origin: origin, owner: owner, factory: factory.make))
            }
        }
        return registrations
    }

    // MARK: Standard set-up

    /// The standard sources of a live process, highest precedence first: the command line,
    /// `$RELAY_DEPENDENCIES`, then `$RELAY_DEPENDENCIES_FILE` or `./.relay`.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The process environment.
    ///   - workingDirectory: Where `./.relay` is looked for (never in parent directories).
    public static func standardSources(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [any DependencyInstructionSource] {
        var sources: [any DependencyInstructionSource] = [
            CommandLineInstructionSource(arguments: arguments),
            EnvironmentInstructionSource(environment: environment),
        ]
        if let file = ConfigFileInstructionSource.standard(environment: environment, workingDirectory: workingDirectory) {
            sources.append(file)
        }
        return sources
    }

    /// The registry an app runs at start-up: the ``standardSources(arguments:environment:workingDirectory:)``
    /// of the live process, the shared index, and the default policy (on in debug builds,
    /// off in release builds).
    ///
    /// ```swift
    /// try DynamicDependencyRegistry.standard().registerDependencies()
    /// ```
    public static func standard(
        index: DynamicDependencyIndex = .shared,
        policy: DynamicInjectionPolicy = .default,
        limits: InstructionSourceLimits = .default,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> DynamicDependencyRegistry {
        DynamicDependencyRegistry(
            index: index,
            sources: standardSources(arguments: arguments, environment: environment, workingDirectory: workingDirectory),
            policy: policy,
            limits: limits
        )
    }
}
