/// The allow-list of dynamic injection: the types instructions may name and the factories
/// they may select.
///
/// Only keys present here can ever be injected, whatever a command line, environment
/// variable or file says. Give your app **one index that fills itself** the first time it
/// is used, and use it everywhere — at start-up, in `.injecting(…)`, in
/// `withInjectedDependencies`, when exporting a ``Manifest``:
///
/// ```swift
/// extension DynamicDependencyIndex {
///     static let myApp = DynamicDependencyIndex { index in
///         try AppRegistry().registerDependencies()   // the defaults instructions replace
///         #if DEBUG
///         index.add(type: .backend, BackendService.self)
///         index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
///         #endif
///     }
/// }
///
/// try DynamicDependencyRegistry.standard(index: .myApp).inject()   // start-up
///
/// @Test(.injecting("type=MyApp.BackendService,factory=MyApp.BackendService.Stub", index: .myApp))
/// func storeShowsTheStub() { /* … */ }
/// ```
///
/// Such an index cannot be checked before it is filled, whichever test runs first or
/// alone (see ``init(fileID:line:prepare:)``). ``shared`` is an index without a `prepare` closure:
/// it holds whatever code has added to it so far.
///
/// Adding a key that is already present replaces its entry. All methods are thread-safe.
public final class DynamicDependencyIndex: Sendable {
    /// The index ``DynamicDependencyRegistry``, `withInjectedDependencies` and
    /// `.injecting(…)` use unless given another. It has no `prepare` closure, so it holds
    /// only what code has added before it is read; prefer an index of your own made with
    /// ``init(fileID:line:prepare:)``.
    public static let shared = DynamicDependencyIndex()

    private struct State {
        var types: [DependencyTypeKey: DependencyKey] = [:]
        var factories: [DependencyFactoryKey: DependencyFactory] = [:]
        var scopes: Set<DependencyContainerScope> = []
        /// The parameters of the factories indexed with one, by factory key.
        var parameters: [DependencyFactoryKey: IndexedParameter] = [:]
        /// The tags declared with `add(tag:for:)`, by type.
        var tags: [DependencyKey: Set<DependencyTag>] = [:]
    }

    private let state = LockedState(State())
    /// Runs the `prepare` closure on first read; `nil` for an index made with ``init()``.
    private let preparation: IndexPreparation?

    /// Creates an empty index.
    public init() {
        preparation = nil
    }

    /// Creates an index that fills itself: `prepare` runs once, the first time the index
    /// is read — before the first instruction is checked against it, and before any
    /// look-up, ``typeKeys``, ``manifest()`` or ``validate()``.
    ///
    /// `prepare` is the one place for everything that must have happened before
    /// instructions are checked: adding the keys (in `#if DEBUG`, to keep stubs out of
    /// release builds) and, usually, registering the app's defaults, which the bindings
    /// then replace. Because it runs on first use, a test that injects with this index is
    /// correct whether it runs first, last, alone or in parallel with others:
    ///
    /// ```swift
    /// extension DynamicDependencyIndex {
    ///     static let myApp = DynamicDependencyIndex { index in
    ///         try AppRegistry().registerDependencies()
    ///         #if DEBUG
    ///         index.add(type: .backend, BackendService.self)
    ///         index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
    ///         #endif
    ///     }
    /// }
    /// ```
    ///
    /// - Only reads run `prepare`; adding keys does not.
    /// - Readers on other threads wait until `prepare` has returned. Reads from inside
    ///   `prepare` see what it has added so far. `prepare` must therefore not wait for
    ///   another thread that reads this index.
    /// - If `prepare` throws, what it added before the error stays, `prepare` does not run
    ///   again, and every check of instructions against the index fails with
    ///   ``DynamicInjectionError``: `code: error: preparing the DynamicDependencyIndex
    ///   failed: <error>; …`. (``DynamicDependencyRegistry/inject()`` checks even when it
    ///   reads no source, so an app sees the error at start-up.)
    /// - ``removeAll()`` empties the index; `prepare` does not run again.
    /// - Until `prepare` has run, a resolve that finds no registration says so in its
    ///   ``DependencyResolutionError`` (naming the index by `fileID` and `line`): the
    ///   registration may be one that `prepare` makes. Fill the index with
    ///   ``DynamicDependencyRegistry/inject()`` at start-up, or with ``prepare()``.
    ///
    /// - Parameters:
    ///   - fileID: Where the index is made, to name it in messages; leave the default.
    ///   - line: The line where the index is made; leave the default.
    ///   - prepare: Adds the keys and registers the defaults; runs once, on first read.
    public init(fileID: String = #fileID, line: Int = #line, prepare: @escaping @Sendable (DynamicDependencyIndex) throws -> Void) {
        preparation = IndexPreparation(prepare, origin: "\(fileID):\(line)")
    }

    /// Fills the index now, if it fills itself and nothing has read it yet: runs its
    /// `prepare` closure (see ``init(fileID:line:prepare:)``), exactly as the first read
    /// would. Calling it again, from any thread, does nothing more; on an index made with
    /// ``init()`` it does nothing.
    ///
    /// Every read fills the index, so code that injects never needs this. A test that
    /// resolves with no `.injecting` trait and no `withInjectedDependencies` does: without
    /// it, the test sees the app's defaults only when another test happened to fill the
    /// index first — it passes in the full run and fails alone.
    ///
    /// ```swift
    /// @Test func storeUsesTheDefaults() throws {
    ///     try DynamicDependencyIndex.myApp.prepare()   // registers AppRegistry's defaults
    ///     let store = DependencyContainer.global.resolve(RecipeStore.self)
    ///     // …
    /// }
    /// ```
    ///
    /// - Throws: ``DynamicInjectionError`` when `prepare` threw — now or on an earlier
    ///   read: `code: error: preparing the DynamicDependencyIndex failed: <error>; …`.
    public func prepare() throws(DynamicInjectionError) {
        if let failure = prepareIfNeeded() {
            throw DynamicInjectionError(diagnostics: [.error(IndexMessages.preparationFailed(failure), at: .code)])
        }
    }

    // MARK: Adding

    /// Adds every type of `indexable`.
    public func add(_ indexable: any DependencyTypeIndexable) {
        let entries = indexable.index
        state.withLock { state in
            for (key, type) in entries { state.types[key] = DependencyKey(type) }
        }
    }

    /// Adds every factory of `indexable`, untyped (checked against the type when it is
    /// resolved).
    public func add(_ indexable: any DependencyFactoryIndexable) {
        let factories = indexable.index.map { key, make in
            let serialized = SerializedFactory(make)
            return (key, DependencyFactory.untyped { serialized.make($0) })
        }
        state.withLock { state in
            for (key, factory) in factories {
                state.factories[key] = factory
                state.parameters[key] = nil
            }
        }
    }

    /// Adds one type under `key`.
    public func add(type key: DependencyTypeKey, _ type: Any.Type) {
        let dependencyKey = DependencyKey(type)
        state.withLock { $0.types[key] = dependencyKey }
    }

    /// Adds a factory that records what it produces.
    ///
    /// An instruction that pairs this factory with a type key for any other type is
    /// rejected when instructions are checked, before any factory runs.
    ///
    /// ```swift
    /// index.add(factory: .backendStub, producing: BackendService.self) { _ in BackendStub() }
    /// ```
    public func add<T>(factory key: DependencyFactoryKey, producing type: T.Type, _ factory: @escaping @Sendable (DependencyContainer) throws -> T) {
        let entry = DependencyFactory.typed(factory)
        state.withLock {
            $0.factories[key] = entry
            $0.parameters[key] = nil
        }
    }

    /// Adds a factory that takes a parameter: text an instruction gives with `parameter=`,
    /// read by `parameter` when the instruction is checked and passed to `factory` with
    /// every call.
    ///
    /// ```swift
    /// index.add(factory: .paymentDeclining, producing: PaymentGateway.self,
    ///           parameter: DependencyParameter<String>(expecting: "a decline reason, e.g. insufficient-funds")) { _, reason in
    ///     DecliningGateway(reason: reason)
    /// }
    /// ```
    ///
    /// ```text
    /// type=MyApp.PaymentGateway,factory=MyApp.PaymentGateway.Declining,parameter=insufficient-funds
    /// ```
    ///
    /// An instruction that selects this factory must give a parameter, and one the parser
    /// accepts; an instruction that gives a parameter to a factory indexed without one is
    /// rejected too. Both are reported, with every other problem, before anything is
    /// registered. ``validate()`` cannot run such a factory (it has no text to give it) and
    /// leaves it out; ``lookup(factory:)`` returns a closure that stops the program, since
    /// it has no parameter either.
    public func add<T, Value>(
        factory key: DependencyFactoryKey,
        producing type: T.Type,
        parameter: DependencyParameter<Value>,
        _ factory: @escaping @Sendable (DependencyContainer, Value) throws -> T
    ) {
        let expectation = parameter.expectation
        let placeholder = DependencyFactory.typed { (_: DependencyContainer) throws -> T in
            throw ParameterRequired(factory: key, expectation: expectation)
        }
        let parse = parameter.parse
        let indexed = IndexedParameter(expectation: expectation) { (text: String) throws(IndexedParameter.Rejection) -> DependencyFactory in
            let value: Value?
            do {
                value = try parse(text)
            } catch {
                throw IndexedParameter.Rejection(detail: "\(error)")
            }
            guard let value else { throw IndexedParameter.Rejection(detail: nil) }
            return DependencyFactory.typed { container in try factory(container, value) }
        }
        state.withLock {
            $0.factories[key] = placeholder
            $0.parameters[key] = indexed
        }
    }

    /// Adds a factory that takes a runtime argument: a stub for an argument registration
    /// (``DependencyContainer/register(_:tag:argument:file:line:factory:)``) of the same
    /// type and argument type.
    ///
    /// ```swift
    /// container.register(Greeter.self, argument: String.self) { _, name in LiveGreeter(name) }   // the app
    /// index.add(factory: "MyApp.Greeter.Stub", producing: Greeter.self, argument: String.self) { _, name in
    ///     StubGreeter(name)
    /// }
    /// ```
    ///
    /// ```text
    /// type=MyApp.Greeter,factory=MyApp.Greeter.Stub
    /// ```
    ///
    /// The instruction binds the type's registration taking a `String` (with the
    /// instruction's tag, if any), so `resolve(Greeter.self, argument: "Ada")` calls the
    /// stub with `"Ada"`; the type's argument-free registration, and its registrations
    /// taking other argument types, keep theirs. Such a binding is always transient.
    ///
    /// Checked with every other problem, before anything is registered: the type must be
    /// registered in code (in any container) with an argument of exactly this type, and the
    /// instruction may not ask for a lifecycle other than `transient`
    /// (`lifecycle=singleton`, the instructions' default, is taken to mean the registration's
    /// own lifecycle; see docs/configuration.md). ``validate()`` cannot run such a factory
    /// (it has no argument to give it) and leaves it out; ``lookup(factory:)`` returns a
    /// closure that stops the program, since it has no argument either.
    public func add<T, A>(
        factory key: DependencyFactoryKey,
        producing type: T.Type,
        argument: A.Type,
        _ factory: @escaping @Sendable (DependencyContainer, A) throws -> T
    ) {
        let entry = DependencyFactory.argument(factory) { ArgumentRequired(factory: key, argumentType: TypeName.of(A.self)) }
        state.withLock {
            $0.factories[key] = entry
            $0.parameters[key] = nil
        }
    }

    /// Adds a factory that runs on the main actor and records what it produces, so that a
    /// UI test can inject a main-actor stub (a view model, a coordinator). Resolving the
    /// type it is bound to off the main actor is a ``DependencyResolutionError``; see
    /// ``DependencyContainer/register(_:tag:lifecycle:instanceScope:isolation:file:line:factory:)``.
    ///
    /// ```swift
    /// index.add(factory: .profileModelStub, producing: ProfileViewModel.self, isolation: MainActor.self) { _ in
    ///     ProfileViewModel(store: StubProfileStore())
    /// }
    /// ```
    public func add<T>(factory key: DependencyFactoryKey, producing type: T.Type, isolation: MainActor.Type, _ factory: @escaping @MainActor @Sendable (DependencyContainer) throws -> T) {
        let entry = DependencyFactory.mainActor(factory)
        state.withLock {
            $0.factories[key] = entry
            $0.parameters[key] = nil
        }
    }

    /// Declares a scope that instructions may name although the app has registered nothing
    /// in it yet.
    ///
    /// An instruction's scope must be `global`, a scope the app has registered something
    /// in (or asked for with ``DependencyContainer/container(for:)``), or a scope declared
    /// here; any other scope — usually a typo — is rejected with "did you mean" among the
    /// known scopes, because a binding in a scope nobody resolves from would do nothing.
    ///
    /// ```swift
    /// static let myApp = DynamicDependencyIndex { index in
    ///     index.add(scope: .checkout)
    /// }
    /// ```
    public func add(scope: DependencyContainerScope) {
        state.withLock { _ = $0.scopes.insert(scope) }
    }

    /// Declares a tag that instructions may name for `type` (`tag=Production`) although no
    /// code has registered `type` with it yet.
    ///
    /// An instruction's tag must be one `type` is registered with in code, in any
    /// container, or one declared here — the rule scopes follow (``add(scope:)``). Any other
    /// tag, usually a typo, is rejected with "did you mean" among the type's known tags:
    /// a binding under a tag nobody resolves would do nothing.
    ///
    /// ```swift
    /// index.add(tag: "Production", for: NetworkLayer.self)
    /// ```
    public func add(tag: DependencyTag, for type: Any.Type) {
        let key = DependencyKey(type)
        state.withLock { _ = $0.tags[key, default: []].insert(tag) }
    }

    /// The tags instructions may name for `type`: those declared with ``add(tag:for:)`` and
    /// those `type` is registered with in any container, sorted by name.
    public func tags(for type: Any.Type) -> [DependencyTag] {
        knownTags(for: DependencyKey(type))
    }

    /// Every declared scope (``add(scope:)``), sorted by name.
    public var scopes: [DependencyContainerScope] {
        state.withLock { Array($0.scopes) }.sortedStably { $0.name < $1.name }
    }

    /// Removes every type, factory, declared scope and declared tag.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    // MARK: Looking up

    /// The type indexed under `key`.
    ///
    /// - Throws: ``DynamicDependencyIndexError/typeNotFound(identifier:)``.
    public func lookup(type key: DependencyTypeKey) throws(DynamicDependencyIndexError) -> Any.Type {
        prepareIfNeeded()
        guard let found = state.withLock({ $0.types[key] }) else {
            throw .typeNotFound(identifier: key.tag)
        }
        return found.type
    }

    /// The factory indexed under `key`, as the seed API returned it: a closure that does
    /// not throw. A factory indexed with ``add(factory:producing:_:)`` that throws when
    /// called through it stops the program with the error, as `resolve` does; the
    /// injection pipeline itself never calls factories this way.
    ///
    /// - Throws: ``DynamicDependencyIndexError/factoryNotFound(identifier:)``.
    public func lookup(factory key: DependencyFactoryKey) throws(DynamicDependencyIndexError) -> @Sendable (DependencyContainer) -> Any {
        prepareIfNeeded()
        guard let found = state.withLock({ $0.factories[key] }) else {
            throw .factoryNotFound(identifier: key.tag)
        }
        return { container in
            do {
                return try found.make(container)
            } catch {
                fatalError("Relay: factory '\(key)' threw: \(error)")
            }
        }
    }

    /// Every indexed type key, sorted.
    public var typeKeys: [DependencyTypeKey] {
        prepareIfNeeded()
        return state.withLock { Array($0.types.keys) }.sortedStably()
    }

    /// Every indexed factory key, sorted.
    public var factoryKeys: [DependencyFactoryKey] {
        prepareIfNeeded()
        return state.withLock { Array($0.factories.keys) }.sortedStably()
    }

    /// The type a factory produces, when it was indexed with ``add(factory:producing:_:)``;
    /// `nil` for an untyped factory.
    ///
    /// - Throws: ``DynamicDependencyIndexError/factoryNotFound(identifier:)``.
    public func producedType(of key: DependencyFactoryKey) throws(DynamicDependencyIndexError) -> Any.Type? {
        prepareIfNeeded()
        guard let found = state.withLock({ $0.factories[key] }) else {
            throw .factoryNotFound(identifier: key.tag)
        }
        return found.produces?.type
    }

    /// The factories known to produce `type` (those indexed with a `producing:` type), in
    /// natural order (`Stub2` before `Stub10`).
    public func factories(producing type: Any.Type) -> [DependencyFactoryKey] {
        factories(producing: DependencyKey(type))
    }

    // MARK: Internal

    /// Everything the index holds, after running its `prepare` closure if it has not run
    /// yet, read under one acquisition of its lock, with the scopes whose containers exist:
    /// what one check of instructions, or one manifest, reads.
    func snapshot() -> IndexSnapshot {
        prepareIfNeeded()
        let state = state.withLock { $0 }
        return IndexSnapshot(
            index: self,
            types: state.types,
            factories: state.factories,
            parameters: state.parameters,
            declaredTags: state.tags,
            knownScopes: state.scopes.union(ResolutionEngine.shared.existingScopes())
        )
    }

    /// The tags declared for `key` and those it is registered with, sorted by name.
    func knownTags(for key: DependencyKey) -> [DependencyTag] {
        snapshot().registrations(of: [key])[key]?.tags ?? []
    }

    /// Whether any type, and any factory, is indexed.
    var isFilled: (types: Bool, factories: Bool) {
        state.withLock { (!$0.types.isEmpty, !$0.factories.isEmpty) }
    }

    /// The factories indexed with a `producing:` type of `type`, sorted.
    func factories(producing type: DependencyKey) -> [DependencyFactoryKey] {
        snapshot().factories(producing: type)
    }

    /// Whether nothing is indexed (after preparing).
    var isEmpty: Bool {
        prepareIfNeeded()
        return state.withLock { $0.types.isEmpty && $0.factories.isEmpty }
    }

    /// Runs the `prepare` closure if it has not run yet.
    ///
    /// - Returns: The description of the error `prepare` threw, if it threw.
    @discardableResult
    func prepareIfNeeded() -> String? {
        preparation?.ensurePrepared(self)
    }
}
