// Dropping instances and keeping registrations.

extension ResolutionEngine {
    /// Drops the instances of every registration in `scope`, in every live container, and
    /// of the injected binding for the same type and tag, which stands in for it (an
    /// instruction gives no instance scope).
    func resetInstances(in scope: InstanceScope) {
        dropInstances { containers in
            containers.flatMap { container in
                container.table.registrations.filter { $0.instanceScope == scope }.flatMap { registration in
                    [registration] + [container.injected[registration.key, tag: registration.tag]].compactMap { $0 }
                }
            }
        }
    }

    /// Drops every instance `container` keeps, of code registrations and injected ones.
    func resetSingletons(of container: DependencyContainer) {
        dropInstances { _ in container.table.registrations + container.injected.registrations }
    }

    /// Drops the instance of each registration `select` picks, as a change (``change(_:)``):
    /// no thread's resolve cache serves it again, and the cells are released unlocked.
    private func dropInstances(_ select: ([DependencyContainer]) -> [Registration]) {
        change { select(allContainers).compactMap { $0.dropInstance() } }
    }
}
