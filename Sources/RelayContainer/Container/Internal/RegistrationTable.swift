/// The registrations of one container. Untagged ones (nearly all) are keyed by type alone,
/// so that their look-up hashes one pointer; tagged and argument ones by their ``Slot``.
/// A class, so that a container's table is changed in place under the engine lock.
///
/// `@unchecked Sendable` is safe: every member is called with `ResolutionEngine.shared.lock`
/// held, so `storage` and `tagged` are never touched by two threads at once.
final class RegistrationTable: @unchecked Sendable {
    /// The scope of the container that owns the table.
    let scope: DependencyContainerScope
    private var storage: [DependencyKey: Registration] = [:]
    private var tagged: [Slot<DependencyKey>: Registration] = [:]

    init(scope: DependencyContainerScope) {
        self.scope = scope
    }

    /// The registration for `key` with exactly `tag` (`nil`: the untagged one), if any.
    subscript(key: DependencyKey, tag tag: DependencyTag?) -> Registration? {
        guard let tag else { return storage[key] }
        return tagged.isEmpty ? nil : tagged[Slot(scope: scope, type: key, tag: tag)]
    }

    /// The registration in `slot`, which must be in this table's scope, if any.
    subscript(slot: Slot<DependencyKey>) -> Registration? {
        guard slot.tag != nil || slot.argument != nil else { return storage[slot.type] }
        return tagged.isEmpty ? nil : tagged[slot]
    }

    /// Stores `registration` in its slot; returns the one it replaces.
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

    /// Every registration here (tagged, argument or not) of one of `keys`.
    func registrations(of keys: Set<DependencyKey>) -> [Registration] {
        var found = keys.count < storage.count
            ? keys.compactMap { storage[$0] }
            : storage.compactMap { keys.contains($0.key) ? $0.value : nil }
        if !tagged.isEmpty {
            found += tagged.compactMap { keys.contains($0.key.type) ? $0.value : nil }
        }
        return found
    }

    /// Empties the table and returns what it held, for the caller to release after
    /// unlocking (a singleton's `deinit` is user code). Keeps its capacity: a reset
    /// container (a test between cases) is usually filled again with as many types.
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
