/// The engine's entry points: the only ways code outside `Container/Internal` changes or
/// inspects registrations. Each takes the engine lock only through ``read(_:)`` or
/// ``change(_:)``, and makes its changes under one ``change(_:)``.
extension ResolutionEngine {
    /// The container for `scope`, created on first use.
    func container(for scope: DependencyContainerScope) -> DependencyContainer {
        if scope.isGlobal { return DependencyContainer.global }
        return read {
            if let existing = scopedContainers[scope] { return existing }
            let created = DependencyContainer(scope: scope, parent: DependencyContainer.global, isDetached: false)
            scopedContainers[scope] = created
            return created
        }
    }

    /// Registers a typed factory in `container`; with `forwarding`, a forwarded type's.
    func insert<T>(
        _ type: T.Type,
        into container: DependencyContainer,
        tag: DependencyTag?,
        lifecycle: LifecycleType,
        origin: RegistrationOrigin,
        factory: @escaping @Sendable (DependencyContainer) throws -> T,
        completion: (@Sendable (DependencyContainer, T) throws -> Void)? = nil,
        forwarding: Forwarding? = nil,
        instanceScope: InstanceScope? = nil
    ) {
        var untypedCompletion: (@Sendable (DependencyContainer, Any) throws -> Void)?
        if let completion {
            untypedCompletion = { container, value in try completion(container, value as! T) }
        }
        store(Registration(key: DependencyKey(T.self), tag: tag, lifecycle: lifecycle, origin: origin, owner: container, factory: .typed(TypedFactory(factory, forwarding: forwarding)), completion: untypedCompletion, instanceScope: instanceScope), in: container.table)
    }

    /// Registers an argument factory in `container`: always transient.
    func insert<T, A>(
        _ type: T.Type,
        into container: DependencyContainer,
        tag: DependencyTag?,
        argument: A.Type,
        origin: RegistrationOrigin,
        factory: @escaping @Sendable (DependencyContainer, A) throws -> T
    ) {
        store(Registration(key: DependencyKey(T.self), tag: tag, lifecycle: .transient, origin: origin, owner: container, factory: .argument(TypedArgumentFactory(factory))), in: container.table)
    }

    /// Registers one request in `container`: among its code registrations, or — with
    /// `injected` — in its injected layer, which resolving consults first.
    func insert(_ request: RegistrationRequest, into container: DependencyContainer, injected: Bool = false) {
        store(request.makeRegistration(owner: container), in: injected ? container.injected : container.table)
    }

    /// Stores `registration`; the one it replaces is released unlocked (``change(_:)``).
    private func store(_ registration: Registration, in table: RegistrationTable) {
        change { table.updateValue(registration) }
    }

    #if RELAY_DRIVABLE // machinery: dynamic injection's bindings and control batches are its only callers
    /// Replaces the injected layer of every container `requests` bind into with them, under
    /// one lock acquisition: no thread sees some without the others, or new mixed with old.
    /// Other containers keep theirs (tests injecting into scopes of their own, in parallel,
    /// do not undo each other), except those of `alsoClearing`'s scopes that exist (a
    /// control batch dropping a scope's last binding). Returns, per request, where the code
    /// registration of its slot was made; `nil` where there is none.
    package func inject(_ requests: [RegistrationRequest], alsoClearing: Set<DependencyContainerScope> = []) -> [String?] {
        var owners: [DependencyContainerScope: DependencyContainer] = [:]
        for scope in alsoClearing {
            if scope.isGlobal {
                owners[scope] = DependencyContainer.global
            } else if let existing = read({ scopedContainers[scope] }) {
                owners[scope] = existing
            }
        }
        var registrations: [Registration] = []
        registrations.reserveCapacity(requests.count)
        // Requests come in runs of one scope: its container is kept for the next.
        var last: DependencyContainer?
        for request in requests {
            if last?.scope != request.scope {
                last = owners[request.scope] ?? container(for: request.scope)
                owners[request.scope] = last
            }
            registrations.append(request.makeRegistration(owner: last!))
        }
        // The removed registrations are released, and the origins described, unlocked: an
        // origin may be formatted on demand.
        let (shadowed, _) = change {
            let removed = owners.values.flatMap { $0.injected.removeAll() }
            let shadowed = registrations.map { registration in
                registration.owner.injected.updateValue(registration)
                return registration.owner.table[registration.slot]?.origin
            }
            return (shadowed, removed)
        }
        return shadowed.map { $0?.description }
    }
    #endif

    /// Removes every registration (and so every singleton) of `container`.
    func reset(_ container: DependencyContainer) {
        change { container.table.removeAll() + container.injected.removeAll() }
    }

    /// Removes every registration of every live container.
    func resetAll() {
        change { allContainers.flatMap { $0.table.removeAll() + $0.injected.removeAll() } }
    }

    /// Whether resolving `key` with `tag` (or untagged) from `container` finds a
    /// registration, its own or its fallback's. Overrides are not considered.
    func isRegistered(_ key: DependencyKey, tag: DependencyTag? = nil, from container: DependencyContainer) -> Bool {
        read {
            let tags = tag == nil ? [nil] : [tag, nil]
            return tags.contains { tag in
                [container, container.parent].contains { $0.map { $0.injected[key, tag: tag] != nil || $0.table[key, tag: tag] != nil } ?? false }
            }
        }
    }

    /// Builds every `eagerSingleton` not built yet, as each live container resolves it,
    /// one after another on the calling thread, without the lock. Returns every failure,
    /// containers global first then by scope, types by name.
    func bootstrap() -> [DependencyValidationError.Failure] {
        let targets = read {
            allContainers.flatMap { $0.effectiveRegistrations.filter { $0.lifecycle == .eagerSingleton }.sortedStably(by: Registration.reportedBefore) }
        }
        var failures: [DependencyValidationError.Failure] = []
        for registration in targets {
            do {
                try registration.owner.buildEagerSingleton(registration)
            } catch {
                failures.append(.init(subject: registration.subject, error: error))
            }
        }
        return failures
    }

    /// What code registered for each of `keys`, in any container, under one lock
    /// acquisition (what instructions binding them are checked against).
    package func codeRegistrations(of keys: Set<DependencyKey>) -> [DependencyKey: CodeRegistrations] {
        guard !keys.isEmpty else { return [:] }
        return read {
            var found: [DependencyKey: CodeRegistrations] = [:]
            for container in allContainers {
                for registration in container.table.registrations(of: keys) {
                    found[registration.key, default: CodeRegistrations()].add(registration)
                }
            }
            return found
        }
    }

    /// The scopes whose containers exist.
    package func existingScopes() -> Set<DependencyContainerScope> {
        read { Set(scopedContainers.keys) }
    }

    /// The keys registered in `container` itself, by type name.
    func registeredKeys(in container: DependencyContainer) -> [DependencyKey] {
        read { Array(Set(container.table.keys + container.injected.keys)) }.sortedStably { $0.typeName < $1.typeName }
    }
}

/// What code registered for one type, in any container (``ResolutionEngine/codeRegistrations(of:)``).
package struct CodeRegistrations {
    /// The tags it is registered with (argument registrations included).
    package var tags: Set<DependencyTag> = []
    /// The argument types of its argument registrations (any tag), by identity.
    package var arguments: [ObjectIdentifier: Any.Type] = [:]
    /// Whether it has a registration without an argument, tagged or not.
    package var withoutArgument = false

    fileprivate mutating func add(_ registration: Registration) {
        if let tag = registration.tag { tags.insert(tag) }
        if let factory = registration.argumentFactory {
            arguments[ObjectIdentifier(factory.argumentType)] = factory.argumentType
        } else {
            withoutArgument = true
        }
    }
}

extension ResolutionEngine {
    /// The argument type of a registration of `key` that a resolve from `container` with
    /// `tag` would find only with an argument; `nil` when one without an argument is on its
    /// path, or none at all.
    func onlyArgumentType(of key: DependencyKey, tag: DependencyTag?, from container: DependencyContainer) -> Any.Type? {
        read {
            if container.lookUp(ResolveRequest(key.type, tag: tag, argument: nil), overrides: nil) != nil { return nil }
            return container.argumentRegistrations(of: key).first?.argumentFactory?.argumentType
        }
    }
}

extension DependencyContainer {
    /// Each registration of this container as resolving finds it: an injected binding over
    /// the code one of the same slot. Call with the engine lock held.
    var effectiveRegistrations: [Registration] {
        let bindings = injected.registrations
        let shadowed = Set(bindings.map(\.slot))
        return bindings + table.registrations.filter { !shadowed.contains($0.slot) }
    }
}
