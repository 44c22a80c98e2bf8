// Type forwarding: `register(_:as:…:tag:lifecycle:…)`, one implementation registered under
// several types. Overloads for one to four types rather than a parameter pack, for the
// reason given at the top of DependencyContainer+Wiring.swift.

extension DependencyContainer {
    /// Registers `implementation` and forwards `type` to it: resolving `type` resolves the
    /// implementation's registration, so both follow its `lifecycle`.
    ///
    /// ```swift
    /// c.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .graph) { _ in LiveSession() }
    /// let screen = c.resolve(Screen.self)   // its Session and its SessionEvents: one LiveSession
    /// ```
    ///
    /// One call instead of a registration per type, each of which would need the right
    /// lifecycle to share the implementation's instance. Every forwarded type gets what
    /// resolving the implementation gets: with ``LifecycleType/singleton`` one instance for
    /// all of them; with ``LifecycleType/graph`` one instance per outermost resolve, shared
    /// by all of them within it; with ``LifecycleType/transient`` a new one on every
    /// resolve; ``LifecycleType/weakSingleton`` and ``LifecycleType/unitOfWork`` likewise.
    ///
    /// With a `tag`, the implementation and every forwarded type are registered with that
    /// tag, and a forwarded type resolved with the tag resolves the tagged implementation.
    /// Resolving a forwarded type without the tag does not find these registrations, as for
    /// any tagged registration. Registering a type again — forwarded or not — replaces
    /// that one registration; ``remove(_:tag:)`` removes one.
    ///
    /// The compiler cannot check that `implementation` conforms to each type. When a type
    /// is a class, registering checks that `implementation` is that class or a subclass and
    /// stops the program, naming both, if not. A protocol conformance can only be checked
    /// on an instance: resolving a forwarded protocol the implementation does not conform
    /// to fails with ``DependencyResolutionError/Reason/typeMismatch(actualType:)`` naming
    /// this registration, and ``validate()`` reports it before anything runs for real.
    ///
    /// - Parameters:
    ///   - implementation: The implementation's type; it is registered under this type too.
    ///   - type: A type `implementation` conforms to (a protocol, or a superclass).
    ///   - tag: The tag of the implementation and of every forwarded type; `nil` by default.
    ///   - lifecycle: The implementation's lifecycle, ``LifecycleType/singleton`` by
    ///     default; every forwarded type shares it.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - factory: Creates the implementation; may throw.
    public func register<Implementation, A>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self)], tag: tag, lifecycle: lifecycle, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` with the implementation a
    /// singleton of `instanceScope` (``register(_:tag:instanceScope:file:line:factory:)``):
    /// resolving `type` resolves it, and ``resetInstances(in:)`` drops it for both.
    ///
    /// ```swift
    /// c.register(LiveSession.self, as: Session.self, instanceScope: .session) { _ in LiveSession() }
    /// ```
    public func register<Implementation, A>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type,
        tag: DependencyTag? = nil,
        instanceScope: InstanceScope,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self)], tag: tag, lifecycle: .singleton, instanceScope: instanceScope, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` forwarding two types to the
    /// implementation: `c.register(LiveSession.self, as: Session.self, SessionEvents.self) { _ in LiveSession() }`.
    public func register<Implementation, A, B>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self)], tag: tag, lifecycle: lifecycle, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` forwarding three types to the
    /// implementation.
    public func register<Implementation, A, B, C>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type, _ type3: C.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self), .init(Implementation.self, as: C.self)], tag: tag, lifecycle: lifecycle, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` forwarding four types to the
    /// implementation.
    public func register<Implementation, A, B, C, D>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type, _ type3: C.Type, _ type4: D.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self), .init(Implementation.self, as: C.self), .init(Implementation.self, as: D.self)], tag: tag, lifecycle: lifecycle, file: file, line: line)
    }

    /// Registers the implementation made by `factory`, then each of `forwarded` — after
    /// checking them all, so that a type the implementation cannot be leaves nothing
    /// registered.
    private func register<Implementation>(implementation factory: @escaping @Sendable (DependencyContainer) throws -> Implementation, as forwarded: [ForwardedType<Implementation>], tag: DependencyTag?, lifecycle: LifecycleType, instanceScope: InstanceScope? = nil, file: StaticString, line: UInt) {
        for type in forwarded { type.check(file, line) }
        ResolutionEngine.shared.insert(Implementation.self, into: self, tag: tag, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: factory, instanceScope: instanceScope)
        for type in forwarded { type.register(self, tag, file, line) }
    }
}

/// A type `Implementation` is forwarded as, with what registering it takes.
private struct ForwardedType<Implementation> {
    /// Stops the program when `Implementation` can be seen not to be the type.
    let check: (StaticString, UInt) -> Void
    /// Registers the type, with a tag, as a transient resolving the implementation.
    let register: (DependencyContainer, DependencyTag?, StaticString, UInt) -> Void

    init<Forwarded>(_ implementation: Implementation.Type, as forwarded: Forwarded.Type) {
        check = { file, line in ForwardingFactory.checkConformance(Implementation.self, to: Forwarded.self, file: file, line: line) }
        register = { container, tag, file, line in
            // The implementation's own registration answers for the implementation's type.
            guard Forwarded.self != Implementation.self else { return }
            let factory = ForwardingFactory.make(Implementation.self, as: Forwarded.self, tag: tag, origin: "\(file):\(line)")
            ResolutionEngine.shared.insert(Forwarded.self, into: container, tag: tag, lifecycle: .transient, origin: .code(line: line, file: file), factory: factory, forwardingTo: Implementation.self)
        }
    }
}
