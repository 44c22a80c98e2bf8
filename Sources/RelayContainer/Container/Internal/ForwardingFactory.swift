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
            return try convert(instance, to: Forwarded.self, in: container, origin: origin)
        }
    }

    /// `instance` as a `Forwarded`, or the error of a forwarding registration (`origin`,
    /// on top of this thread's stack) whose implementation is not one.
    @inline(__always)
    static func convert<Implementation, Forwarded>(_ instance: Implementation, to forwarded: Forwarded.Type, in container: DependencyContainer, origin: String) throws -> Forwarded {
        // A `switch` with a cast pattern, not `as?` (nor `if case`, which compiles to it):
        // the `Optional<Forwarded>` of `as?` costs a metadata look-up in the runtime on
        // every call.
        switch instance {
        case let converted as Forwarded:
            return converted
        default:
            throw mismatch(Forwarded.self, actual: instance, in: container, origin: origin)
        }
    }

    /// ``convert(_:to:in:origin:)``'s error, out of line: not generic, so each forwarded
    /// type's factories carry a call, not the error's construction.
    @inline(never)
    private static func mismatch(_ forwarded: Any.Type, actual instance: Any, in container: DependencyContainer, origin: String) -> DependencyResolutionError {
        .mismatch(requested: forwarded, actual: instance, scope: container.scope, chain: ResolutionThread.current().chain(appending: nil), registration: origin)
    }

    /// Stops the program when `Forwarded` is a class `Implementation` does not inherit
    /// from. A protocol conformance can only be checked on an instance, when resolved.
    static func checkConformance<Implementation, Forwarded>(_ implementation: Implementation.Type, to forwarded: Forwarded.Type, file: StaticString, line: UInt) {
        guard Forwarded.self is AnyClass else { return }
        precondition(Implementation.self is Forwarded.Type, "register(\(TypeName.of(Implementation.self)).self, as: …): \(TypeName.of(Implementation.self)) is not a \(TypeName.of(Forwarded.self)), so it cannot be registered as one", file: file, line: line)
    }
}

/// What a forwarded type's registration knows of its implementation (a class: one
/// reference in every registration's factory).
///
/// `Sendable`: its stored properties are immutable and `Sendable`.
final class Forwarding: Sendable {
    /// The implementation's type, which the factory resolves with the registration's tag.
    let implementation: Any.Type
    /// Given the forwarding registration and the implementation's cached transient
    /// caller, the caller a thread's cache keeps for the forwarded type
    /// (``DependencyContainer/directForwarding(_:to:implementation:as:origin:)``).
    let directCaller: @Sendable (_ forwarding: Registration, _ implementation: TypedCaller) -> TypedCaller

    init<Implementation, Forwarded>(_ implementation: Implementation.Type, as forwarded: Forwarded.Type, origin: String) {
        self.implementation = Implementation.self
        directCaller = { DependencyContainer.directForwarding($0, to: $1, implementation: Implementation.self, as: Forwarded.self, origin: origin) }
    }
}
