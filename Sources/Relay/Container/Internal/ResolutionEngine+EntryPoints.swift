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
    /// for each, where the code registration it stands over was made (`nil` if none).
    func inject(_ requests: [RegistrationRequest]) -> [String?] {
        // Consecutive requests usually share a scope: look each run's container up once.
        // (Requests are read in place, through a buffer pointer: iterating a zip or
        // subscripting the array copies every request.)
        var owners: [DependencyContainer] = []
        owners.reserveCapacity(requests.count)
        let registrations = requests.withUnsafeBufferPointer { requests in
            for index in requests.indices {
                if index > 0, requests[index].scope == requests[index - 1].scope {
                    owners.append(owners[index - 1])
                } else {
                    owners.append(container(for: requests[index].scope))
                }
            }
            return requests.indices.map { requests[$0].makeRegistration(owner: owners[$0]) }
        }
        let (shadowed, removed) = lock.withLock {
            var cleared = Set<ObjectIdentifier>()
            var removed: [Registration] = []
            for owner in owners where cleared.insert(ObjectIdentifier(owner)).inserted {
                removed += owner.injected.removeAll()
            }
            // The code registrations the requests stand over, by request position (few
            // requests have one).
            var shadowed: [(position: Int, origin: RegistrationOrigin)] = []
            for index in registrations.indices {
                _ = owners[index].injected.updateValue(registrations[index])
                if let code = owners[index].table[registrations[index].key] { shadowed.append((index, code.origin)) }
            }
            tablesChanged()
            return (shadowed, removed)
        }
        withExtendedLifetime(removed) {}
        // Described after unlocking: an origin may be formatted on demand.
        var descriptions = [String?](repeating: nil, count: registrations.count)
        for (position, origin) in shadowed { descriptions[position] = origin.description }
        return descriptions
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
