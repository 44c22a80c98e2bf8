/// Where a registration was made, for diagnostics.
enum RegistrationOrigin: Sendable, CustomStringConvertible {
    /// `register(...)` called in code at this place.
    case code(file: StaticString, line: UInt)
    /// Made by dynamic injection or an override; the text says from what.
    case described(String)
    /// Like ``described(_:)``, for text that costs something to build: it is built only
    /// if a diagnostic or a report asks for it, which for most registrations is never.
    /// (Injecting 10,000 instructions spent a third of its time formatting origins
    /// eagerly.)
    case deferred(any CustomStringConvertible & Sendable)

    var description: String {
        switch self {
        case let .code(file, line): "\(file):\(line)"
        case let .described(text): text
        case let .deferred(describable): describable.description
        }
    }
}

/// One registration: a factory, its lifecycle, and the container that owns it.
///
/// `@unchecked Sendable` is safe: every stored property but `cell` is a `let`; `cell` (created
/// on first use, so a transient or never-resolved registration costs no cell) and the
/// singleton state in it are only touched with `ResolutionEngine.shared.lock` held.
class Registration: @unchecked Sendable {
    let key: DependencyKey
    let lifecycle: LifecycleType
    let origin: RegistrationOrigin
    /// The container whose table holds this registration; its factory receives it.
    let owner: DependencyContainer
    /// `ObjectIdentifier(T.self)` for a `TypedRegistration<T>`, `nil` for an untyped one.
    let valueTypeID: ObjectIdentifier?
    /// The singleton instance for this registration in its own container. Only with
    /// `ResolutionEngine.shared.lock` held.
    private(set) lazy var cell = SingletonCell(key: key)

    init(key: DependencyKey, lifecycle: LifecycleType, origin: RegistrationOrigin, owner: DependencyContainer, valueTypeID: ObjectIdentifier?) {
        self.key = key
        self.lifecycle = lifecycle
        self.origin = origin
        self.owner = owner
        self.valueTypeID = valueTypeID
    }

    /// Runs the factory and wraps the result for storage as a singleton.
    func makeHolder() throws -> AnyObject { fatalError("abstract") }

    /// Runs the factory, returning the result as `Any`.
    func makeValue() throws -> Any { fatalError("abstract") }

    /// The same registration, owned by `owner`, with no singleton created yet.
    func copy(owner: DependencyContainer) -> Registration { fatalError("abstract") }
}

/// A registration made with a statically known type: resolving `T` needs no dynamic cast.
// `@unchecked Sendable` as for `Registration`: `factory` is an immutable `@Sendable` closure.
final class TypedRegistration<T>: Registration, @unchecked Sendable {
    let factory: @Sendable (DependencyContainer) throws -> T

    init(lifecycle: LifecycleType, origin: RegistrationOrigin, owner: DependencyContainer, factory: @escaping @Sendable (DependencyContainer) throws -> T) {
        self.factory = factory
        super.init(key: DependencyKey(T.self), lifecycle: lifecycle, origin: origin, owner: owner, valueTypeID: ObjectIdentifier(T.self))
    }

    override func makeHolder() throws -> AnyObject { SingletonValue(try factory(owner)) }
    override func makeValue() throws -> Any { try factory(owner) }
    override func copy(owner: DependencyContainer) -> Registration {
        TypedRegistration(lifecycle: lifecycle, origin: origin, owner: owner, factory: factory)
    }
}

/// A registration by ``DependencyKey`` whose factory returns `Any`; the result is checked
/// against the requested type when it is resolved.
// `@unchecked Sendable` as for `Registration`: `factory` is an immutable `@Sendable` closure.
final class UntypedRegistration: Registration, @unchecked Sendable {
    let factory: @Sendable (DependencyContainer) throws -> Any

    init(key: DependencyKey, lifecycle: LifecycleType, origin: RegistrationOrigin, owner: DependencyContainer, factory: @escaping @Sendable (DependencyContainer) throws -> Any) {
        self.factory = factory
        super.init(key: key, lifecycle: lifecycle, origin: origin, owner: owner, valueTypeID: nil)
    }

    override func makeHolder() throws -> AnyObject { SingletonValue<Any>(try factory(owner)) }
    override func makeValue() throws -> Any { try factory(owner) }
    override func copy(owner: DependencyContainer) -> Registration {
        UntypedRegistration(key: key, lifecycle: lifecycle, origin: origin, owner: owner, factory: factory)
    }
}

/// A created singleton. `SingletonValue<T>` for typed registrations, `SingletonValue<Any>`
/// for untyped ones.
///
/// The value lives in its own allocation at a fixed address (``storage``), so that a
/// thread's resolve cache can point at it directly and read it without touching the
/// holder (no generic field-offset look-up, no retain of the holder).
///
/// `@unchecked Sendable`: `storage` is a `let`, and the value it points to is written
/// once, in `init`, before the holder is published under the engine lock, and never
/// again until `deinit`. Handing the same instance to every thread that resolves it is
/// what a singleton means; whether `T` tolerates that is the registering code's contract
/// (docs/architecture.md, "Thread safety of your types").
final class SingletonValue<T>: @unchecked Sendable {
    let storage: UnsafeMutablePointer<T>

    init(_ value: T) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    var value: T { storage.pointee }
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
        case built(AnyObject)
    }

    let key: DependencyKey
    var state: State = .empty

    init(key: DependencyKey) { self.key = key }
}
