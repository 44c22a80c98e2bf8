// Type forwarding on the resolve path: a forwarded type served from the per-thread cache
// the way its implementation is (the registrations: DependencyContainer+Forwarding.swift;
// their factory: ForwardingFactory.swift).

extension DependencyContainer {
    /// A forwarded type's registration resolved outside override layers, with `generation`
    /// for the per-thread cache: runs its factory (which resolves `implementation` in the
    /// registration's owner, with the registration's tag, and hands it out as a `T`), then
    /// caches what the next resolve on this thread would get.
    ///
    /// When that resolve of the implementation left a singleton or a `weakSingleton` in
    /// this thread's cache, the forwarded type is cached the same way: its instance, held
    /// once as a `T` (a singleton's in a `SingletonValue<T>`, a `weakSingleton`'s in a
    /// ``WeakInstance`` that does not keep it alive), so a repeated resolve costs what the
    /// implementation's does instead of a nested resolve and a cast. The entry lives by
    /// the cache's rules, so registering or removing either type again (the generation)
    /// drops it, and inside an override layer the registration runs as it is and the
    /// layer decides. Any other lifecycle (`transient`, `graph`, `unitOfWork`, or a
    /// registration the cache never holds) leaves the forwarding registration cached as
    /// the transient it is, so each resolve resolves the implementation again.
    @inline(never)
    func resolveForwarded<T>(_ type: T.Type, caller: TypedFactoryCaller<T>, registration: Registration, implementation: ObjectIdentifier, tag: DependencyTag?, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        let value = try withExtendedLifetime(registration) { () throws(DependencyResolutionError) -> T in
            try runTransient(Unmanaged.passUnretained(caller), thread: thread)
        }
        let container = ObjectIdentifier(self)
        // A singleton still completing (pending outermost work) is not cached, as in the
        // singleton path; and nothing is, if a registration changed while the factory ran.
        guard !thread.state.pointee.hasOutermostWork, thread.state.pointee.cacheGeneration == generation else { return value }
        switch thread.cachedEntry(container: registration.owner, type: implementation, tag: registration.tag) {
        case .singleton:
            let holder = SingletonValue(value)
            if let tag {
                thread.fillQualified(container: container, type: T.self, argument: nil, tag: tag, entry: .singleton(UnsafeRawPointer(holder.storage)), object: holder, generation: generation)
            } else {
                thread.fill(container: container, type: T.self, holder: holder, generation: generation)
            }
        case .weak(let raw):
            guard let instance = Unmanaged<WeakInstance>.fromOpaque(raw).takeUnretainedValue().forwarded(as: value) else { break }
            if let tag {
                thread.fillQualified(container: container, type: T.self, argument: nil, tag: tag, entry: .weak(UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())), object: instance, generation: generation)
            } else {
                thread.fill(container: container, type: T.self, weak: instance, generation: generation)
            }
        default:
            if let tag {
                thread.fillQualified(container: container, type: T.self, argument: nil, tag: tag, entry: .transient(UnsafeRawPointer(Unmanaged.passUnretained(caller).toOpaque())), object: registration, generation: generation)
            } else {
                thread.fill(container: container, type: T.self, transient: caller, generation: generation)
            }
        }
        return value
    }
}

extension ResolutionThread {
    /// What this thread's cache holds for `type` in `container` — in the main cache, or with
    /// a `tag` in the cache of tagged resolves — as a ``QualifiedSlot/Entry``: a singleton's
    /// address, a transient's caller or a `weakSingleton`'s ``WeakInstance``; `.empty` when
    /// nothing is cached. Call after ``validateCache(generation:)``.
    func cachedEntry(container: DependencyContainer, type: ObjectIdentifier, tag: DependencyTag?) -> QualifiedSlot.Entry {
        let containerID = UInt(bitPattern: ObjectIdentifier(container)), typeID = UInt(bitPattern: type)
        if let tag { return qualifiedEntry(container: containerID, type: typeID, argument: 0, tag: tag.name) }
        guard let slot = cachedSlot(container: containerID, type: typeID) else { return .empty }
        if let value = slot.pointee.value { return .singleton(value) }
        if let transient = slot.pointee.transient { return .transient(transient) }
        if let weak = slot.pointee.weak { return .weak(weak) }
        return .empty
    }
}
