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
        ForwardingFactory.checkConformance(Implementation.self, to: A.self, file: file, line: line)
        register(Implementation.self, tag: tag, lifecycle: lifecycle, file: file, line: line, factory: factory)
        forward(Implementation.self, as: A.self, tag: tag, file: file, line: line)
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
        ForwardingFactory.checkConformance(Implementation.self, to: A.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: B.self, file: file, line: line)
        register(Implementation.self, tag: tag, lifecycle: lifecycle, file: file, line: line, factory: factory)
        forward(Implementation.self, as: A.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: B.self, tag: tag, file: file, line: line)
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
        ForwardingFactory.checkConformance(Implementation.self, to: A.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: B.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: C.self, file: file, line: line)
        register(Implementation.self, tag: tag, lifecycle: lifecycle, file: file, line: line, factory: factory)
        forward(Implementation.self, as: A.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: B.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: C.self, tag: tag, file: file, line: line)
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
        ForwardingFactory.checkConformance(Implementation.self, to: A.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: B.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: C.self, file: file, line: line)
        ForwardingFactory.checkConformance(Implementation.self, to: D.self, file: file, line: line)
        register(Implementation.self, tag: tag, lifecycle: lifecycle, file: file, line: line, factory: factory)
        forward(Implementation.self, as: A.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: B.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: C.self, tag: tag, file: file, line: line)
        forward(Implementation.self, as: D.self, tag: tag, file: file, line: line)
    }

    /// Registers `Forwarded` (with `tag`) as a transient resolving `Implementation`'s
    /// registration; nothing when the two are one type (the implementation's own
    /// registration answers for it).
    private func forward<Implementation, Forwarded>(_ implementation: Implementation.Type, as forwarded: Forwarded.Type, tag: DependencyTag?, file: StaticString, line: UInt) {
        guard Forwarded.self != Implementation.self else { return }
        let factory = ForwardingFactory.make(Implementation.self, as: Forwarded.self, tag: tag, origin: "\(file):\(line)")
        register(Forwarded.self, tag: tag, lifecycle: .transient, file: file, line: line, factory: factory)
    }
}
