/// Lets the slow path read a singleton of any registration as `Any`.
extension SingletonValue: AnySingletonValue {
    var anyValue: Any { value }
}

protocol AnySingletonValue: AnyObject {
    var anyValue: Any { get }
}

extension DependencyContainer {
    /// The resolve path. A repeated resolve of a typed registration is served from the
    /// calling thread's cache: the thread-local look-up, three atomic loads (plain loads
    /// on x86 and ARM), a slot compare, then a copy of the singleton or the transient's
    /// factory call. No lock, no reference counting beyond the copy of the result, no
    /// lazy-global check. Everything else goes through
    /// ``resolveMiss(_:thread:generation:)``.
    ///
    /// The cached object is used without retaining it: it stays alive while any factory
    /// runs on this thread (``ResolutionThread/State/retire(_:)``), which covers every use
    /// below.
    @inline(__always)
    func resolveValue<T>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let generation = ResolutionEngine.generation.load(ordering: .acquiring)
        if thread.noOverrideActive || thread.seesNoLayer, thread.state.pointee.cacheGeneration == generation {
            let typeID = UInt(bitPattern: ObjectIdentifier(T.self))
            let containerID = UInt(bitPattern: ObjectIdentifier(self))
            let slot = thread.slots + ResolutionThread.slotIndex(container: containerID, type: typeID)
            if slot.pointee.type == typeID, slot.pointee.container == containerID {
                if let value = slot.pointee.value {
                    return value.assumingMemoryBound(to: T.self).pointee
                }
                if let transient = slot.pointee.transient {
                    return try runCachedTransient(.fromOpaque(transient), thread: thread)
                }
                // A `weakSingleton`, out of line.
                return try resolveCachedWeak(T.self, instance: .fromOpaque(slot.pointee.weak.unsafelyUnwrapped), tag: nil, thread: thread, generation: generation)
            }
        }
        return try resolveMiss(T.self, thread: thread, generation: generation)
    }

    /// Everything but a cache hit outside any override: a resolve that may be inside an
    /// override layer, a stale cache, or a type not cached yet. Kept out of line so the
    /// fast path above stays small.
    @inline(never)
    private func resolveMiss<T>(_ type: T.Type, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        if !thread.noOverrideActive {
            // The innermost layer this code sees (``ResolutionThread/seesNoLayer``), held by
            // this frame.
            if let layer = OverrideContext.current {
                defer { withExtendedLifetime(layer) {} }
                return try resolveInLayer(T.self, layer: Unmanaged.passUnretained(layer), thread: thread, generation: generation)
            }
        }
        thread.validateCache(generation: generation)
        // The entry may sit away from its home slot (which the fast path checked), and a
        // task that may see a layer but has none comes here: the cache still serves these.
        let typeID = UInt(bitPattern: ObjectIdentifier(T.self))
        let containerID = UInt(bitPattern: ObjectIdentifier(self))
        if let slot = thread.cachedSlot(container: containerID, type: typeID) {
            if let value = slot.pointee.value {
                return value.assumingMemoryBound(to: T.self).pointee
            }
            if let transient = slot.pointee.transient {
                return try runCachedTransient(.fromOpaque(transient), thread: thread)
            }
            if let weak = slot.pointee.weak {
                return try resolveCachedWeak(T.self, instance: .fromOpaque(weak), tag: nil, thread: thread, generation: generation)
            }
        }
        // A `unitOfWork` instance this thread resolved in the current unit before: the
        // layer cache, keyed by the unit's identifier (see ``resolveUnitOfWork``).
        // The unit's id is read, not the unit: no reference counting. While the id is
        // bound, so is the unit, which owns the cached instance.
        if ResolutionEngine.unitOfWorkPossible.load(ordering: .relaxed) != 0, !isDetached {
            let unit = UnitOfWorkContext.currentID
            if unit != 0, let value = thread.layerCachedValue(layer: unit, container: containerID, type: typeID, generation: generation), !thread.mayCaptureUnitOfWork {
                return value.assumingMemoryBound(to: T.self).pointee
            }
        }
        if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: nil, thread: thread, overrides: nil, generation: isDetached ? nil : generation) }
        return try resolveSlow(T.self, thread: thread, overrides: nil, generation: isDetached ? nil : generation)
    }

    /// A resolve inside override layer `layer` (the innermost, kept alive by the caller): a singleton resolved in
    /// it before is served from the thread's layer cache, anything else takes the slow
    /// path, which looks at the layer's registrations first and keeps every singleton in
    /// the layer.
    @inline(__always)
    private func resolveInLayer<T>(_ type: T.Type, layer: Unmanaged<OverrideLayer>, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        // Detached containers (validation) die, and their addresses are reused: never cached.
        guard !isDetached else {
            if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: nil, thread: thread, overrides: layer.takeUnretainedValue(), generation: nil) }
            return try resolveSlow(T.self, thread: thread, overrides: layer.takeUnretainedValue(), generation: nil)
        }
        let typeID = UInt(bitPattern: ObjectIdentifier(T.self))
        let containerID = UInt(bitPattern: ObjectIdentifier(self))
        let layerID = layer._withUnsafeGuaranteedRef { $0.id }
        if let value = thread.layerCachedValue(layer: layerID, container: containerID, type: typeID, generation: generation) {
            return value.assumingMemoryBound(to: T.self).pointee
        }
        if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: nil, thread: thread, overrides: layer.takeUnretainedValue(), generation: generation) }
        return try resolveSlow(T.self, thread: thread, overrides: layer.takeUnretainedValue(), generation: generation)
    }

    /// Runs a transient factory through its registration's caller. The caller (and so
    /// its registration) is used through an unretained reference, so no reference
    /// counting happens here: the code that found it keeps the registration alive (a
    /// strong local, or the thread's cache).
    ///
    /// Nested only (this thread's stack is not empty): an outermost resolve must finish its
    /// work (graph instances, completion hooks) after the factory returns, which
    /// ``runOutermostTransient(_:thread:)`` does.
    @inline(__always)
    func runTransient<T>(_ caller: Unmanaged<TypedFactoryCaller<T>>, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        try thread.push(caller._withUnsafeGuaranteedRef { $0.registration }, requestedIn: scope)
        defer { thread.pop() }
        do {
            return try caller._withUnsafeGuaranteedRef { try $0.factory($0.owner) }
        } catch {
            throw wrapFailure(error, thread: thread)
        }
    }

    /// A transient from the per-thread cache: inline, returning the factory's result
    /// straight to the caller — unless it is an outermost resolve in a process that has
    /// `graph` or completion-hook registrations (``ResolutionEngine/outermostWorkPossible``),
    /// which goes out of line: finishing the resolve's work needs the result kept in a
    /// local (for a generic `T`, stack space sized at run time, which would cost every
    /// resolve, singletons included, if inlined here).
    ///
    /// A resolve already running when the process's first graph or hook registration is
    /// made (another thread registering it at that moment) may leave that registration's
    /// work to this thread's next outermost resolve; registering at start-up, before
    /// resolving, never does.
    @inline(__always)
    func runCachedTransient<T>(_ caller: Unmanaged<TypedFactoryCaller<T>>, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if thread.state.pointee.depth == 0, ResolutionEngine.outermostWorkPossible.load(ordering: .relaxed) != 0 {
            return try runOutermostTransient(caller, thread: thread)
        }
        return try runTransient(caller, thread: thread)
    }

    /// ``runTransient(_:thread:)`` for an outermost resolve: when it returns, the
    /// resolve's work (graph instances, completion hooks) is finished — one flag test
    /// when there is none — or, if the factory threw, dropped.
    @inline(never)
    private func runOutermostTransient<T>(_ caller: Unmanaged<TypedFactoryCaller<T>>, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> T in
            try runTransient(caller, thread: thread)
        }
    }

    /// Runs `body` (a factory) with `registration` on this thread's stack; `detectsCycles`
    /// as ``ResolutionThread/push(_:requestedIn:detectsCycles:)`` (false for an argument
    /// registration).
    func run<R>(_ registration: Registration, thread: ResolutionThread, detectsCycles: Bool = true, _ body: () throws -> R) throws(DependencyResolutionError) -> R {
        try thread.push(registration, requestedIn: scope, detectsCycles: detectsCycles)
        defer { thread.pop() }
        do {
            return try body()
        } catch {
            throw wrapFailure(error, thread: thread)
        }
    }

    /// What the factory on top of this thread's stack threw, as the caller should see it:
    /// a nested resolution failure passes through unchanged (it already carries the whole
    /// chain); anything else is wrapped with the factory's type and registration.
    @inline(never)
    func wrapFailure(_ error: any Error, thread: ResolutionThread) -> DependencyResolutionError {
        if let resolutionError = error as? DependencyResolutionError { return resolutionError }
        let registration = thread.topRegistration
        return .factoryFailed(key: registration.key, scope: scope, chain: thread.chain(appending: nil), registration: registration.origin.description, error: error)
    }

    /// A `weakSingleton` from this thread's cache: its instance if someone still holds it,
    /// else the slow path's, which builds a new one and replaces the entry. Out of line, and
    /// without a `T?`: a local of type `Optional<T>` makes the function that has it ask the
    /// runtime for that type's metadata on every call.
    @inline(never)
    func resolveCachedWeak<T>(_ type: T.Type, instance: Unmanaged<WeakInstance>, tag: DependencyTag?, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        if let reference = instance._withUnsafeGuaranteedRef({ $0.retainedInstance() }) {
            return instance._withUnsafeGuaranteedRef { $0.value(as: T.self, owning: reference) }
        }
        if thread.state.pointee.depth != 0 { return try resolveLookingUp(T.self, tag: tag, thread: thread, overrides: nil, generation: generation) }
        return try resolveSlow(T.self, tag: tag, thread: thread, overrides: nil, generation: generation)
    }

    /// Cache miss, override, optional flattening, untyped registration or a tag, as an
    /// outermost resolve: ``resolveLookingUp(_:tag:thread:overrides:generation:)``, then
    /// the resolve's work is finished (graph instances, completion hooks). Nested
    /// resolves call `resolveLookingUp` directly (the value kept here costs stack, which
    /// deep chains feel). Out of line, for the same reason: the callers' frames stay small.
    @inline(never)
    func resolveSlow<T>(_ type: T.Type, tag: DependencyTag? = nil, thread: ResolutionThread, overrides: OverrideLayer?, generation: UInt?) throws(DependencyResolutionError) -> T {
        try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> T in
            try resolveLookingUp(T.self, tag: tag, thread: thread, overrides: overrides, generation: generation)
        }
    }

    /// The slow path proper. `generation` is non-nil when the result may be cached for
    /// this thread: in the main cache (or, with a `tag`, the cache of tagged resolves), or
    /// inside a layer (`overrides`) in the layer cache (untagged singletons only).
    ///
    /// Takes the engine lock for the look-up and, for a lifecycle with a cell, the claim
    /// (``claimSingleton(cell:registration:thread:weak:)``), and releases it before any
    /// factory runs.
    func resolveLookingUp<T>(_ type: T.Type, tag: DependencyTag?, thread: ResolutionThread, overrides: OverrideLayer?, generation: UInt?) throws(DependencyResolutionError) -> T {
        let engine = ResolutionEngine.shared
        let key = DependencyKey(T.self)
        #if DEBUG
        // Outside every layer while some layer lives: a test's stub this code may have missed.
        if overrides == nil, !isDetached, ResolutionEngine.activeOverrides.load(ordering: .relaxed) != 0 {
            LayerFallThroughWarning.check(key)
        }
        #endif
        engine.lock.lock()
        guard let registration = tag.map({ lookUp(key, tag: $0, overrides: overrides) }) ?? lookUp(key, overrides: overrides) else {
            // Missing (`nil` for an optional type), or registered only with an argument; or a
            // Provider, ArgumentProvider or Lazy built by type.
            let result = makeWrapper(T.self, requested: key, tag: tag, thread: thread, overrides: overrides) ?? .failure(argumentFailure(key, tag: tag, given: nil, thread: thread))
            engine.lock.unlock()
            switch result {
            case .success(let value): return value
            case .failure(let error): return try OptionalResolution.unregistered(T.self, error: error)
            }
        }
        // A main-actor registration is checked on every resolve and never cached per
        // thread: a thread that drained the main queue once may run other work later.
        var generation = generation
        if registration.requiresMainActor {
            guard MainThread.isCurrent else {
                engine.lock.unlock()
                throw .offMainActor(key: key, scope: scope, chain: thread.chain(appending: key), registration: registration.origin.description)
            }
            generation = nil
        }
        let isTyped = registration.valueTypeID == ObjectIdentifier(T.self)
        let caller = registration.caller
        // A registration with a completion hook is never cached per thread: each new
        // instance must queue its hook, and a singleton is completing for a while.
        if registration.completion != nil { generation = nil }

        switch registration.lifecycle {
        case .transient:
            engine.lock.unlock()
            if registration.completion != nil {
                let value = try run(registration, thread: thread) { try registration.makeValue(caller: caller) }
                thread.queueCompletion(registration, value: value)
                return try cast(value, to: T.self, registration: registration, thread: thread)
            }
            if isTyped {
                let typedCaller = unsafeDowncast(caller.unsafelyUnwrapped, to: TypedFactoryCaller<T>.self)
                if let generation, overrides == nil {
                    if let implementation = registration.forwardedImplementation {
                        return try resolveForwarded(T.self, caller: typedCaller, registration: registration, implementation: implementation, tag: tag, thread: thread, generation: generation)
                    }
                    if let tag {
                        thread.fillQualified(container: ObjectIdentifier(self), type: T.self, argument: nil, tag: tag, entry: .transient(UnsafeRawPointer(Unmanaged.passUnretained(typedCaller).toOpaque())), object: registration, generation: generation)
                    } else {
                        thread.fill(container: ObjectIdentifier(self), type: T.self, transient: typedCaller, generation: generation)
                    }
                }
                return try withExtendedLifetime(registration) { () throws(DependencyResolutionError) -> T in
                    try runTransient(Unmanaged.passUnretained(typedCaller), thread: thread)
                }
            }
            let value = try run(registration, thread: thread) { try registration.makeValue(caller: caller) }
            return try cast(value, to: T.self, registration: registration, thread: thread)

        case .graph:
            engine.lock.unlock()
            return try resolveGraph(T.self, registration: registration, caller: caller, thread: thread)

        case .unitOfWork:
            engine.lock.unlock()
            return try resolveUnitOfWork(T.self, registration: registration, caller: caller, thread: thread, overrides: overrides, generation: tag == nil ? generation : nil)

        case .weakSingleton:
            let cell = overrides?.cell(for: registration) ?? registration.cell
            let claim = claimSingleton(cell: cell, registration: registration, thread: thread, weak: true)
            engine.lock.unlock()
            return try resolveWeakSingleton(T.self, claim: claim, cell: cell, registration: registration, caller: caller, thread: thread, tag: tag, generation: overrides == nil ? generation : nil)

        case .singleton, .eagerSingleton:
            let cell = overrides?.cell(for: registration) ?? registration.cell
            let claim = claimSingleton(cell: cell, registration: registration, thread: thread)
            engine.lock.unlock()
            let holder = try singletonHolder(claim, cell: cell, registration: registration, caller: caller, thread: thread)
            guard isTyped else {
                // `holder` is a `SingletonValue<U>` for some U; read it as `Any` and check it.
                let value = (holder as! any AnySingletonValue).anyValue
                return try cast(value, to: T.self, registration: registration, thread: thread)
            }
            let typedHolder = unsafeDowncast(holder, to: SingletonValue<T>.self)
            // Not while this outermost resolve has work pending: the singleton may still be
            // completing, and is discarded if a hook fails.
            if thread.state.pointee.hasOutermostWork {
                return typedHolder.value
            }
            if let generation {
                if let overrides {
                    if tag == nil {
                        thread.fillLayerCache(layer: overrides.id, container: ObjectIdentifier(self), type: T.self, holder: typedHolder, generation: generation)
                    }
                } else if let tag {
                    thread.fillQualified(container: ObjectIdentifier(self), type: T.self, argument: nil, tag: tag, entry: .singleton(UnsafeRawPointer(typedHolder.storage)), object: typedHolder, generation: generation)
                } else {
                    thread.fill(container: ObjectIdentifier(self), type: T.self, holder: typedHolder, generation: generation)
                }
            }
            return typedHolder.value
        }
    }

    func cast<T>(_ value: Any, to type: T.Type, registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if let typed = value as? T { return typed }
        throw .mismatch(requested: T.self, actual: value, scope: scope, chain: thread.chain(appending: DependencyKey(T.self)), registration: registration.origin.description)
    }

    /// Finds the registration for `key`, in layers: overrides first (innermost frame,
    /// scoped then global), then this container's injected bindings and its own
    /// registrations, then its fallback's, in the same order. Call with the engine lock held.
    func lookUp(_ key: DependencyKey, overrides: OverrideLayer?) -> Registration? {
        if let overrides, let found = overrides.registration(for: key, scope: scope) { return found }
        if let found = injected[key] ?? table[key] { return found }
        guard let parent else { return nil }
        return parent.injected[key] ?? parent.table[key]
    }

    /// The registration a tagged resolve uses: the exact (type, tag) registration in any
    /// layer, in ``lookUp(_:overrides:)``'s order, else the untagged one (Dip's fallback).
    /// Call with the engine lock held.
    func lookUp(_ key: DependencyKey, tag: DependencyTag, overrides: OverrideLayer?) -> Registration? {
        if let overrides, let found = overrides.registration(for: key, tag: tag, scope: scope) { return found }
        if let found = injected[key, tag: tag] ?? table[key, tag: tag] { return found }
        if let parent, let found = parent.injected[key, tag: tag] ?? parent.table[key, tag: tag] { return found }
        return lookUp(key, overrides: overrides)
    }

}
