/// Where a registration was made, for diagnostics.
package enum RegistrationOrigin: Sendable, CustomStringConvertible {
    /// `register(...)` called in code at this place.
    case code(line: UInt, file: StaticString)
    /// Made by dynamic injection or an override; the text says from what.
    case described(String)
    /// Like ``described(_:)``, built only if a diagnostic asks (for most registrations,
    /// never), so that a large injection does not spend its time formatting origins. One
    /// `descriptions` object serves all the registrations of one injection, by position.
    case deferred(any RegistrationDescriptions, position: Int)

    package var description: String {
        switch self {
        case let .code(line, file): "\(file):\(line)"
        case let .described(text): text
        case let .deferred(descriptions, position): descriptions.description(at: position)
        }
    }
}

/// Describes registrations on demand, by position (``RegistrationOrigin/deferred(_:position:)``).
package protocol RegistrationDescriptions: AnyObject, Sendable {
    func description(at position: Int) -> String
}

/// A factory whose result type `T` is known statically, held without making the
/// registration generic: registering a type instantiates no generic metadata (a runtime
/// look-up that would dominate the cost of registering). The generic part, a
/// `TypedFactoryCaller<T>`, is made on the registration's first resolve; most
/// registrations are resolved once or never.
struct TypedFactory: Sendable {
    /// `T`.
    let valueType: Any.Type
    let makeCaller: @Sendable (Registration) -> TypedCaller
    /// For a forwarded type's registration (`register(_:as:…)`), its implementation;
    /// `nil` for any other.
    let forwarding: Forwarding?

    init<T>(_ factory: @escaping @Sendable (DependencyContainer) throws -> T, forwarding: Forwarding? = nil) {
        valueType = T.self
        makeCaller = { TypedFactoryCaller(factory, registration: $0) }
        self.forwarding = forwarding
    }
}

/// One registration: a factory, its lifecycle, and the container that owns it.
///
/// `@unchecked Sendable` is safe: every stored property but `cellStorage`,
/// `instancesDropped` and `callerStorage` is a `let` (the factories are immutable
/// `@Sendable` closures); the cell and the caller are created on first use (so a transient
/// or never-resolved registration costs neither) and, like the drop count and the
/// singleton state in the cell, only touched with `ResolutionEngine.shared.lock` held.
final class Registration: @unchecked Sendable {
    enum Factory {
        /// Resolving its type needs no dynamic cast.
        case typed(TypedFactory)
        /// Returns `Any`, checked against the requested type when resolved.
        case untyped(@Sendable (DependencyContainer) throws -> Any)
        /// Takes a runtime argument (`register(_:tag:argument:…)`); always transient.
        case argument(ArgumentFactory)
    }

    let key: DependencyKey
    let tag: DependencyTag?
    /// The container whose table holds this registration; its factory receives it.
    let owner: DependencyContainer
    /// The singleton state in its own container, made on first use. Only with the lock held.
    var cell: SingletonCell {
        if let cellStorage { return cellStorage }
        let made = SingletonCell(key: key)
        cellStorage = made
        return made
    }
    private var cellStorage: SingletonCell?
    /// How many times ``dropInstance()`` dropped a cell: an override layer's cell made
    /// before the last drop is stale (``OverrideLayer/cell(for:)``). Only with the lock held.
    private(set) var instancesDropped: UInt = 0
    private var callerStorage: TypedCaller?
    private let factory: Factory
    let lifecycle: LifecycleType
    /// The `register(…, completing:)` hook; `nil` for most.
    let completion: (@Sendable (DependencyContainer, Any) throws -> Void)?
    /// Registered with `isolation: MainActor.self`: resolving off the main actor is an error.
    let requiresMainActor: Bool
    let origin: RegistrationOrigin
    /// The group ``ResolutionEngine/resetInstances(in:)`` drops its instance with; `nil` for most.
    let instanceScope: InstanceScope?

    /// The identity of the value type `T` the factory was registered with; `nil` when
    /// untyped. A resolve of exactly `T` may downcast ``caller`` to `TypedFactoryCaller<T>`,
    /// or ``argumentFactory`` (its `A` matched by the look-up) to `TypedArgumentFactory<A, T>`.
    var valueTypeID: ObjectIdentifier? {
        switch factory {
        case .typed(let typed): ObjectIdentifier(typed.valueType)
        case .argument(let factory): ObjectIdentifier(factory.valueType)
        case .untyped: nil
        }
    }

    /// The identity of a forwarded type's implementation; `nil` for any other.
    var forwardedImplementation: ObjectIdentifier? {
        forwarding.map { ObjectIdentifier($0.implementation) }
    }

    /// ``TypedFactory/forwarding``; `nil` for any other.
    var forwarding: Forwarding? {
        if case .typed(let typed) = factory { return typed.forwarding }
        return nil
    }

    /// The factory of an argument registration; `nil` for any other.
    var argumentFactory: ArgumentFactory? {
        if case .argument(let factory) = factory { return factory }
        return nil
    }

    var slot: Slot<DependencyKey> { Slot(scope: owner.scope, type: key, tag: tag, argument: argumentFactory.map { ObjectIdentifier($0.argumentType) }) }

    init(key: DependencyKey, tag: DependencyTag? = nil, lifecycle: LifecycleType, origin: RegistrationOrigin, owner: DependencyContainer, factory: Factory, requiresMainActor: Bool = false, completion: (@Sendable (DependencyContainer, Any) throws -> Void)? = nil, instanceScope: InstanceScope? = nil) {
        self.completion = completion
        self.instanceScope = instanceScope
        if lifecycle == .graph || completion != nil, ResolutionEngine.outermostWorkPossible.load(ordering: .relaxed) == 0 {
            ResolutionEngine.outermostWorkPossible.store(1, ordering: .relaxed)
        }
        if lifecycle == .unitOfWork, ResolutionEngine.unitOfWorkPossible.load(ordering: .relaxed) == 0 {
            ResolutionEngine.unitOfWorkPossible.store(1, ordering: .relaxed)
        }
        self.key = key
        self.tag = tag
        self.owner = owner
        self.factory = factory
        self.lifecycle = lifecycle
        self.requiresMainActor = requiresMainActor
        self.origin = origin
    }

    /// The typed factory's caller, made on first use. Call with the lock held.
    var caller: TypedCaller? {
        if let callerStorage { return callerStorage }
        guard case .typed(let typed) = factory else { return nil }
        let made = typed.makeCaller(self)
        callerStorage = made
        return made
    }

    /// Runs the factory, its result wrapped for storage as a singleton: a
    /// `SingletonValue<T>`, or a `SingletonValue<Any>` when untyped. Call after a resolve's
    /// plan made ``caller`` under the lock.
    func makeHolder() throws -> AnyObject {
        if let caller { return try caller.makeHolder() }
        guard case .untyped(let untyped) = factory else { preconditionFailure("a typed or argument registration without its caller") }
        return SingletonValue<Any>(try untyped(owner))
    }

    /// Runs the factory, returning the result as `Any`. Call after a resolve's plan made
    /// ``caller`` under the lock.
    func makeValue() throws -> Any {
        if let caller { return try caller.makeValue() }
        guard case .untyped(let untyped) = factory else { preconditionFailure("a typed or argument registration without its caller") }
        return try untyped(owner)
    }

    /// `Type tagged 'x'`.
    var name: String { key.typeName + (tag.map { " tagged '\($0.name)'" } ?? "") }

    /// What ``ResolutionEngine/validateRegistrations(replacing:arguments:)`` and
    /// ``ResolutionEngine/bootstrap()`` report a failure of this registration as.
    var subject: String {
        let argument = argumentFactory.map { " with an argument of type \(TypeName.of($0.argumentType))" } ?? ""
        return "\(name)\(argument) in \(owner.scope.place) (registered at \(origin))"
    }

    /// The order failures are reported in: type name, then tag, then argument type;
    /// untagged and argument-free first.
    static func reportedBefore(_ a: Registration, _ b: Registration) -> Bool {
        RegistrationListing.listedBefore(
            (a.key.typeName, a.tag?.name, a.argumentFactory.map { TypeName.of($0.argumentType) }),
            (b.key.typeName, b.tag?.name, b.argumentFactory.map { TypeName.of($0.argumentType) }))
    }

    /// The same registration, owned by `owner`, with no singleton created yet.
    func copy(owner: DependencyContainer) -> Registration {
        Registration(key: key, tag: tag, lifecycle: lifecycle, origin: origin, owner: owner, factory: factory, requiresMainActor: requiresMainActor, completion: completion, instanceScope: instanceScope)
    }

    /// Forgets the instance kept in its own container: the next resolve gets a fresh
    /// cell. Returns the old one, for the caller to release after unlocking (the
    /// instance's `deinit` is user code). A thread building into the old cell finishes
    /// there: what it built reaches that resolve and its waiters, never a later resolve.
    /// Counted even without a cell here: an override layer may have one. Call with the
    /// lock held.
    func dropInstance() -> SingletonCell? {
        instancesDropped &+= 1
        defer { cellStorage = nil }
        return cellStorage
    }
}

/// The singleton state of one registration in one container or override.
///
/// `@unchecked Sendable` is safe: `state` is only read or written with
/// `ResolutionEngine.shared.lock` held.
final class SingletonCell: @unchecked Sendable {
    enum State {
        case empty
        /// A thread (identified by its ``ResolutionThread``) is running the factory.
        case building(thread: ResolutionThread.ID)
        /// Built, and its completion hook (or another of the same outermost resolve) has
        /// not finished yet: `thread` sees `holder`, every other thread waits, as for
        /// `building`.
        case completing(thread: ResolutionThread.ID, holder: AnyObject)
        case built(AnyObject)
    }

    let key: DependencyKey
    var state: State = .empty
    /// A `weakSingleton`'s instance while someone holds it; the state is then `.empty`.
    weak var weakObject: AnyObject?

    init(key: DependencyKey) { self.key = key }
}

/// An argument registration's factory; the resolve path downcasts it to
/// `TypedArgumentFactory<A, T>` after checking both types.
///
/// `@unchecked Sendable` is safe: it is immutable.
class ArgumentFactory: @unchecked Sendable {
    /// `T`.
    let valueType: Any.Type
    /// `A`.
    let argumentType: Any.Type

    init(valueType: Any.Type, argumentType: Any.Type) {
        self.valueType = valueType
        self.argumentType = argumentType
    }

    /// Runs the factory with `argument`, which must be an `A` (validation passes samples).
    func make(_ owner: DependencyContainer, _ argument: Any) throws -> Any { fatalError("abstract") }
}

// `@unchecked Sendable` is safe as for `ArgumentFactory`: its one stored property of its own,
// `factory`, is an immutable `@Sendable` closure.
final class TypedArgumentFactory<A, T>: ArgumentFactory, @unchecked Sendable {
    let factory: @Sendable (DependencyContainer, A) throws -> T

    init(_ factory: @escaping @Sendable (DependencyContainer, A) throws -> T) {
        self.factory = factory
        super.init(valueType: T.self, argumentType: A.self)
    }

    override func make(_ owner: DependencyContainer, _ argument: Any) throws -> Any { try factory(owner, argument as! A) }
}
