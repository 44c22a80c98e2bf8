// The locked half of a resolve: what to do, decided under the engine lock in one step
// (``DependencyContainer/plan(_:tag:argument:overrides:thread:generation:registration:)``); the other half runs it
// without the lock (Raw/DependencyContainer+Resolution.swift).

/// What a resolve asks for: a type, maybe a tag, maybe an argument's type.
struct ResolveRequest {
    /// The type asked for, as it was asked (`T?` for an optional resolve).
    let type: Any.Type
    /// The type looked up (an optional's wrapped type).
    let key: DependencyKey
    let tag: DependencyTag?
    /// The type of the argument passed (`resolve(_:tag:argument:)`); `nil` for none.
    let argument: Any.Type?

    init(_ type: Any.Type, tag: DependencyTag?, argument: Any.Type?) {
        self.type = type
        key = DependencyKey(type)
        self.tag = tag
        self.argument = argument
    }
}

/// What a resolve does once the engine lock is released.
enum ResolvePlan {
    /// Nothing registered: the error, or — for an optional type — `nil`.
    case missing(DependencyResolutionError)
    /// A failure that no optional type turns into `nil` (a cycle, the main actor).
    case failure(DependencyResolutionError)
    /// A ``Provider``, ``ArgumentProvider`` or ``Lazy`` the container built by type.
    case wrapper(Any)
    /// Run the registration's factory: a transient, `graph` or argument registration.
    case run(Registration)
    /// The instance is built: a singleton's or unit's `SingletonValue` holder, or a
    /// `weakSingleton`'s object, which someone still holds.
    case ready(Registration, AnyObject)
    /// This thread claimed `cell`, and must build the instance into it.
    case build(Registration, SingletonCell)
}

/// Where the resolve may keep what it found, for this thread's next resolve of the same
/// request (``ThreadTable``); decided with the plan, once.
enum ResolveCaching {
    case none
    case cache(ResolutionThread.Table, ThreadTable.Key, generation: UInt)
}

extension DependencyContainer {
    /// The locked step of every resolve that the per-thread caches did not serve: finds
    /// the registration (``lookUp(_:overrides:)``), or builds a wrapper; checks the main
    /// actor; claims a singleton's cell (waiting for another thread that builds it); and
    /// decides whether the result may be cached for this thread. Takes the engine lock
    /// once, and releases it before returning: no factory ever runs under it.
    ///
    /// `registration`, when given, is planned as it is, without a look-up (an
    /// `eagerSingleton` being bootstrapped). `generation` is `nil` when nothing may be
    /// cached (a detached container, whose address may be reused). In debug builds, a
    /// resolve outside every layer while some layer lives is first checked against the
    /// layers' stubs (``LayerFallThroughWarning``).
    @inline(never)
    func plan(_ type: Any.Type, tag: DependencyTag?, argument: Any.Type?, overrides: OverrideLayer?, thread: ResolutionThread, generation: UInt?, registration given: Registration? = nil) -> (ResolvePlan, ResolveCaching) {
        let request = ResolveRequest(type, tag: tag, argument: argument)
        #if DEBUG
        // Outside every layer while some layer lives: a test's stub this code may have missed.
        if overrides == nil, given == nil, !isDetached, ResolutionEngine.activeOverrides.load(ordering: .relaxed) != 0 {
            LayerFallThroughWarning.check(request.key)
        }
        #endif
        return ResolutionEngine.shared.read {
            guard let registration = given ?? lookUp(request, overrides: overrides) else {
                return (missingPlan(request, thread: thread, overrides: overrides), .none)
            }
            if registration.requiresMainActor, !MainThread.isCurrent {
                return (.failure(.offMainActor(key: request.key, scope: scope, chain: thread.chain(appending: request.key), registration: registration.origin.description)), .none)
            }
            // Made on first use, under the lock; read without it once the plan is carried out.
            _ = registration.caller
            var key = ThreadTable.Key(container: UInt(bitPattern: ObjectIdentifier(self)), type: UInt(bitPattern: ObjectIdentifier(request.type)))
            let plain = request.tag == nil && request.argument == nil
            var table: ResolutionThread.Table?
            var plan: ResolvePlan
            switch registration.lifecycle {
            case .transient, .graph:
                plan = .run(registration)
                if registration.lifecycle == .transient, overrides == nil {
                    table = plain ? .main : .qualified
                    key.qualifier = request.argument.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
                    key.tag = request.tag?.name
                }
            case .unitOfWork:
                guard let unit = UnitOfWorkContext.current else {
                    return (.failure(.noUnitOfWork(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description)), .none)
                }
                plan = claim(unit.cell(for: registration, layer: overrides?.id ?? 0), for: registration, thread: thread)
                // Under the unit's identifier, outside layers only.
                if plain, overrides == nil { (table, key.qualifier) = (.layers, unit.id) }
            case .singleton, .eagerSingleton, .weakSingleton:
                plan = claim(overrides?.cell(for: registration) ?? registration.cell, for: registration, thread: thread)
                if let overrides {
                    // Inside a layer, an untagged singleton under the layer's identifier.
                    if plain, registration.lifecycle != .weakSingleton { (table, key.qualifier) = (.layers, overrides.id) }
                } else {
                    table = plain ? .main : .qualified
                    key.tag = request.tag?.name
                }
            }
            // Cached only: a typed registration (its value type is the type asked for)
            // without a completion hook (each new instance queues its hook) and not bound
            // to the main actor (a thread that drained the main queue once may run other
            // work later); never a `graph` instance. See ``ThreadTable`` for the tables.
            guard let table, let generation, registration.completion == nil, !registration.requiresMainActor,
                  registration.valueTypeID == ObjectIdentifier(request.type) else { return (plan, .none) }
            return (plan, .cache(table, key, generation: generation))
        }
    }

    /// No registration: a wrapper built by type (``makeWrapper(_:thread:overrides:)``),
    /// or why not — the argument mismatch or the missing registration. Call with the lock held.
    private func missingPlan(_ request: ResolveRequest, thread: ResolutionThread, overrides: OverrideLayer?) -> ResolvePlan {
        if request.argument == nil, let wrapper = makeWrapper(request, thread: thread, overrides: overrides) {
            switch wrapper {
            case .success(let value): return .wrapper(value)
            case .failure(let error): return .missing(error)
            }
        }
        return .missing(argumentFailure(request.key, tag: request.tag, given: request.argument, thread: thread))
    }

    /// Finds the registration a request resolves to, in layers: overrides first
    /// (innermost layer, scoped then global), then this container's injected bindings and
    /// its own registrations, then its fallback's, in the same order. With a tag, the exact
    /// tag in every layer first, then untagged (Dip's fallback). With an argument, only
    /// registrations taking exactly that argument type. Call with the engine lock held.
    func lookUp(_ request: ResolveRequest, overrides: OverrideLayer?) -> Registration? {
        let argument = request.argument.map { ObjectIdentifier($0) }
        for tag in request.tag == nil ? [nil] : [request.tag, nil] {
            if let overrides, let found = overrides.registration(for: Slot(scope: scope, type: request.key, tag: tag, argument: argument)) { return found }
            for container in [self, parent] {
                // Each table keys its tagged registrations by its own scope.
                guard let container else { continue }
                let slot = Slot(scope: container.scope, type: request.key, tag: tag, argument: argument)
                if let found = container.injected[slot] ?? container.table[slot] { return found }
            }
        }
        return nil
    }

    /// The argument registrations of `key` a resolve from this container can reach: its
    /// own (injected, then code), then its fallback's. Call with the engine lock held.
    func argumentRegistrations(of key: DependencyKey) -> [Registration] {
        [self, parent].flatMap { container in
            container.map { $0.injected.argumentRegistrations(of: key) + $0.table.argumentRegistrations(of: key) } ?? []
        }
    }

    /// Why a resolve with an argument of type `given` (or none: `nil`) found nothing: the
    /// type's argument registrations take another type (``DependencyResolutionError/Reason/argumentMismatch(expected:given:)``),
    /// or there is none — and, with an argument, whether the type is registered without
    /// one, and where. Call with the engine lock held.
    func argumentFailure(_ key: DependencyKey, tag: DependencyTag?, given: Any.Type?, thread: ResolutionThread) -> DependencyResolutionError {
        // One taking `given` was not on the resolve's path (another tag): no mismatch.
        let candidates = argumentRegistrations(of: key)
            .filter { registration in given.map { ObjectIdentifier($0) } != registration.argumentFactory.map { ObjectIdentifier($0.argumentType) } }
        let matching = candidates.filter { $0.tag == tag } + candidates.filter { $0.tag == nil && tag != nil }
        if let taking = matching.first ?? candidates.first, let factory = taking.argumentFactory {
            return .argumentMismatch(key: key, tag: tag, expected: factory.argumentType, given: given, scope: scope, chain: thread.chain(appending: key), registration: taking.origin.description)
        }
        // With an argument, for a type registered without one: say where that is.
        guard given != nil, let plain = lookUp(ResolveRequest(key.type, tag: tag, argument: nil), overrides: nil) else {
            return .missing(key: key, tag: tag, argument: given, scope: scope, chain: thread.chain(appending: key), nearMisses: nearMissDescriptions(for: key, tag: tag))
        }
        // Registered: neither other types' names nor a hint about registrations that have
        // not run yet are of use.
        return .missing(key: key, tag: tag, argument: given, registration: plain.origin.description, scope: scope, chain: thread.chain(appending: key), nearMisses: [], hint: nil)
    }
}
