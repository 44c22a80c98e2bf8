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
    /// implementation's does instead of a nested resolve and a cast. When it left a
    /// transient, the forwarded type is cached as a transient that runs the
    /// implementation's factory itself (``directForwarding(_:to:implementation:as:origin:)``):
    /// the same frames and errors as the nested resolve, without its look-up. The entry
    /// lives by the cache's rules, so registering or removing either type again (the
    /// generation) drops it, and inside an override layer the registration runs as it is
    /// and the layer decides. Any other lifecycle (`graph`, `unitOfWork`, or a
    /// registration the cache never holds) leaves the forwarding registration cached as
    /// the transient it is, so each resolve resolves the implementation again.
    @inline(never)
    func resolveForwarded<T>(_ caller: TypedFactoryCaller<T>, registration: Registration, caching: ResolveCaching, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        let value = try withExtendedLifetime(registration) { () throws(DependencyResolutionError) -> T in
            try runTransient(Unmanaged.passUnretained(caller), thread: thread)
        }
        // A singleton still completing (pending outermost work) is not cached, as in the
        // singleton path.
        guard !thread.state.pointee.hasOutermostWork, case let .cache(_, _, generation) = caching, let implementation = registration.forwardedImplementation else { return value }
        // What the implementation's resolve (in the registration's owner, with its tag) left.
        let implementationEntry = thread.cached(registration.tag == nil ? .main : .qualified, container: UInt(bitPattern: ObjectIdentifier(registration.owner)),
                                                type: UInt(bitPattern: implementation), tag: registration.tag?.name, generation: generation)
        switch implementationEntry.kind {
        case .singleton:
            let holder = SingletonValue(value)
            thread.cache(caching, .singleton(UnsafeRawPointer(holder.storage)), object: holder)
        case .weak:
            guard let instance = Unmanaged<WeakInstance>.fromOpaque(implementationEntry.address.unsafelyUnwrapped).takeUnretainedValue().forwarded(as: value) else { break }
            thread.cache(caching, .weak(UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())), object: instance)
        case .transient:
            // The entry (which retains the implementation's registration) holds a
            // `TypedFactoryCaller` of the implementation's type.
            let implementation = Unmanaged<TypedCaller>.fromOpaque(implementationEntry.address.unsafelyUnwrapped).takeUnretainedValue()
            let direct = registration.forwarding.unsafelyUnwrapped.directCaller(registration, implementation)
            thread.cache(caching, .transient(UnsafeRawPointer(Unmanaged.passUnretained(direct).toOpaque())), object: direct)
        default:
            thread.cache(caching, .transient(UnsafeRawPointer(Unmanaged.passUnretained(caller).toOpaque())), object: registration)
        }
        return value
    }

    /// ``Forwarding/directCaller``: a caller for `forwarding` whose factory runs
    /// `implementation` (a `TypedFactoryCaller<Implementation>`) as the nested resolve
    /// would — its frame on the stack, a failure passed through — and converts the result
    /// as the forwarding factory does. It keeps both registrations alive (callers hold
    /// theirs unretained; the implementation's keeps its caller alive).
    static func directForwarding<Implementation, Forwarded>(_ forwarding: Registration, to implementation: TypedCaller, implementation type: Implementation.Type, as forwarded: Forwarded.Type, origin: String) -> TypedCaller {
        let target = DirectForwardingTarget(caller: Unmanaged.passUnretained(implementation), registrations: (forwarding, implementation.registration.takeUnretainedValue()))
        return TypedFactoryCaller<Forwarded>({ container in
            let instance = try container.runTransient(Unmanaged<TypedFactoryCaller<Implementation>>.fromOpaque(target.caller.toOpaque()), thread: .current())
            return try ForwardingFactory.convert(instance, to: Forwarded.self, in: container, origin: origin)
        }, registration: forwarding)
    }
}

/// What a direct forwarding caller's factory holds; `Sendable`, as all its parts are.
private final class DirectForwardingTarget: Sendable {
    let caller: Unmanaged<TypedCaller>
    let registrations: (forwarding: Registration, implementation: Registration)

    init(caller: Unmanaged<TypedCaller>, registrations: (forwarding: Registration, implementation: Registration)) {
        self.caller = caller
        self.registrations = registrations
    }
}
