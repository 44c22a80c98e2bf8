// The resolve paths for a tag and for a runtime argument, beside the untagged resolve path
// in DependencyContainer+Resolution.swift; their per-thread cache is in
// ResolutionThread+QualifiedCache.swift. Engine code: called only from Container/.

extension DependencyContainer {
    /// A tagged resolve. Outside override layers a repeated one is served from the
    /// thread's cache of tagged and argument resolves (``ResolutionThread/qualifiedEntry(container:type:argument:tag:)``),
    /// keyed by the tag asked for; anything else takes the slow path, with the override
    /// layer this code sees, if any.
    func resolveTagged<T>(_ type: T.Type, tag: DependencyTag) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let seesNoLayer = thread.noOverrideActive || thread.seesNoLayer
        // Detached containers (validation) die, and their addresses are reused: never cached.
        if seesNoLayer, !isDetached {
            let generation = ResolutionEngine.generation.load(ordering: .acquiring)
            thread.validateCache(generation: generation)
            switch thread.qualifiedEntry(container: UInt(bitPattern: ObjectIdentifier(self)), type: UInt(bitPattern: ObjectIdentifier(T.self)), argument: 0, tag: tag.name) {
            case .singleton(let value):
                return value.assumingMemoryBound(to: T.self).pointee
            case .transient(let caller):
                return try runCachedTransient(.fromOpaque(caller), thread: thread)
            case .weak(let instance):
                return try resolveCachedWeak(T.self, instance: .fromOpaque(instance), tag: tag, thread: thread, generation: generation)
            case .argument, .empty:
                break
            }
            if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: tag, thread: thread, overrides: nil, generation: generation) }
            return try resolveSlow(T.self, tag: tag, thread: thread, overrides: nil, generation: generation)
        }
        let layer = seesNoLayer ? nil : OverrideContext.current
        defer { withExtendedLifetime(layer) {} }
        if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: tag, thread: thread, overrides: layer, generation: nil) }
        return try resolveSlow(T.self, tag: tag, thread: thread, overrides: layer, generation: nil)
    }

    /// A resolve with a runtime argument: always a new instance. Outside override layers
    /// the registration found is cached for this thread, like a tagged resolve's; its
    /// factory runs outside the cycle check (see ``ResolutionThread/push(_:requestedIn:detectsCycles:)``).
    func resolveWithArgument<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let seesNoLayer = thread.noOverrideActive || thread.seesNoLayer
        var generation: UInt?
        if seesNoLayer, !isDetached {
            let current = ResolutionEngine.generation.load(ordering: .acquiring)
            thread.validateCache(generation: current)
            if case let .argument(registration, factory) = thread.qualifiedEntry(container: UInt(bitPattern: ObjectIdentifier(self)), type: UInt(bitPattern: ObjectIdentifier(T.self)), argument: UInt(bitPattern: ObjectIdentifier(A.self)), tag: tag?.name) {
                return try runCachedArgument(.fromOpaque(factory), registration: .fromOpaque(registration), argument: argument, thread: thread)
            }
            generation = current
        }
        let layer = seesNoLayer ? nil : OverrideContext.current
        defer { withExtendedLifetime(layer) {} }
        if thread.state.pointee.depth != 0 {
            return try resolveArgumentLookingUp(T.self, tag: tag, argument: argument, thread: thread, overrides: layer, generation: generation)
        }
        return try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> T in
            try resolveArgumentLookingUp(T.self, tag: tag, argument: argument, thread: thread, overrides: layer, generation: generation)
        }
    }

    /// An argument registration's factory, from the thread's cache or found by the slow
    /// path (which keeps `registration` alive); as an outermost resolve in a process that
    /// has `graph` or completion-hook registrations, its work is finished after it.
    @inline(__always)
    private func runCachedArgument<T, A>(_ factory: Unmanaged<TypedArgumentFactory<A, T>>, registration: Unmanaged<Registration>, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if thread.state.pointee.depth == 0, ResolutionEngine.outermostWorkPossible.load(ordering: .relaxed) != 0 {
            return try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> T in
                try runArgument(factory, registration: registration, argument: argument, thread: thread)
            }
        }
        return try runArgument(factory, registration: registration, argument: argument, thread: thread)
    }

    @inline(__always)
    private func runArgument<T, A>(_ factory: Unmanaged<TypedArgumentFactory<A, T>>, registration: Unmanaged<Registration>, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        try thread.push(registration, requestedIn: scope, detectsCycles: false)
        defer { thread.pop() }
        do {
            return try factory._withUnsafeGuaranteedRef { factory in
                try registration._withUnsafeGuaranteedRef { try factory.factory($0.owner, argument) }
            }
        } catch {
            throw wrapFailure(error, thread: thread)
        }
    }

    private func resolveArgumentLookingUp<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A, thread: ResolutionThread, overrides: OverrideLayer?, generation: UInt?) throws(DependencyResolutionError) -> T {
        let engine = ResolutionEngine.shared
        let key = DependencyKey(T.self)
        let argumentID = ObjectIdentifier(A.self)
        engine.lock.lock()
        guard let registration = lookUpArgument(key, tag: tag, argument: argumentID, overrides: overrides) else {
            let error = argumentFailure(key, tag: tag, given: A.self, thread: thread)
            engine.lock.unlock()
            // `nil` for an optional type with nothing registered.
            return try OptionalResolution.unregistered(T.self, error: error)
        }
        engine.lock.unlock()
        let factory = registration.argumentFactory.unsafelyUnwrapped
        if registration.valueTypeID == ObjectIdentifier(T.self) {
            // The key holds exactly `A` and the value type is exactly `T`.
            let typed = unsafeDowncast(factory, to: TypedArgumentFactory<A, T>.self)
            if let generation, overrides == nil, !registration.requiresMainActor, registration.completion == nil {
                thread.fillQualified(container: ObjectIdentifier(self), type: T.self, argument: A.self, tag: tag, entry: .argument(registration: UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque()), factory: UnsafeRawPointer(Unmanaged.passUnretained(typed).toOpaque())), object: registration, generation: generation)
            }
            return try withExtendedLifetime(registration) { () throws(DependencyResolutionError) -> T in
                try runArgument(Unmanaged.passUnretained(typed), registration: Unmanaged.passUnretained(registration), argument: argument, thread: thread)
            }
        }
        let value = try run(registration, thread: thread, detectsCycles: false) { try factory.make(registration.owner, argument) }
        return try cast(value, to: T.self, registration: registration, thread: thread)
    }

    /// The argument registration for (`key`, `tag`, `argument`): with exactly the tag in
    /// the override layer (`withInjectedDependencies`), this container's injected bindings
    /// and code, then its fallback's; else untagged, in the same order. Call with the
    /// engine lock held.
    func lookUpArgument(_ key: DependencyKey, tag: DependencyTag?, argument: ObjectIdentifier, overrides: OverrideLayer?) -> Registration? {
        let tags = tag == nil ? [nil] : [tag, nil]
        for tag in tags {
            if let overrides, let found = overrides.argumentRegistration(for: key, tag: tag, argument: argument, scope: scope) { return found }
            if let found = injected[key, tag: tag, argument: argument] ?? table[key, tag: tag, argument: argument] { return found }
            if let parent, let found = parent.injected[key, tag: tag, argument: argument] ?? parent.table[key, tag: tag, argument: argument] { return found }
        }
        return nil
    }

    /// Why a resolve with an argument of type `given` (or none: `nil`) found nothing: the
    /// type's argument registrations take another type (``DependencyResolutionError/Reason/argumentMismatch(expected:given:)``),
    /// or there is none — and, with an argument, whether the type is registered without
    /// one, and where. Call with the engine lock held.
    func argumentFailure(_ key: DependencyKey, tag: DependencyTag?, given: Any.Type?, thread: ResolutionThread) -> DependencyResolutionError {
        // One taking `given` was not on the resolve's path (another tag): no mismatch.
        let candidates = ([self] + (parent.map { [$0] } ?? [])).flatMap { $0.injected.argumentRegistrations(of: key) + $0.table.argumentRegistrations(of: key) }
            .filter { registration in given.map { ObjectIdentifier($0) } != registration.argumentFactory.map { ObjectIdentifier($0.argumentType) } }
        let matching = candidates.filter { $0.tag == tag } + candidates.filter { $0.tag == nil && tag != nil }
        if let taking = matching.first ?? candidates.first, let factory = taking.argumentFactory {
            return .argumentMismatch(key: key, tag: tag, expected: factory.argumentType, given: given, scope: scope, chain: thread.chain(appending: key), registration: taking.origin.description)
        }
        // With an argument, for a type registered without one: say where that is.
        let plain = given == nil ? nil : (tag.map { lookUp(key, tag: $0, overrides: nil) } ?? lookUp(key, overrides: nil))
        guard let plain else {
            return .missing(key: key, tag: tag, argument: given, scope: scope, chain: thread.chain(appending: key), nearMisses: nearMissDescriptions(for: key, tag: tag))
        }
        // Registered: neither other types' names nor a hint about registrations that have
        // not run yet are of use.
        return .missing(key: key, tag: tag, argument: given, registration: plain.origin.description, scope: scope, chain: thread.chain(appending: key), nearMisses: [], hint: nil)
    }
}
