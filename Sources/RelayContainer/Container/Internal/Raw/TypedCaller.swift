// A registration's typed factory, called with its static type. Raw: it holds its
// registration unretained (`Unmanaged`), which the resolve path reads without reference
// counting.

/// Calls a registration's typed factory with its static type: the resolve path downcasts
/// it to `TypedFactoryCaller<T>` (after checking the registration's ``Registration/valueTypeID``)
/// and calls the factory with no cast of the result.
///
/// `@unchecked Sendable` is safe: it is immutable.
class TypedCaller: @unchecked Sendable {
    /// The registration that owns this caller, unretained (`Unmanaged`, so that reading
    /// it costs no reference counting): a caller is used only while its registration is
    /// alive (a strong local on the resolve path, or a per-thread cache entry, which
    /// retains the registration).
    let registration: Unmanaged<Registration>
    /// The registration's owner, which its factory receives. Held here too so that the
    /// resolve path reads it from the caller it already has, without a retain.
    let owner: DependencyContainer

    init(registration: Registration) {
        self.registration = Unmanaged.passUnretained(registration)
        self.owner = registration.owner
    }

    /// Runs the factory and wraps the result for storage as a singleton.
    func makeHolder() throws -> AnyObject { fatalError("abstract") }

    /// Runs the factory, returning the result as `Any`.
    func makeValue() throws -> Any { fatalError("abstract") }
}

// `@unchecked Sendable` is safe as for `TypedCaller`: its one stored property of its own,
// `factory`, is an immutable `@Sendable` closure.
final class TypedFactoryCaller<T>: TypedCaller, @unchecked Sendable {
    let factory: @Sendable (DependencyContainer) throws -> T

    init(_ factory: @escaping @Sendable (DependencyContainer) throws -> T, registration: Registration) {
        self.factory = factory
        super.init(registration: registration)
    }

    override func makeHolder() throws -> AnyObject { SingletonValue(try factory(owner)) }
    override func makeValue() throws -> Any { try factory(owner) }
}
