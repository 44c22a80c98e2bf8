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

    /// Drops the instance of each registration `select` picks from the live containers
    /// (``Registration/dropInstance()``), as a change to the tables (``change(_:)``): no
    /// thread's resolve cache serves a dropped instance again, so every resolve that starts
    /// after this returns gets a new one, and the dropped cells are released unlocked. The
    /// registrations stay.
    private func dropInstances(_ select: ([DependencyContainer]) -> [Registration]) {
        change { select(allContainers).compactMap { $0.dropInstance() } }
    }
}
