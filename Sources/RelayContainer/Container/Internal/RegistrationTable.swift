/// The registrations of one container, by type and tag.
///
/// Untagged registrations (nearly all of them) live in a dictionary keyed by type alone,
/// so that their look-up hashes one pointer; tagged ones live in a second dictionary keyed
/// by their ``Slot`` (the table's scope, type, tag and argument type), with the argument
/// registrations.
///
/// A reference type so that a container's tables can be reached, and replaced in place,
/// from under the engine lock without copying them.
///
/// `@unchecked Sendable` is safe: every member is called with `ResolutionEngine.shared.lock`
/// held (they are only called from `Container/Internal`, under that lock), so `storage` and
/// `tagged` are never touched by two threads at once.
final class RegistrationTable: @unchecked Sendable {
    /// The scope of the container that owns the table.
    let scope: DependencyContainerScope
    private var storage: [DependencyKey: Registration] = [:]
    private var tagged: [Slot<DependencyKey>: Registration] = [:]

    init(scope: DependencyContainerScope) {
        self.scope = scope
    }

    /// The untagged registration for `key`, if any.
    subscript(key: DependencyKey) -> Registration? {
        storage[key]
    }

    /// The registration for `key` with exactly `tag` (`nil`: the untagged one), if any.
    subscript(key: DependencyKey, tag tag: DependencyTag?) -> Registration? {
        guard let tag else { return storage[key] }
        return tagged.isEmpty ? nil : tagged[Slot(scope: scope, type: key, tag: tag)]
    }

    /// The argument registration for `key` with exactly `tag` and argument type `argument`.
    subscript(key: DependencyKey, tag tag: DependencyTag?, argument argument: ObjectIdentifier) -> Registration? {
        tagged.isEmpty ? nil : tagged[Slot(scope: scope, type: key, tag: tag, argument: argument)]
    }

    /// The registration in `slot`, which must be in this table's scope, if any.
    subscript(slot: Slot<DependencyKey>) -> Registration? {
        guard slot.tag != nil || slot.argument != nil else { return storage[slot.type] }
        return tagged.isEmpty ? nil : tagged[slot]
    }

    /// Stores `registration` under its key, tag and argument type; returns the
    /// registration it replaces.
    @discardableResult
    func updateValue(_ registration: Registration) -> Registration? {
        let slot = registration.slot
        if slot.tag == nil, slot.argument == nil { return storage.updateValue(registration, forKey: registration.key) }
        return tagged.updateValue(registration, forKey: slot)
    }

    /// Removes and returns the argument-free registration for `key` with exactly `tag`
    /// (`nil`: the untagged one), if any.
    func removeValue(for key: DependencyKey, tag: DependencyTag?) -> Registration? {
        guard let tag else { return storage.removeValue(forKey: key) }
        return tagged.isEmpty ? nil : tagged.removeValue(forKey: Slot(scope: scope, type: key, tag: tag))
    }

    /// The argument registrations of `key` here, any tag.
    func argumentRegistrations(of key: DependencyKey) -> [Registration] {
        tagged.isEmpty ? [] : tagged.compactMap { $0.key.type == key && $0.key.argument != nil ? $0.value : nil }
    }

    /// Every registration here of one of `keys`: untagged, tagged and argument
    /// registrations.
    func registrations(of keys: Set<DependencyKey>) -> [Registration] {
        var found = keys.count < storage.count
            ? keys.compactMap { storage[$0] }
            : storage.compactMap { keys.contains($0.key) ? $0.value : nil }
        if !tagged.isEmpty {
            found += tagged.compactMap { keys.contains($0.key.type) ? $0.value : nil }
        }
        return found
    }

    /// Empties the table and returns what it held, so that the caller can release it
    /// after unlocking: a registration's release can release a singleton, whose `deinit`
    /// is user code. The dictionary keeps its capacity: a container that is reset (a test
    /// between cases) is usually filled again with as many types.
    func removeAll() -> [Registration] {
        let removed = Array(storage.values) + Array(tagged.values)
        storage.removeAll(keepingCapacity: true)
        tagged.removeAll()
        return removed
    }

    /// Every registration, tagged or not, in no particular order.
    var registrations: [Registration] { Array(storage.values) + Array(tagged.values) }

    /// Every type with a registration (tagged or not), in no particular order, each once.
    var keys: [DependencyKey] {
        tagged.isEmpty ? Array(storage.keys) : Array(Set(storage.keys).union(tagged.keys.map(\.type)))
    }

    /// The tags `key` is registered with here (argument registrations included).
    func tags(of key: DependencyKey) -> [DependencyTag] {
        tagged.keys.compactMap { $0.type == key ? $0.tag : nil }
    }
}
