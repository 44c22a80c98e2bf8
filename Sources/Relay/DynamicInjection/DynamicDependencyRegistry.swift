// Layer: DynamicInjection — the index, meta containers, the binding plan, the registry and
// its report. Uses Instructions, Container and Support; knows sources only through the
// DependencyInstructionSource protocol.

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
/// // .myApp's prepare closure registers the code defaults and adds the keys, first
/// try DynamicDependencyRegistry.standard(index: .myApp).inject()   // then instructions
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
    /// What ``inject()`` writes and prints after it succeeds; set only by `standard()`.
    var outputs: InjectionOutputs?
    /// The control file `RELAY_CONTROL` names, or why it cannot be used; set only by
    /// `standard()` with the policy enabled. The file as it is at start-up is read above
    /// every source (a failure is thrown with the sources' problems), and ``inject()``
    /// starts its ``ControlSession`` after a successful injection.
    var control: Result<ControlFile, DynamicInjectionError>?
    /// Whether a binding into a scope nothing knows is an error (every 1.x entry point) or
    /// creates the scope's container (Relay 0.3's entry points, as 0.3 did).
    var unknownScopes: BindingPlan.UnknownScopes = .rejected

    /// A registry for definitions built in code (the seed API).
    ///
    /// As in Relay 0.3, a definition for a scope nothing has registered in yet creates that
    /// scope's container, and the report says so (``DynamicInjectionReport/Binding/createdScope``).
    /// The other initializers reject such a scope, with a "did you mean", because a
    /// misspelt scope would otherwise be a binding nobody resolves.
    public init(index: DynamicDependencyIndex = .shared, metaContainers: [DependencyMetaContainer]) {
        self.init(index: index, metaContainers: metaContainers, sources: [], policy: .enabled, limits: .default)
        unknownScopes = .created
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

    /// ``inject()``, for code that runs a list of `DependencyRegistryType`s in order;
    /// the report is dropped.
    ///
    /// - Throws: ``DynamicInjectionError`` listing every problem in every source; nothing
    ///   is registered then.
    public func registerDependencies() throws {
        try inject()
    }

    /// Reads, merges, checks and registers (see the type's overview), and returns the
    /// report of what was bound and where each binding came from. This is the call an app
    /// makes at start-up.
    ///
    /// The index's `prepare` closure runs first (see
    /// ``DynamicDependencyIndex/init(fileID:line:prepare:)``), even when no source is read.
    ///
    /// A registry made by `standard()` with an enabled policy then does what the
    /// environment asks: writes the report as JSON to `$RELAY_REPORT_PATH` and the index's
    /// manifest to `$RELAY_MANIFEST_PATH` (each atomically), and prints ``DynamicInjectionReport/description``
    /// to standard error when `RELAY_EXPLAIN` is set to anything but empty or `0`. Nothing
    /// is written or printed when injection fails.
    ///
    /// ```swift
    /// do {
    ///     try DynamicDependencyRegistry.standard(index: .myApp).inject()
    /// } catch {
    ///     FileHandle.standardError.write(Data("\(error)\n".utf8))
    ///     exit(1)
    /// }
    /// ```
    ///
    /// - Throws: ``DynamicInjectionError`` listing every problem in every source; nothing
    ///   is registered then.
    @discardableResult
    public func inject() throws(DynamicInjectionError) -> DynamicInjectionReport {
        ForgottenInject.hasInjected.withLock { $0 = true }
        let inputs = try read()
        let plan = try inputs.plan()
        let checked = try plan.check(against: index, unknownScopes: unknownScopes)
        let bindings = checked.register()
        // With the policy off only meta containers given in code can have been applied.
        var report = report(inputs.outcomes, bindings, isApplied: policy.isEnabled || !metaContainers.isEmpty)
        guard case .success(let control)? = control, policy.isEnabled else {
            outputs?.deliver(report, index: index)
            return report
        }
        // The control channel (RELAY_CONTROL): later batches are merged over what was read now.
        let session = ControlSession(file: control, registry: self, launch: inputs, boundScopes: Set(checked.requests.map(\.scope)), report: report)
        report.control = session.start()
        outputs?.deliver(report, index: index)
        return report
    }

    /// Applies one control batch (see ``ControlSession``): `batch` over the launch-time
    /// inputs, checked against the index, all or nothing, into the injected layer of every
    /// container that `previousScopes` or the new bindings name.
    ///
    /// - Returns: The report (without ``DynamicInjectionReport/control``, which the session
    ///   fills in) and the scopes now bound.
    func applyBatch(_ batch: BindingPlan.Input, outcome: DynamicInjectionReport.Source, over launch: ReadInputs, previousScopes: Set<DependencyContainerScope>) throws(DynamicInjectionError) -> (DynamicInjectionReport, Set<DependencyContainerScope>) {
        var inputs = launch
        inputs.control = (batch, outcome)
        let plan = try inputs.plan()
        let checked = try plan.check(against: index, unknownScopes: unknownScopes)
        let bindings = checked.register(alsoClearing: previousScopes)
        return (report(inputs.outcomes, bindings, isApplied: true), Set(checked.requests.map(\.scope)))
    }

    /// Reads, merges and checks without registering anything: what ``inject()`` would do.
    /// Use it to validate instructions without acting on them (a `--check` flag, a health
    /// check); it writes and prints nothing, whatever the environment says.
    ///
    /// - Throws: ``DynamicInjectionError``, exactly as ``inject()`` would.
    public func plan() throws(DynamicInjectionError) -> DynamicInjectionReport {
        let inputs = try read()
        let checked = try inputs.plan().check(against: index, unknownScopes: unknownScopes)
        return report(inputs.outcomes, checked.reports, isApplied: false)
    }

    /// Reads, merges and checks against `manifest` — the keys an app exported — instead of
    /// ``index``, with the same checks and messages; registers nothing (`relay check
    /// --index`, `relay explain --index`).
    ///
    /// - Throws: ``DynamicInjectionError``, as ``plan()`` would for an index holding the
    ///   manifest's keys.
    package func plan(against manifest: DynamicDependencyIndex.Manifest) throws(DynamicInjectionError) -> DynamicInjectionReport {
        let inputs = try read()
        let bindings = try inputs.plan().check(against: manifest) { $0.report() }
        return report(inputs.outcomes, bindings, isApplied: false)
    }

    /// Reads and merges without consulting the index: the bindings instructions ask for,
    /// with their origins and overrides, whether or not the keys exist (`relay explain`).
    ///
    /// - Throws: ``DynamicInjectionError`` for unreadable or malformed sources and for
    ///   repeats inside one source.
    package func merge() throws(DynamicInjectionError) -> DynamicInjectionReport {
        let inputs = try read()
        return report(inputs.outcomes, try inputs.plan().bindings.map(\.report), isApplied: false)
    }

    /// What ``read()`` found, by precedence: the code's meta containers, then a control
    /// batch (the control file at start-up, or a batch later), then the sources.
    struct ReadInputs: Sendable {
        var code: (input: BindingPlan.Input, outcome: DynamicInjectionReport.Source)? { didSet { merged = nil } }
        var control: (input: BindingPlan.Input, outcome: DynamicInjectionReport.Source)? { didSet { merged = nil } }
        var sources: [(input: BindingPlan.Input?, outcome: DynamicInjectionReport.Source)] = [] { didSet { merged = nil } }
        /// The inputs merged, kept by ``read()``; any change to the inputs drops it.
        var merged: BindingPlan?

        /// Every input, highest precedence first.
        var inputs: [BindingPlan.Input] {
            [code?.input, control?.input].compactMap { $0 } + sources.compactMap(\.input)
        }

        /// What each source gave, in the same order.
        var outcomes: [DynamicInjectionReport.Source] {
            [code?.outcome, control?.outcome].compactMap { $0 } + sources.map(\.outcome)
        }

        /// The inputs merged; throws the merge's problems.
        func plan() throws(DynamicInjectionError) -> BindingPlan {
            let plan = merged ?? BindingPlan(merging: inputs)
            guard plan.diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: plan.diagnostics) }
            return plan
        }
    }

    /// Reads every source (unless the policy is off) and the control channel's start-up
    /// batch, with the meta containers given in code first, and merges them. Throws every
    /// read and merge problem at once, in source order.
    private func read() throws(DynamicInjectionError) -> ReadInputs {
        var read = ReadInputs()
        var diagnostics: [RelayDiagnostic] = []
        if !metaContainers.isEmpty {
            read.code = (.init(name: "code", instructions: metaContainers.flatMap(\.instructions)),
                         .init(name: "code", instructionCount: metaContainers.reduce(0) { $0 + $1.definitions.count }))
        }
        let context = InstructionReadContext(limits: limits)
        if !policy.isEnabled {
            read.sources = sources.map { (nil, .init(name: $0.name, instructionCount: 0, absence: "not read: \(policy.reason)")) }
        }
        func readSource(_ source: any DependencyInstructionSource) -> (BindingPlan.Input?, DynamicInjectionReport.Source) {
            var outcome = DynamicInjectionReport.Source(name: source.name, instructionCount: 0)
            do {
                let instructions = try source.readInstructions(context: context)
                outcome.instructionCount = instructions.count
                if instructions.isEmpty { outcome.absence = (source as? any AbsenceReporting)?.absence }
                return (.init(name: source.name, instructions: instructions), outcome)
            } catch let error as DynamicInjectionError {
                diagnostics += error.diagnostics
            } catch {
                diagnostics.append(.error("could not read \(UserText.escaped(source.name)): \(UserText.escaped(String(describing: error), limit: nil))", at: .custom(source: source.name, line: nil, column: nil)))
            }
            return (nil, outcome)
        }
        index.withInstructionExamples {
            switch policy.isEnabled ? control : nil {
            case .success(let file)?:
                let (input, outcome) = readSource(file.startupSource)
                read.control = (input ?? .init(name: file.path, instructions: []), outcome)
            case .failure(let error)?:
                diagnostics += error.diagnostics
            case nil:
                break
            }
            for source in policy.isEnabled ? sources : [] {
                read.sources.append(readSource(source))
            }
        }
        let plan = BindingPlan(merging: read.inputs)
        diagnostics += plan.diagnostics
        read.merged = plan
        guard diagnostics.isEmpty else { throw DynamicInjectionError(diagnostics: diagnostics) }
        return read
    }

    /// The report, with `bindings` in print order (``Slot/printOrder(_:_:)``).
    private func report(_ sources: [DynamicInjectionReport.Source], _ bindings: [DynamicInjectionReport.Binding], isApplied: Bool) -> DynamicInjectionReport {
        let slots = bindings.map(\.slot)
        let order = slots.indices.sorted { Slot.printOrder(slots[$0], slots[$1]) }
        return DynamicInjectionReport(policy: policy, sources: sources, bindings: order.map { bindings[$0] }, isApplied: isApplied)
    }
}
