// The slow path's rarer lifecycles — graph, unit of work, weak singleton — each out of line
// so that the common path's frame stays small (DependencyContainer+Resolution.swift).

extension DependencyContainer {
    /// A `graph` registration: the instance this outermost resolve made already, or a new
    /// one, kept until it finishes. Out of line, like the other lifecycles' rarer paths, to
    /// keep the slow path's frame small.
    @inline(never)
    func resolveGraph<T>(_ type: T.Type, registration: Registration, caller: TypedCaller?, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        let holder: AnyObject
        if let made = thread.graphHolder(for: registration) {
            holder = made
        } else {
            holder = try run(registration, thread: thread) { try registration.makeHolder(caller: caller) }
            thread.storeGraph(holder, for: registration)
            if registration.completion != nil { thread.queueCompletion(registration, value: (holder as! any AnySingletonValue).anyValue) }
        }
        if registration.valueTypeID == ObjectIdentifier(T.self) { return unsafeDowncast(holder, to: SingletonValue<T>.self).value }
        return try cast((holder as! any AnySingletonValue).anyValue, to: T.self, registration: registration, thread: thread)
    }

    /// A `unitOfWork` registration: the current unit's instance (``UnitOfWorkContext``),
    /// claimed and built exactly as a singleton in the unit's cell, so concurrent resolves
    /// inside one unit build it once; or ``DependencyResolutionError/Reason/noUnitOfWork``
    /// outside any unit. A typed instance is cached in this thread's layer cache under the
    /// unit's identifier (not inside an override layer, whose own cache is keyed by the
    /// layer): ``resolveMiss(_:thread:generation:)`` serves it from there while the
    /// unit is current. Call without the lock: it takes it for the claim.
    @inline(never)
    func resolveUnitOfWork<T>(_ type: T.Type, registration: Registration, caller: TypedCaller?, thread: ResolutionThread, overrides: OverrideLayer?, generation: UInt?) throws(DependencyResolutionError) -> T {
        guard let unit = UnitOfWorkContext.current else {
            throw .noUnitOfWork(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description)
        }
        // The task-local binding keeps `unit` (and so the cell and its holder) alive for
        // as long as this resolve runs; the local keeps it alive for the reads below.
        defer { withExtendedLifetime(unit) {} }
        try checkCaptive(registration, thread: thread)
        let engine = ResolutionEngine.shared
        engine.lock.lock()
        let cell = unit.cell(for: registration, layer: overrides?.id ?? 0)
        let claim = claimSingleton(cell: cell, registration: registration, thread: thread)
        engine.lock.unlock()
        let holder = try singletonHolder(claim, cell: cell, registration: registration, caller: caller, thread: thread)
        if registration.valueTypeID == ObjectIdentifier(T.self) {
            let typedHolder = unsafeDowncast(holder, to: SingletonValue<T>.self)
            // Not while this outermost resolve has work pending (the instance may still be
            // completing), and not for a detached (validation) container.
            if let generation, overrides == nil, !isDetached, !thread.state.pointee.hasOutermostWork {
                thread.fillLayerCache(layer: unit.id, container: ObjectIdentifier(self), type: T.self, holder: typedHolder, generation: generation)
            }
            return typedHolder.value
        }
        let value = (holder as! any AnySingletonValue).anyValue
        return try cast(value, to: T.self, registration: registration, thread: thread)
    }

    /// A `weakSingleton`, once `claim` is made (in `cell`, with the lock, which is released
    /// now): the instance someone still holds, or a new one. With a `generation`, the
    /// instance is cached for this thread (``WeakInstance``: the cache does not keep it
    /// alive), under `tag` if the resolve asked for one.
    @inline(never)
    func resolveWeakSingleton<T>(_ type: T.Type, claim: SingletonClaim, cell: SingletonCell, registration: Registration, caller: TypedCaller?, thread: ResolutionThread, tag: DependencyTag?, generation: UInt?) throws(DependencyResolutionError) -> T {
        let object: AnyObject
        switch claim {
        case .ready(let held): object = held
        case .claimed: object = try buildWeakSingleton(cell: cell, registration: registration, caller: caller, thread: thread, requested: T.self)
        case .refused(let error): throw error
        }
        let value = try cast(object, to: T.self, registration: registration, thread: thread)
        if let generation {
            let instance = WeakInstance(value, object: object)
            if let tag {
                thread.fillQualified(container: ObjectIdentifier(self), type: T.self, argument: nil, tag: tag, entry: .weak(UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())), object: instance, generation: generation)
            } else {
                thread.fill(container: ObjectIdentifier(self), type: T.self, weak: instance, generation: generation)
            }
        }
        return value
    }
}
