/// Lets the slow path read a singleton of any registration as `Any`.
extension SingletonValue: AnySingletonValue {
    var anyValue: Any { value }
}

protocol AnySingletonValue: AnyObject {
    var anyValue: Any { get }
}

/// The argument of a resolve that passes none.
struct NoArgument {}

extension DependencyContainer {
    /// The resolve fast path. A repeated untagged resolve of a typed registration is
    /// served from the calling thread's `main` table (``ThreadTable``): the thread-local
    /// look-up, three atomic loads (plain loads on x86 and ARM), a slot compare, then a
    /// copy of the singleton or the transient's factory call. No lock, no reference
    /// counting beyond the copy of the result, no lazy-global check. Everything else is
    /// ``resolveRequest(_:tag:argument:thread:generation:)``.
    ///
    /// The cached object is used without retaining it: it stays alive while any factory
    /// runs on this thread (``ResolutionThread/State/retire(_:)``), which covers every use
    /// below.
    @inline(__always)
    func resolveValue<T>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        let thread = ResolutionThread.current()
        let generation = ResolutionEngine.generation.load(ordering: .acquiring)
        let main = thread.state.pointee.tables
        if thread.noOverrideActive || thread.seesNoLayer, main.pointee.generation == generation {
            let typeID = UInt(bitPattern: ObjectIdentifier(T.self))
            let containerID = UInt(bitPattern: ObjectIdentifier(self))
            let slot = main.pointee.slots + ThreadTable.home(container: containerID, type: typeID, qualifier: 0, shift: UInt(UInt.bitWidth - ResolutionThread.mainCountLog2))
            if slot.pointee.key.type == typeID, slot.pointee.key.container == containerID {
                let entry = slot.pointee.entry
                // Written weak first: LLVM tests such a chain from its last check, so the
                // singleton costs one compare, the transient two.
                if entry.kind == .weak { return try resolveCachedWeak(T.self, instance: entry.address.unsafelyUnwrapped, tag: nil, thread: thread, generation: generation) }
                if entry.kind == .transient { return try runCachedTransient(.fromOpaque(entry.address.unsafelyUnwrapped), thread: thread) }
                if entry.kind == .singleton { return entry.address.unsafelyUnwrapped.assumingMemoryBound(to: T.self).pointee }
            }
        }
        return try resolveMissed(T.self, thread: thread, generation: generation)
    }

    /// A `weakSingleton` from a table: its instance if someone still holds it, else a new
    /// one the plan builds. Out of line, and without a `T?`: a local of type `Optional<T>`
    /// makes the function that has it ask the runtime for that type's metadata on every call.
    @inline(never)
    private func resolveCachedWeak<T>(_ type: T.Type, instance raw: UnsafeRawPointer, tag: DependencyTag?, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        let instance = Unmanaged<WeakInstance>.fromOpaque(raw)
        if let reference = instance._withUnsafeGuaranteedRef({ $0.retainedInstance() }) {
            return instance._withUnsafeGuaranteedRef { $0.value(as: T.self, owning: reference) }
        }
        // Weak entries are kept outside layers only, and never for an argument resolve.
        return try resolvePlanned(T.self, tag: tag, argument: NoArgument(), layer: nil, thread: thread, generation: generation)
    }

    /// ``resolveRequest(_:tag:argument:thread:generation:)`` for what the fast path did not
    /// serve, out of line so that the fast path stays small.
    @inline(never)
    private func resolveMissed<T>(_ type: T.Type, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        try resolveRequest(T.self, tag: nil, argument: NoArgument(), thread: thread, generation: generation)
    }

    /// A resolve with a tag, an argument or both (`NoArgument` for none): the public entry
    /// points other than the untagged one, each with its own copy of the one path, so that
    /// what it does not ask for (a tag, an argument) costs nothing.
    @inline(__always)
    func resolveRequest<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A) throws(DependencyResolutionError) -> T {
        try resolveRequest(T.self, tag: tag, argument: argument, thread: .current(), generation: ResolutionEngine.generation.load(ordering: .acquiring))
    }

    /// The one resolve path behind every entry point: probes the one per-thread table the
    /// request may be cached in (inside an override layer, the layer's entries; with a tag
    /// or an argument, `qualified`; else `main`, then a unit of work's entries); on a miss,
    /// plans under the engine lock (``plan(_:tag:argument:overrides:thread:generation:registration:)``)
    /// and carries the plan out without it. An outermost resolve then finishes its work
    /// (graph instances, completion hooks).
    @inline(__always)
    func resolveRequest<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        // The innermost layer this code sees, held by this frame (released by hand: an
        // optional's release is a call even when it is `nil`, the usual case).
        let layer = thread.noOverrideActive ? nil : Self.retainedCurrentLayer()
        defer { if let layer { layer.release() } }
        // Detached containers (validation) die, and their addresses are reused: never cached.
        if !isDetached {
            let layerID = layer.map { $0._withUnsafeGuaranteedRef { $0.id } } ?? 0
            let entry = thread.probe(container: self, type: T.self, tag: tag, argument: A.self == NoArgument.self ? nil : A.self, layer: layerID, generation: generation)
            // A singleton first, outside the switch (which becomes a jump table); expected,
            // unless the request has an argument (whose entries are never singletons).
            if A.self == NoArgument.self ? _fastPath(entry.kind == .singleton) : entry.kind == .singleton { return entry.address.unsafelyUnwrapped.assumingMemoryBound(to: T.self).pointee }
            switch entry.kind {
            case .transient:
                return try runCachedTransient(.fromOpaque(entry.address.unsafelyUnwrapped), thread: thread)
            case .weak:
                return try resolveCachedWeak(T.self, instance: entry.address.unsafelyUnwrapped, tag: tag, thread: thread, generation: generation)
            case .argument where A.self != NoArgument.self:
                // (Folded away where the request has no argument: the path stays small.)
                return try runCachedArgument(.fromOpaque(entry.factory.unsafelyUnwrapped), registration: .fromOpaque(entry.address.unsafelyUnwrapped), argument: argument, thread: thread)
            case .argument, .empty, .singleton:
                break
            }
        }
        return try resolvePlanned(T.self, tag: tag, argument: argument, layer: layer?.takeUnretainedValue(), thread: thread, generation: generation)
    }

    /// The innermost layer the running code sees, retained (the caller releases it); `nil`
    /// when it sees none.
    @inline(__always)
    private static func retainedCurrentLayer() -> Unmanaged<OverrideLayer>? {
        guard let layer = OverrideContext.current else { return nil }
        return Unmanaged.passRetained(consume layer)
    }

    /// A request no per-thread table served: planned under the lock, then carried out.
    /// Out of line, so that what it keeps is not on the stack of resolves that never get
    /// here; it keeps little, as every level of a deep chain of nested resolves passes
    /// through it while the factories below run.
    @inline(never)
    private func resolvePlanned<T, A>(_ type: T.Type, tag: DependencyTag?, argument: A, layer: OverrideLayer?, thread: ResolutionThread, generation: UInt) throws(DependencyResolutionError) -> T {
        let (plan, caching) = plan(T.self, tag: tag, argument: A.self == NoArgument.self ? nil : A.self, overrides: layer, thread: thread, generation: isDetached ? nil : generation)
        if thread.depth != 0 { return try carryOut(plan, caching, argument: argument, thread: thread) }
        return try carryOutOutermost(plan, caching, argument: argument, thread: thread)
    }

    /// ``carryOut(_:_:argument:thread:)`` as an outermost resolve: its work (graph
    /// instances, completion hooks) is finished when it returns, dropped if it throws.
    @inline(never)
    private func carryOutOutermost<T, A>(_ plan: ResolvePlan, _ caching: ResolveCaching, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> T in
            try carryOut(plan, caching, argument: argument, thread: thread)
        }
    }

    /// Carries out a plan, without the engine lock.
    @inline(__always)
    private func carryOut<T, A>(_ plan: ResolvePlan, _ caching: ResolveCaching, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        switch plan {
        case .missing(let error):
            // `nil` for an optional type.
            return try OptionalResolution.unregistered(T.self, error: error)
        case .failure(let error):
            throw error
        case .wrapper(let value):
            return value as! T
        case .run(let registration):
            if registration.argumentFactory != nil { return try runArgument(registration, caching, argument: argument, thread: thread) }
            if registration.lifecycle == .graph { return try resolveGraph(registration, thread: thread) }
            return try runTransient(registration, caching, thread: thread)
        case .ready(let registration, let object):
            if registration.lifecycle == .unitOfWork { try checkCaptive(registration, thread: thread) }
            return try instance(object, of: registration, caching, thread: thread)
        case .build(let registration, let cell):
            let object = try build(registration, into: cell, thread: thread, requested: T.self)
            return try instance(object, of: registration, caching, thread: thread)
        }
    }

    /// A singleton's, unit's or `weakSingleton`'s instance (`object`: the holder, or the
    /// weak one's instance) as a `T`, cached as `caching` says — a singleton not while
    /// this outermost resolve has work pending (it may still be completing, and is
    /// discarded if a hook fails). Entries in `layers` retain nothing.
    private func instance<T>(_ object: AnyObject, of registration: Registration, _ caching: ResolveCaching, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if registration.lifecycle == .weakSingleton {
            let value = try cast(object, to: T.self, registration: registration, thread: thread)
            if case .cache = caching {
                // The cache does not keep the instance alive.
                let weak = WeakInstance(value, object: object)
                thread.cache(caching, .weak(UnsafeRawPointer(Unmanaged.passUnretained(weak).toOpaque())), object: weak)
            }
            return value
        }
        guard registration.valueTypeID == ObjectIdentifier(T.self) else {
            return try cast((object as! any AnySingletonValue).anyValue, to: T.self, registration: registration, thread: thread)
        }
        let holder = unsafeDowncast(object, to: SingletonValue<T>.self)
        if !thread.state.pointee.hasOutermostWork {
            thread.cache(caching, .singleton(UnsafeRawPointer(holder.storage)), object: holder)
        }
        return holder.value
    }

    /// A `graph` registration: the instance this outermost resolve made already, or a new
    /// one, kept until it finishes.
    private func resolveGraph<T>(_ registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        var holder = thread.graphHolder(for: registration)
        if holder == nil {
            let made = try run(registration, thread: thread) { try registration.makeHolder() }
            thread.storeGraph(made, for: registration)
            if registration.completion != nil { thread.queueCompletion(registration, value: (made as! any AnySingletonValue).anyValue) }
            holder = made
        }
        return try instance(holder.unsafelyUnwrapped, of: registration, .none, thread: thread)
    }

    /// A transient registration's factory, cached as `caching` says: a forwarded type as
    /// what its implementation left in the cache (``resolveForwarded``), any other as its
    /// caller. One with a completion hook queues it; an untyped one is cast.
    private func runTransient<T>(_ registration: Registration, _ caching: ResolveCaching, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        guard registration.completion == nil, registration.valueTypeID == ObjectIdentifier(T.self) else {
            return try runUntyped(registration, thread: thread)
        }
        let caller = unsafeDowncast(registration.caller.unsafelyUnwrapped, to: TypedFactoryCaller<T>.self)
        if registration.forwardedImplementation != nil, case .cache = caching {
            return try resolveForwarded(caller, registration: registration, caching: caching, thread: thread)
        }
        thread.cache(caching, .transient(UnsafeRawPointer(Unmanaged.passUnretained(caller).toOpaque())), object: registration)
        // `registration`, a borrowed argument, keeps the caller alive.
        return try runTransient(Unmanaged.passUnretained(caller), thread: thread)
    }

    /// A transient whose value type is not the requested type, or with a completion hook
    /// (queued): its value, cast.
    @inline(never)
    private func runUntyped<T>(_ registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        let value = try run(registration, thread: thread) { try registration.makeValue() }
        if registration.completion != nil { thread.queueCompletion(registration, value: value) }
        return try cast(value, to: T.self, registration: registration, thread: thread)
    }

    /// An argument registration's factory (the lookup matched `A` exactly), its
    /// registration cached as `caching` says; outside the cycle check (see
    /// ``ResolutionThread/push(_:requestedIn:detectsCycles:)``).
    private func runArgument<T, A>(_ registration: Registration, _ caching: ResolveCaching, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        let factory = registration.argumentFactory.unsafelyUnwrapped
        guard registration.valueTypeID == ObjectIdentifier(T.self) else {
            let value = try run(registration, thread: thread, detectsCycles: false) { try factory.make(registration.owner, argument) }
            return try cast(value, to: T.self, registration: registration, thread: thread)
        }
        let typed = unsafeDowncast(factory, to: TypedArgumentFactory<A, T>.self)
        thread.cache(caching, .argument(registration: UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque()), factory: UnsafeRawPointer(Unmanaged.passUnretained(typed).toOpaque())), object: registration)
        // `registration`, a borrowed argument, keeps the factory alive.
        return try runArgument(Unmanaged.passUnretained(typed), registration: Unmanaged.passUnretained(registration), argument: argument, thread: thread)
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

    /// An argument registration's factory, from the thread's cache or found by the slow
    /// path (which keeps `registration` alive); as an outermost resolve in a process that
    /// has `graph` or completion-hook registrations, its work is finished after it.
    @inline(__always)
    func runCachedArgument<T, A>(_ factory: Unmanaged<TypedArgumentFactory<A, T>>, registration: Unmanaged<Registration>, argument: A, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
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

    func cast<T>(_ value: Any, to type: T.Type, registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if let typed = value as? T { return typed }
        throw .mismatch(requested: T.self, actual: value, scope: scope, chain: thread.chain(appending: DependencyKey(T.self)), registration: registration.origin.description)
    }
}
