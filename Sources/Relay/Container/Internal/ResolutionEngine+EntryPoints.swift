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
        store(Registration(key: DependencyKey(T.self), lifecycle: lifecycle, origin: origin, owner: container, typed: TypedFactory(factory)), in: container)
    }

    /// Registers one request in `container`.
    func insert(_ request: RegistrationRequest, into container: DependencyContainer) {
        store(request.makeRegistration(owner: container), in: container)
    }

    private func store(_ registration: Registration, in container: DependencyContainer) {
        let replaced = lock.withLock {
            defer { tablesChanged() }
            return container.table.updateValue(registration)
        }
        // Released here, unlocked: releasing a registration can release its singleton,
        // whose deinit is user code that may resolve.
        withExtendedLifetime(replaced) {}
    }

    /// Registers every request in the live container of its scope, under one lock
    /// acquisition, so no thread sees some of them without the others. Returns, for each,
    /// where the registration it replaced was made (`nil` if none).
    func insert(_ requests: [RegistrationRequest]) -> [String?] {
        guard !requests.isEmpty else { return [] }
        // Consecutive requests usually share a scope: look each run's container up once.
        // (By index rather than zipped: iterating a zip copies every request.)
        var owners: [DependencyContainer] = []
        owners.reserveCapacity(requests.count)
        for index in requests.indices {
            if index > 0, requests[index].scope == requests[index - 1].scope {
                owners.append(owners[index - 1])
            } else {
                owners.append(container(for: requests[index].scope))
            }
        }
        let registrations = requests.indices.map { requests[$0].makeRegistration(owner: owners[$0]) }
        let replaced = lock.withLock {
            let replaced = registrations.indices.map { owners[$0].table.updateValue(registrations[$0])?.origin }
            tablesChanged()
            return replaced
        }
        // Described after unlocking: an origin may be formatted on demand.
        return replaced.map { $0?.description }
    }

    /// Removes every registration (and so every singleton) of `container`.
    func reset(_ container: DependencyContainer) {
        let removed = lock.withLock {
            defer { tablesChanged() }
            return container.table.removeAll()
        }
        withExtendedLifetime(removed) {}
    }

    /// Removes every registration of every live container.
    func resetAll() {
        let removed = lock.withLock {
            defer { tablesChanged() }
            return allContainers.flatMap { $0.table.removeAll() }
        }
        withExtendedLifetime(removed) {}
    }

    /// Whether resolving `key` from `container` finds a registration (its own or its
    /// fallback's). Overrides are not considered.
    func isRegistered(_ key: DependencyKey, from container: DependencyContainer) -> Bool {
        lock.withLock {
            container.table[key] != nil || container.parent?.table[key] != nil
        }
    }

    /// The scopes whose containers exist (someone registered in, or asked for, them).
    func existingScopes() -> Set<DependencyContainerScope> {
        lock.withLock { Set(scopedContainers.keys) }
    }

    /// The keys registered in `container` itself, by type name.
    func registeredKeys(in container: DependencyContainer) -> [DependencyKey] {
        lock.withLock { container.table.keys }.sorted { $0.typeName < $1.typeName }
    }
}
