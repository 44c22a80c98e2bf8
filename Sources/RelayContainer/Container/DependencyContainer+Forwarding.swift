// Type forwarding: one implementation registered under several types. Overloads for one to
// four types, not a parameter pack (see DependencyContainer+Wiring.swift).

extension DependencyContainer {
    /// Registers `implementation` and forwards `type` to it: resolving `type` resolves the
    /// implementation's registration, so both follow its `lifecycle`.
    ///
    /// ```swift
    /// c.register(LiveSession.self, as: Session.self, SessionEvents.self, lifecycle: .graph) { _ in LiveSession() }
    /// let screen = c.resolve(Screen.self)   // its Session and its SessionEvents: one LiveSession
    /// ```
    ///
    /// Every forwarded type gets what resolving the implementation gets: with
    /// ``LifecycleType/singleton`` one instance for all of them; with
    /// ``LifecycleType/graph`` one per outermost resolve, shared by all of them within it;
    /// with ``LifecycleType/transient`` a new one on every resolve.
    ///
    /// With a `tag`, the implementation and every forwarded type are registered with that
    /// tag. Registering a type again — forwarded or not — replaces that one registration;
    /// ``remove(_:tag:)`` removes one.
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
    ///
    /// With an `instanceScope`, ``resetInstances(in:)`` drops the implementation's instance
    /// for every forwarded type; `lifecycle` must then be ``LifecycleType/singleton``,
    /// ``LifecycleType/eagerSingleton`` or ``LifecycleType/weakSingleton``, or registering
    /// stops the program. The same holds for three and four types.
    ///
    /// ```swift
    /// c.register(LiveSession.self, as: Session.self, SessionEvents.self, instanceScope: .session) { _ in LiveSession() }
    /// ```
    public func register<Implementation, A, B>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        instanceScope: InstanceScope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self)], tag: tag, lifecycle: lifecycle, instanceScope: instanceScope, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` forwarding three types to the
    /// implementation.
    public func register<Implementation, A, B, C>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type, _ type3: C.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        instanceScope: InstanceScope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self), .init(Implementation.self, as: C.self)], tag: tag, lifecycle: lifecycle, instanceScope: instanceScope, file: file, line: line)
    }

    /// ``register(_:as:tag:lifecycle:file:line:factory:)`` forwarding four types to the
    /// implementation.
    public func register<Implementation, A, B, C, D>(
        _ implementation: Implementation.Type = Implementation.self,
        as type: A.Type, _ type2: B.Type, _ type3: C.Type, _ type4: D.Type,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        instanceScope: InstanceScope? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (DependencyContainer) throws -> Implementation
    ) {
        register(implementation: factory, as: [.init(Implementation.self, as: A.self), .init(Implementation.self, as: B.self), .init(Implementation.self, as: C.self), .init(Implementation.self, as: D.self)], tag: tag, lifecycle: lifecycle, instanceScope: instanceScope, file: file, line: line)
    }

    /// Forwards `type` to `implementation`'s registration, which stays as it is: its
    /// factory, its lifecycle and a singleton it already built are kept.
    ///
    /// ```swift
    /// c.register(LiveSession.self) { _ in LiveSession() }
    /// let session = c.resolve(LiveSession.self)
    /// c.forward(SessionEvents.self, to: LiveSession.self)
    /// let events = c.resolve(SessionEvents.self)   // the same LiveSession as `session`
    /// ```
    ///
    /// What ``register(_:as:tag:lifecycle:file:line:factory:)`` does for its forwarded
    /// types, for an implementation registered already, or later: resolving `type`
    /// resolves `implementation` (with `tag`, falling back to untagged) and hands it out as
    /// a `type`. Forwarding `type` again, or registering it, replaces this forwarding;
    /// ``remove(_:tag:)`` removes it.
    ///
    /// An implementation registered only with an argument cannot be forwarded to: this
    /// stops the program, naming the registration to write instead —
    /// `c.register(Animal.self, argument: String.self) { c, name in try c.tryResolve(Dog.self, argument: name) }`.
    /// As with `as:`, a class `type` that `implementation` does not inherit from stops the
    /// program, and a protocol it does not conform to fails the resolve with
    /// ``DependencyResolutionError/Reason/typeMismatch(actualType:)``.
    ///
    /// - Parameters:
    ///   - type: A type `implementation` conforms to (a protocol, or a superclass).
    ///   - implementation: The registered implementation's type.
    ///   - tag: The tag of the forwarding and of the implementation's registration it
    ///     resolves; `nil` by default.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    public func forward<Forwarded, Implementation>(
        _ type: Forwarded.Type,
        to implementation: Implementation.Type,
        tag: DependencyTag? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let forwarded = ForwardedType(Implementation.self, as: Forwarded.self)
        forwarded.check(file, line)
        if let argument = ResolutionEngine.shared.onlyArgumentType(of: DependencyKey(Implementation.self), tag: tag, from: self) {
            let name = TypeName.of(Forwarded.self), implementationName = TypeName.of(Implementation.self), argumentName = TypeName.of(argument)
            preconditionFailure("forward(\(name).self, to: \(implementationName).self): \(implementationName) is registered only with an argument (\(argumentName)), and a forwarded type resolves it without one; register \(name) with the argument instead: register(\(name).self, argument: \(argumentName).self) { c, argument in try c.tryResolve(\(implementationName).self, argument: argument) }", file: file, line: line)
        }
        forwarded.register(self, tag, file, line)
    }

    /// Registers the implementation made by `factory`, then each of `forwarded` — after
    /// checking them all, so that a type the implementation cannot be leaves nothing
    /// registered.
    private func register<Implementation>(implementation factory: @escaping @Sendable (DependencyContainer) throws -> Implementation, as forwarded: [ForwardedType<Implementation>], tag: DependencyTag?, lifecycle: LifecycleType, instanceScope: InstanceScope? = nil, file: StaticString, line: UInt) {
        instanceScope?.check(lifecycle: lifecycle, file: file, line: line)
        for type in forwarded { type.check(file, line) }
        ResolutionEngine.shared.insert(Implementation.self, into: self, tag: tag, lifecycle: lifecycle, origin: .code(line: line, file: file), factory: factory, instanceScope: instanceScope)
        for type in forwarded { type.register(self, tag, file, line) }
    }
}

/// A type `Implementation` is forwarded as, with what registering it takes.
private struct ForwardedType<Implementation> {
    let check: (StaticString, UInt) -> Void
    /// Registers the type as a transient resolving the implementation.
    let register: (DependencyContainer, DependencyTag?, StaticString, UInt) -> Void

    init<Forwarded>(_ implementation: Implementation.Type, as forwarded: Forwarded.Type) {
        check = { file, line in ForwardingFactory.checkConformance(Implementation.self, to: Forwarded.self, file: file, line: line) }
        register = { container, tag, file, line in
            // The implementation's own registration answers for the implementation's type.
            guard Forwarded.self != Implementation.self else { return }
            let origin = "\(file):\(line)"
            let factory = ForwardingFactory.make(Implementation.self, as: Forwarded.self, tag: tag, origin: origin)
            let forwarding = Forwarding(Implementation.self, as: Forwarded.self, origin: origin)
            ResolutionEngine.shared.insert(Forwarded.self, into: container, tag: tag, lifecycle: .transient, origin: .code(line: line, file: file), factory: factory, forwarding: forwarding)
        }
    }
}
