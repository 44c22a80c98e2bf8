// Dropping instances and keeping registrations: the engine side of
// `DependencyContainer.resetInstances(in:)` and `resetSingletons()`.

extension ResolutionEngine {
    /// Drops the instances of every registration in `scope`, in every live container, and
    /// of the binding dynamic injection made in that container for the same type and tag,
    /// which stands in for it (an instruction gives no instance scope). See
    /// ``dropInstances(_:)``.
    func resetInstances(in scope: InstanceScope) {
        dropInstances { containers in
            containers.flatMap { container in
                container.table.registrations.filter { $0.instanceScope == scope }.flatMap { registration in
                    [registration] + [container.injected[registration.key, tag: registration.tag]].compactMap { $0 }
                }
            }
        }
    }

    /// Drops every instance `container` keeps — singletons, eager singletons,
    /// `weakSingleton` references and instance-scoped instances, of its code registrations
    /// and of the ones dynamic injection made. See ``dropInstances(_:)``.
    func resetSingletons(of container: DependencyContainer) {
        dropInstances { _ in container.table.registrations + container.injected.registrations }
    }

    /// Under the lock: drops the instance of each registration `select` picks from the live
    /// containers (``Registration/dropInstance()``), then bumps the generation, as a
    /// re-registration does, so no thread's resolve cache (main, tagged, forwarded or layer
    /// cache) serves a dropped instance again: every resolve that starts after this returns
    /// gets a new one. The registrations stay. The dropped cells are released after
    /// unlocking: an instance's `deinit` is user code that may resolve.
    private func dropInstances(_ select: ([DependencyContainer]) -> [Registration]) {
        let dropped = lock.withLock {
            defer { tablesChanged() }
            return select(allContainers).compactMap { $0.dropInstance() }
        }
        withExtendedLifetime(dropped) {}
    }
}
