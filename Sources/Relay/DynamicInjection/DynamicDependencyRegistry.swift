// Layer: DynamicInjection — the index, meta containers, the binding plan, the registry and
// its report. Uses Instructions, Container and Support; knows sources only through the
// DependencyInstructionSource protocol.

/// Registers the factories that instructions select, all or nothing.
///
/// The pipeline, top to bottom:
/// 1. **read** every source (highest precedence first) — unless the ``policy`` is off;
/// 2. **merge**: for each (scope, type, tag) the first source's instruction wins whole, and the
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
    #if RELAY_DRIVABLE
    /// The control file `RELAY_CONTROL` names, or why it cannot be used; set only by
    /// `standard()` with the policy enabled. The file as it is at start-up is read above
    /// every source (a failure is thrown with the sources' problems), and ``inject()``
    /// starts its ``ControlSession`` after a successful injection.
    var control: Result<ControlFile, DynamicInjectionError>?
    /// Whether a binding into a scope nothing knows is an error (every 1.x entry point) or
    /// creates the scope's container (Relay 0.3's entry points, as 0.3 did).
    var unknownScopes: BindingPlan.UnknownScopes = .rejected
    #endif

    /// A registry for definitions built in code (the seed API).
    ///
    /// As in Relay 0.3, a definition for a scope nothing has registered in yet creates that
    /// scope's container, and the report says so (``DynamicInjectionReport/Binding/createdScope``).
    /// The other initializers reject such a scope, with a "did you mean", because a
    /// misspelt scope would otherwise be a binding nobody resolves.
    public init(index: DynamicDependencyIndex = .shared, metaContainers: [DependencyMetaContainer]) {
        self.init(index: index, metaContainers: metaContainers, sources: [], policy: .enabled, limits: .default)
        #if RELAY_DRIVABLE
        unknownScopes = .created
        #endif
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
        return try injecting()
    }

    /// Reads, merges and checks without registering anything: what ``inject()`` would do.
    /// Use it to validate instructions without acting on them (a `--check` flag, a health
    /// check); it writes and prints nothing, whatever the environment says.
    ///
    /// - Throws: ``DynamicInjectionError``, exactly as ``inject()`` would.
    public func plan() throws(DynamicInjectionError) -> DynamicInjectionReport {
        try planning()
    }
}
