extension ResolutionEngine {
    /// Removes `container`'s code registration for `key` with exactly `tag`, and its
    /// singleton, as a change (``change(_:)``); returns whether there was one.
    func remove(_ key: DependencyKey, tag: DependencyTag?, from container: DependencyContainer) -> Bool {
        // Nothing there: nothing changes, and no thread's cache is dropped.
        guard read({ container.table[key, tag: tag] != nil }) else { return false }
        return change { container.table.removeValue(for: key, tag: tag) } != nil
    }
}
