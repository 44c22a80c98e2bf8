/// A factory as a value, which code outside the engine hands it in a ``RegistrationRequest``
/// (it never touches a ``Registration``).
///
/// A class: it travels through the whole pipeline (index, checks, requests,
/// registrations), and copying a reference is one retain where its closures were three.
package final class DependencyFactory: Sendable {
    /// The type the factory produces when it is known statically; `nil` for an untyped
    /// factory, whose result is checked when it is resolved.
    package let produces: DependencyKey?
    /// Runs the factory, returning its result as `Any`.
    package let make: @Sendable (DependencyContainer) throws -> Any
    fileprivate let typed: TypedFactory?
    /// Registered with `isolation: MainActor.self`.
    let requiresMainActor: Bool
    /// The factory of one that takes a runtime argument (``argument(_:missingArgument:)``).
    fileprivate let argumentFactory: ArgumentFactory?

    private init(produces: DependencyKey?, make: @escaping @Sendable (DependencyContainer) throws -> Any, typed: TypedFactory?, requiresMainActor: Bool, argumentFactory: ArgumentFactory? = nil) {
        self.produces = produces
        self.make = make
        self.typed = typed
        self.requiresMainActor = requiresMainActor
        self.argumentFactory = argumentFactory
    }

    /// The type of the runtime argument the factory takes; `nil` when it takes none.
    package var argumentType: Any.Type? { argumentFactory?.argumentType }

    /// A factory whose result type is known: `T`.
    package static func typed<T>(_ factory: @escaping @Sendable (DependencyContainer) throws -> T, requiresMainActor: Bool = false) -> DependencyFactory {
        DependencyFactory(produces: DependencyKey(T.self), make: { try factory($0) }, typed: TypedFactory(factory), requiresMainActor: requiresMainActor)
    }

    /// A factory that takes a runtime argument of type `A` and produces `T`: it makes an
    /// argument registration (as `register(_:tag:argument:…)` does). Calling ``make``,
    /// which has no argument to give, throws `missingArgument`.
    package static func argument<T, A>(_ factory: @escaping @Sendable (DependencyContainer, A) throws -> T, missingArgument: @escaping @Sendable () -> any Error) -> DependencyFactory {
        DependencyFactory(produces: DependencyKey(T.self), make: { _ in throw missingArgument() }, typed: nil, requiresMainActor: false, argumentFactory: TypedArgumentFactory(factory))
    }

    /// A factory returning `Any`, checked against the requested type at resolve time.
    package static func untyped(_ factory: @escaping @Sendable (DependencyContainer) throws -> Any) -> DependencyFactory {
        DependencyFactory(produces: nil, make: factory, typed: nil, requiresMainActor: false)
    }
}

/// One registration to make: `factory` for `key` in the container of `scope`.
package struct RegistrationRequest: Sendable {
    package let scope: DependencyContainerScope
    let key: DependencyKey
    let lifecycle: LifecycleType
    let origin: RegistrationOrigin
    let factory: DependencyFactory
    let tag: DependencyTag?
    let instanceScope: InstanceScope?

    package init(scope: DependencyContainerScope, key: DependencyKey, lifecycle: LifecycleType, origin: RegistrationOrigin, factory: DependencyFactory, tag: DependencyTag? = nil, instanceScope: InstanceScope? = nil) {
        self.scope = scope
        self.key = key
        self.lifecycle = lifecycle
        self.origin = origin
        self.factory = factory
        self.tag = tag
        self.instanceScope = instanceScope
    }

    var slot: Slot<DependencyKey> { Slot(scope: scope, type: key, tag: tag, argument: factory.argumentType.map { ObjectIdentifier($0) }) }

    /// The registration, owned by `owner`: an argument registration when the factory takes
    /// a runtime argument; else typed when the factory is known to produce exactly `key`'s
    /// type, untyped (checked at resolve time) otherwise.
    func makeRegistration(owner: DependencyContainer) -> Registration {
        let made: Registration.Factory = if let argument = factory.argumentFactory {
            .argument(argument)
        } else if let typed = factory.typed, factory.produces == key {
            .typed(typed)
        } else {
            .untyped(factory.make)
        }
        return Registration(key: key, tag: tag, lifecycle: lifecycle, origin: origin, owner: owner, factory: made, requiresMainActor: factory.requiresMainActor, instanceScope: instanceScope)
    }
}
