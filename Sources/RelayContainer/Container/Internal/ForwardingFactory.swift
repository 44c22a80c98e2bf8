// Type forwarding: the factory behind each forwarded type of
// `register(_:as:…:tag:lifecycle:…)` (DependencyContainer+Forwarding.swift).

enum ForwardingFactory {
    /// The factory of a type `Forwarded` that `Implementation` is registered as: a
    /// transient that resolves the implementation's registration (with `tag`, if any) and
    /// hands it out as a `Forwarded`. The implementation's lifecycle decides the sharing:
    /// every forwarded type of one `graph` implementation gets its one instance within an
    /// outermost resolve, a singleton's is the singleton, a transient's is new each time.
    /// Outside override layers the resolve path caches the result the way the
    /// implementation is cached (``DependencyContainer/resolveForwarded(_:registration:caching:thread:)``),
    /// so for a singleton or a live `weakSingleton` this runs once per thread until a
    /// registration changes.
    ///
    /// An implementation that is not a `Forwarded` fails the resolve with
    /// ``DependencyResolutionError/Reason/typeMismatch(actualType:)`` naming `origin`, the
    /// forwarding registration (a protocol conformance can only be checked on an instance;
    /// ``checkConformance(_:to:file:line:)`` checks what it can when registering).
    static func make<Implementation, Forwarded>(
        _ implementation: Implementation.Type,
        as forwarded: Forwarded.Type,
        tag: DependencyTag?,
        origin: String
    ) -> @Sendable (DependencyContainer) throws -> Forwarded {
        { container in
            let instance: Implementation = if let tag { try container.tryResolve(Implementation.self, tag: tag) } else { try container.tryResolve(Implementation.self) }
            // A `switch` with a cast pattern, not `as?` (nor `if case`, which compiles to
            // it): the `Optional<Forwarded>` of `as?` costs a metadata look-up in the
            // runtime on every call.
            switch instance {
            case let converted as Forwarded:
                return converted
            default:
                // The forwarding registration is on top of this thread's stack.
                throw DependencyResolutionError.mismatch(requested: Forwarded.self, actual: instance, scope: container.scope, chain: ResolutionThread.current().chain(appending: nil), registration: origin)
            }
        }
    }

    /// Stops the program when `Implementation` can be seen not to be a `Forwarded` before
    /// any instance exists: `Forwarded` is a class (or `Implementation` itself) that
    /// `Implementation` is not a subclass of. A protocol `Forwarded` cannot be checked
    /// without an instance; its first resolve (and ``DependencyContainer/validate()``) does.
    static func checkConformance<Implementation, Forwarded>(_ implementation: Implementation.Type, to forwarded: Forwarded.Type, file: StaticString, line: UInt) {
        guard Forwarded.self is AnyClass else { return }
        precondition(Implementation.self is Forwarded.Type, "register(\(TypeName.of(Implementation.self)).self, as: …): \(TypeName.of(Implementation.self)) is not a \(TypeName.of(Forwarded.self)), so it cannot be registered as one", file: file, line: line)
    }
}
