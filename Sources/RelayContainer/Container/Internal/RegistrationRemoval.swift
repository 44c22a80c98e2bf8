// Removing one registration: the engine side of `DependencyContainer.remove(_:tag:)`.

extension ResolutionEngine {
    /// Removes `container`'s code registration for `key` with exactly `tag` (`nil`: the
    /// untagged one), and with it its singleton; returns whether there was one.
    ///
    /// Done as a re-registration is: under the lock, then the generation is bumped, so no
    /// thread's resolve cache (main or layer cache) serves the removed registration's
    /// singleton or factory again. The registration is released after unlocking: its
    /// singleton's `deinit` is user code that may resolve.
    func remove(_ key: DependencyKey, tag: DependencyTag?, from container: DependencyContainer) -> Bool {
        let removed = lock.withLock {
            let removed = container.table.removeValue(for: key, tag: tag)
            if removed != nil { tablesChanged() }
            return removed
        }
        defer { withExtendedLifetime(removed) {} }
        return removed != nil
    }
}
