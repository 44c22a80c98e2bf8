/// The engine's entry points: the only ways code outside `Container/Internal` changes or
/// inspects registrations. Each takes the engine lock itself, once.
extension ResolutionEngine {
    /// The container for `scope`, created on first use.
    func container(for scope: DependencyContainerScope) -> DependencyContainer {
        if scope.isGlobal { return DependencyContainer.global }
        return lock.withLock {
            if let existing = scopedContainers[scope] { return existing }
            let created = DependencyContainer(scope: scope, parent: DependencyContainer.global, isDetached: false)
            scopedContainers[scope] = created
            return created
        }
    }

    /// Registers a typed factory in `container` (the `register(_:lifecycle:factory:)` path).
    func insert<T>(
        _ type: T.Type,
        into container: DependencyContainer,
        lifecycle: LifecycleType,
        origin: RegistrationOrigin,
        factory: @escaping @Sendable (DependencyContainer) throws -> T
    ) {
        store(Registration(key: DependencyKey(T.self), lifecycle: lifecycle, origin: origin, owner: container, factory: .typed(TypedFactory(factory))), in: container.table)
    }

    /// Registers one request in `container`: among its code registrations, or — with
    /// `injected` — in its injected layer, which resolving consults first.
    func insert(_ request: RegistrationRequest, into container: DependencyContainer, injected: Bool = false) {
        store(request.makeRegistration(owner: container), in: injected ? container.injected : container.table)
    }

    private func store(_ registration: Registration, in table: RegistrationTable) {
        let replaced = lock.withLock {
            defer { tablesChanged() }
            return table.updateValue(registration)
        }
        // Released here, unlocked: releasing a registration can release its singleton,
        // whose deinit is user code that may resolve.
        withExtendedLifetime(replaced) {}
    }

    /// Replaces the injected layer of every container `requests` bind into with them, under
    /// one lock acquisition: no thread sees some of them without the others, or the new
    /// ones mixed with the old. (Containers they do not bind into keep theirs, so that tests
    /// injecting into scopes of their own, in parallel, do not undo each other.) Returns,
    /// for each request that stands over a code registration, where that was made.
    ///
    /// `alsoClearing` names scopes whose injected layer is emptied even if no request binds
    /// into them (a control batch that drops a scope's last binding); their containers must
    /// exist already, and a scope without one is skipped.
    func inject(_ requests: [RegistrationRequest], alsoClearing: Set<DependencyContainerScope> = []) -> [RegistrationRequest.Target: String] {
        var owners: [DependencyContainerScope: DependencyContainer] = [:]
        for scope in alsoClearing {
            if scope.isGlobal {
                owners[scope] = DependencyContainer.global
            } else if let existing = lock.withLock({ scopedContainers[scope] }) {
                owners[scope] = existing
            }
        }
        var registrations: [Registration] = []
        registrations.reserveCapacity(requests.count)
        for request in requests {
            let owner = owners[request.scope] ?? container(for: request.scope)
            owners[request.scope] = owner
            registrations.append(request.makeRegistration(owner: owner))
        }
        let (shadowed, removed) = lock.withLock {
            let removed = owners.values.flatMap { $0.injected.removeAll() }
            var shadowed: [(target: RegistrationRequest.Target, origin: RegistrationOrigin)] = []
            for registration in registrations {
                let owner = registration.owner
                owner.injected.updateValue(registration)
                if let code = owner.table[registration.key] {
                    shadowed.append((RegistrationRequest.Target(scope: owner.scope, key: registration.key), code.origin))
                }
            }
            tablesChanged()
            return (shadowed, removed)
        }
        // Released and described after unlocking: a release can run a singleton's deinit,
        // which is user code, and an origin may be formatted on demand.
        withExtendedLifetime(removed) {}
        return Dictionary(shadowed.map { ($0.target, $0.origin.description) }, uniquingKeysWith: { _, last in last })
    }

    /// Removes every registration (and so every singleton) of `container`.
    func reset(_ container: DependencyContainer) {
        let removed = lock.withLock {
            defer { tablesChanged() }
            return container.table.removeAll() + container.injected.removeAll()
        }
        withExtendedLifetime(removed) {}
    }

    /// Removes every registration of every live container.
    func resetAll() {
        let removed = lock.withLock {
            defer { tablesChanged() }
            return allContainers.flatMap { $0.table.removeAll() + $0.injected.removeAll() }
        }
        withExtendedLifetime(removed) {}
    }

    /// Whether resolving `key` from `container` finds a registration (its own or its
    /// fallback's). Overrides are not considered.
    func isRegistered(_ key: DependencyKey, from container: DependencyContainer) -> Bool {
        lock.withLock {
            [container, container.parent].contains { $0.map { $0.injected[key] != nil || $0.table[key] != nil } ?? false }
        }
    }

    /// The scopes whose containers exist (someone registered in, or asked for, them).
    func existingScopes() -> Set<DependencyContainerScope> {
        lock.withLock { Set(scopedContainers.keys) }
    }

    /// The keys registered in `container` itself, by type name.
    func registeredKeys(in container: DependencyContainer) -> [DependencyKey] {
        lock.withLock { Array(Set(container.table.keys + container.injected.keys)) }.sorted { $0.typeName < $1.typeName }
    }
}
