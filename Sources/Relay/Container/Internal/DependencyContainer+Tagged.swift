// The resolve paths for a tag and for a runtime argument, beside the untagged resolve path
// in DependencyContainer+Resolution.swift. Engine code: called only from Container/.

extension DependencyContainer {
    /// A tagged resolve: always the slow path (the per-thread cache is keyed by container
    /// and type only), with the override layer this code sees, if any.
    func resolveTagged<T>(_ type: T.Type, tag: DependencyTag) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let layer = thread.noOverrideActive ? nil : OverrideContext.current
        defer { withExtendedLifetime(layer) {} }
        if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: tag, thread: thread, overrides: layer, generation: nil) }
        return try resolveSlow(T.self, tag: tag, thread: thread, overrides: layer, generation: nil)
    }

    /// A resolve with a runtime argument: always the slow path, always a new instance, with
    /// the override layer this code sees, if any.
    func resolveWithArgument<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let layer = thread.noOverrideActive ? nil : OverrideContext.current
        defer { withExtendedLifetime(layer) {} }
        let value: T
        do {
            value = try resolveArgumentLookingUp(T.self, tag: tag, argument: argument, thread: thread, overrides: layer)
        } catch {
            thread.abandonOutermost()
            throw error
        }
        if thread.state.pointee.hasOutermostWork { try thread.finishOutermost(scope: scope) }
        return value
    }

    private func resolveArgumentLookingUp<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A, thread: ResolutionThread, overrides: OverrideLayer?) throws(DependencyResolutionError) -> T {
        let engine = ResolutionEngine.shared
        let key = DependencyKey(T.self)
        let argumentID = ObjectIdentifier(A.self)
        engine.lock.lock()
        guard let registration = lookUpArgument(key, tag: tag, argument: argumentID, overrides: overrides) else {
            let error = argumentFailure(key, tag: tag, given: A.self, thread: thread)
            engine.lock.unlock()
            throw error
        }
        engine.lock.unlock()
        let factory = registration.argumentFactory.unsafelyUnwrapped
        if registration.valueTypeID == ObjectIdentifier(T.self) {
            // The key holds exactly `A` and the value type is exactly `T`.
            let typed = unsafeDowncast(factory, to: TypedArgumentFactory<A, T>.self)
            return try run(registration, thread: thread) { try typed.factory(registration.owner, argument) }
        }
        let value = try run(registration, thread: thread) { try factory.make(registration.owner, argument) }
        return try cast(value, to: T.self, registration: registration, thread: thread)
    }

    /// The argument registration for (`key`, `tag`, `argument`): with exactly the tag in
    /// the override layer (`withInjectedDependencies`), this container's injected bindings
    /// and code, then its fallback's; else untagged, in the same order. Call with the
    /// engine lock held.
    private func lookUpArgument(_ key: DependencyKey, tag: DependencyTag?, argument: ObjectIdentifier, overrides: OverrideLayer?) -> Registration? {
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
    /// or there is none. Call with the engine lock held.
    func argumentFailure(_ key: DependencyKey, tag: DependencyTag?, given: Any.Type?, thread: ResolutionThread) -> DependencyResolutionError {
        let candidates = ([self] + (parent.map { [$0] } ?? [])).flatMap { $0.injected.argumentRegistrations(of: key) + $0.table.argumentRegistrations(of: key) }
        let matching = candidates.filter { $0.tag == tag } + candidates.filter { $0.tag == nil && tag != nil }
        if let taking = matching.first ?? candidates.first, let factory = taking.argumentFactory {
            return .argumentMismatch(key: key, tag: tag, expected: factory.argumentType, given: given, scope: scope, chain: thread.chain(appending: key), registration: taking.origin.description)
        }
        var nearMisses = nearMissDescriptions(for: key, tag: tag)
        if given != nil, lookUp(key, overrides: nil) != nil {
            nearMisses.insert("\(key.typeName) is registered without an argument; resolve it without one", at: 0)
        }
        return .missing(key: key, tag: tag, scope: scope, chain: thread.chain(appending: key), nearMisses: nearMisses)
    }
}
