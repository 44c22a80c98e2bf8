// Removing one registration: the engine side of `DependencyContainer.remove(_:tag:)`.

extension ResolutionEngine {
    /// Removes `container`'s code registration for `key` with exactly `tag` (`nil`: the
    /// untagged one), and with it its singleton; returns whether there was one.
    ///
    /// A change as a re-registration is (``change(_:)``): no thread's resolve cache serves
    /// the removed registration's singleton or factory again, and the registration is
    /// released unlocked.
    func remove(_ key: DependencyKey, tag: DependencyTag?, from container: DependencyContainer) -> Bool {
        // Nothing there: nothing changes, and no thread's cache is dropped.
        guard read({ container.table[key, tag: tag] != nil }) else { return false }
        return change { container.table.removeValue(for: key, tag: tag) } != nil
    }
}
