#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
// Layer: DynamicInjection. The pipeline behind DynamicDependencyRegistry's entry points:
// read every source, merge, check against the index, register. A release build without
// dynamic injection has DynamicDependencyRegistry+WithoutDynamicInjection.swift instead.

extension DynamicDependencyRegistry {
    /// ``inject()``'s work: read, merge, check, register, then the control session and
    /// the outputs the environment asks for.
    func injecting() throws(DynamicInjectionError) -> DynamicInjectionReport {
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

    /// ``plan()``'s work: read, merge and check, registering nothing.
    func planning() throws(DynamicInjectionError) -> DynamicInjectionReport {
        let inputs = try read()
        let checked = try inputs.plan().check(against: index, unknownScopes: unknownScopes)
        return report(inputs.outcomes, checked.reports, isApplied: false)
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
        // Bindings come in the order their inputs wrote them, often already the print order
        // (a file kept sorted): one pass finds that, where the sort costs several comparisons
        // a binding.
        if slots.indices.dropFirst().allSatisfy({ !Slot.printOrder(slots[$0], slots[$0 - 1]) }) {
            return DynamicInjectionReport(policy: policy, sources: sources, bindings: bindings, isApplied: isApplied)
        }
        let order = StableOrder.positions(count: slots.count) { Slot.printOrder(slots[$0], slots[$1]) }
        return DynamicInjectionReport(policy: policy, sources: sources, bindings: order.map { bindings[$0] }, isApplied: isApplied)
    }
}
#endif
