// Type forwarding: the factory behind each forwarded type of
// `register(_:as:…:tag:lifecycle:…)` (DependencyContainer+Forwarding.swift).

enum ForwardingFactory {
    /// The factory of a type `Forwarded` that `Implementation` is registered as: a
    /// transient that resolves the implementation (with `tag`, if any) and hands it out as
    /// a `Forwarded`, so the implementation's lifecycle decides the sharing. Outside
    /// override layers the resolve path caches the result as the implementation is cached
    /// (``DependencyContainer/resolveForwarded(_:registration:caching:thread:)``).
    ///
    /// An implementation that is not a `Forwarded` fails the resolve with
    /// ``DependencyResolutionError/Reason/typeMismatch(actualType:)`` naming `origin`, the
    /// forwarding registration.
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

    /// Stops the program when `Forwarded` is a class `Implementation` does not inherit
    /// from. A protocol conformance can only be checked on an instance, when resolved.
    static func checkConformance<Implementation, Forwarded>(_ implementation: Implementation.Type, to forwarded: Forwarded.Type, file: StaticString, line: UInt) {
        guard Forwarded.self is AnyClass else { return }
        precondition(Implementation.self is Forwarded.Type, "register(\(TypeName.of(Implementation.self)).self, as: …): \(TypeName.of(Implementation.self)) is not a \(TypeName.of(Forwarded.self)), so it cannot be registered as one", file: file, line: line)
    }
}
