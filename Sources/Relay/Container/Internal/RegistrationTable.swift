/// The registrations of one container: its type → registration dictionary.
///
/// A reference type so that a container's tables can be reached, and replaced in place,
/// from under the engine lock without copying them.
///
/// `@unchecked Sendable` is safe: every member is called with `ResolutionEngine.shared.lock`
/// held (they are only called from `Container/Internal`, under that lock), so `storage` is
/// never touched by two threads at once.
final class RegistrationTable: @unchecked Sendable {
    private var storage: [DependencyKey: Registration] = [:]

    /// The registration for `key`, if any.
    subscript(key: DependencyKey) -> Registration? {
        storage[key]
    }

    /// Stores `registration` under its key; returns the registration it replaces.
    @discardableResult
    func updateValue(_ registration: Registration) -> Registration? {
        storage.updateValue(registration, forKey: registration.key)
    }

    /// Empties the table and returns what it held, so that the caller can release it
    /// after unlocking: a registration's release can release a singleton, whose `deinit`
    /// is user code. The dictionary keeps its capacity: a container that is reset (a test
    /// between cases) is usually filled again with as many types.
    func removeAll() -> [Registration] {
        let removed = Array(storage.values)
        storage.removeAll(keepingCapacity: true)
        return removed
    }

    /// Every registration, in no particular order.
    var registrations: [Registration] { Array(storage.values) }

    /// Every key, in no particular order.
    var keys: [DependencyKey] { Array(storage.keys) }
}
