/// Throw-away copies of the live containers: same factories, fresh singletons, no
/// per-thread caching. Validation resolves in one so that nothing the app created is
/// touched and nothing created there leaks out.
struct DetachedWorld {
    let global: DependencyContainer
    private(set) var scoped: [DependencyContainerScope: DependencyContainer]

    /// Every container of the world: global first, then scopes by name.
    var containers: [DependencyContainer] {
        ([global] + scoped.values).sortedStably { DependencyContainerScope.printOrder($0.scope, $1.scope) }
    }

    /// Copies every live container under the engine lock.
    static func copyingLiveContainers() -> DetachedWorld {
        let engine = ResolutionEngine.shared
        return engine.read {
            let global = DependencyContainer(scope: .global, parent: nil, isDetached: true)
            copy(DependencyContainer.global, into: global)
            var scoped: [DependencyContainerScope: DependencyContainer] = [:]
            for (scope, live) in engine.scopedContainers {
                let copy = DependencyContainer(scope: scope, parent: global, isDetached: true)
                Self.copy(live, into: copy)
                scoped[scope] = copy
            }
            return DetachedWorld(global: global, scoped: scoped)
        }
    }

    /// Call with the engine lock held.
    private static func copy(_ live: DependencyContainer, into copy: DependencyContainer) {
        for registration in live.table.registrations {
            copy.table.updateValue(registration.copy(owner: copy))
        }
        for registration in live.injected.registrations {
            copy.injected.updateValue(registration.copy(owner: copy))
        }
    }

    /// The world's container for `scope`, created (falling back to the world's global
    /// container) if the live world had none.
    mutating func container(for scope: DependencyContainerScope) -> DependencyContainer {
        if scope.isGlobal { return global }
        if let existing = scoped[scope] { return existing }
        let created = DependencyContainer(scope: scope, parent: global, isDetached: true)
        scoped[scope] = created
        return created
    }

    /// Breaks the container ↔ registration reference cycles so the copies are freed
    /// (unlocked: the removed registrations leave the lock in the result). No resolve cache
    /// holds a detached container's registrations, so no generation bump.
    func tearDown() {
        ResolutionEngine.shared.read { containers.flatMap { $0.table.removeAll() + $0.injected.removeAll() } }
    }
}

extension ResolutionEngine {
    /// Resolves every registration of every container in a throw-away world and returns
    /// every failure: containers global first then by scope, types by name. `replacing`
    /// registrations go into the world first, so their factories stand in for the live ones
    /// (which then never run).
    ///
    /// An argument registration is resolved with the first of `arguments` whose type is
    /// exactly its argument type (else the first that is an instance of it); with none, it
    /// is reported as a failure (``DependencyResolutionError/Reason/argumentMismatch(expected:given:)``
    /// with no argument given), never skipped.
    package func validateRegistrations(replacing replacements: [RegistrationRequest] = [], arguments: [Any] = []) -> [DependencyValidationError.Failure] {
        var world = DetachedWorld.copyingLiveContainers()
        defer { world.tearDown() }
        for request in replacements {
            insert(request, into: world.container(for: request.scope), injected: true)
        }
        var failures: [DependencyValidationError.Failure] = []
        for container in world.containers {
            // Each type once, as it resolves: an injected binding over the code default.
            let registrations = read {
                let injected = container.injected.registrations
                let shadowed = Set(injected.map(\.slot))
                return injected + container.table.registrations.filter { !shadowed.contains($0.slot) }
            }
            for registration in registrations.sortedStably(by: Self.validationOrder) {
                // Each in a unit of work of its own, so that `unitOfWork` registrations resolve.
                let outcome = withUnitOfWork { () -> Swift.Result<Void, DependencyResolutionError> in do throws(DependencyResolutionError) {
                    if let factory = registration.argumentFactory {
                        let argumentID = ObjectIdentifier(factory.argumentType)
                        guard let sample = arguments.first(where: { ObjectIdentifier(Swift.type(of: $0)) == argumentID })
                            ?? arguments.first(where: { isInstance($0, of: factory.argumentType) }) else {
                            throw DependencyResolutionError.argumentMismatch(key: registration.key, tag: registration.tag, expected: factory.argumentType, given: nil, scope: container.scope, chain: [registration.key], registration: registration.origin.description)
                        }
                        _ = try container.resolve(registration, argument: sample)
                    } else if let tag = registration.tag {
                        _ = try container.resolveOpened(registration.key.type, tag: tag)
                    } else {
                        _ = try container.resolveOpened(registration.key.type)
                    }
                    return .success(())
                } catch { return .failure(error) } }
                if case .failure(let error) = outcome {
                    let place = container.scope.isGlobal ? "global" : "scope '\(container.scope.name)'"
                    let tag = registration.tag.map { " tagged '\($0.name)'" } ?? ""
                    let argument = registration.argumentFactory.map { " with an argument of type \(TypeName.of($0.argumentType))" } ?? ""
                    failures.append(.init(subject: "\(registration.key.typeName)\(tag)\(argument) in \(place) (registered at \(registration.origin))", error: error))
                }
            }
        }
        return failures
    }

    /// Types by name, then untagged before tagged, tags by name, then argument types by name.
    private static func validationOrder(_ a: Registration, _ b: Registration) -> Bool {
        let (nameA, nameB) = (a.key.typeName, b.key.typeName)
        if nameA != nameB { return nameA < nameB }
        if a.tag != b.tag { return (a.tag?.name ?? "") < (b.tag?.name ?? "") }
        return (a.argumentFactory.map { TypeName.of($0.argumentType) } ?? "") < (b.argumentFactory.map { TypeName.of($0.argumentType) } ?? "")
    }

    /// Runs `factory` once in a throw-away world, as `subject` (e.g. `factory 'X.Stub'`),
    /// and returns what it made. A typed factory is registered there under the type it
    /// produces and resolved, which also catches cycles through it; an untyped one is
    /// called directly.
    @discardableResult
    package func dryRun(_ factory: DependencyFactory, subject: String) throws(DependencyResolutionError) -> Any {
        let world = DetachedWorld.copyingLiveContainers()
        defer { world.tearDown() }
        do { return try withUnitOfWork {
            if let produced = factory.produces {
                let request = RegistrationRequest(scope: .global, key: produced, lifecycle: .transient, origin: .described(subject), factory: factory)
                insert(request, into: world.global, injected: true)
                return try world.global.resolveOpened(produced.type)
            } else {
                return try factory.make(world.global)
            }
        } } catch let error as DependencyResolutionError {
            throw error
        } catch {
            throw .factoryFailed(key: DependencyKey(Any.self), scope: .global, chain: [], registration: subject, error: error)
        }
    }
}

/// Whether `value` is a `type` — for a type known only as a metatype (the existential is
/// opened, so the test is the real `is T`).
package func isInstance(_ value: Any, of type: Any.Type) -> Bool {
    func check<T>(_: T.Type) -> Bool { value is T }
    return check(type)
}

extension DependencyContainer {
    /// Resolves a type known only as a metatype, through the normal typed path (the
    /// existential is opened, so the result is checked against the type).
    func resolveOpened<T>(_ type: T.Type) throws(DependencyResolutionError) -> Any {
        try tryResolve(T.self)
    }

    /// Runs the argument registration `registration` (of this container's world) with
    /// `argument`, as an outermost resolve would.
    func resolve(_ registration: Registration, argument: Any) throws(DependencyResolutionError) -> Any {
        let thread = ResolutionThread.current()
        return try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> Any in
            try run(registration, thread: thread, detectsCycles: false) { try registration.argumentFactory!.make(registration.owner, argument) }
        }
    }

    /// ``resolveOpened(_:)`` with a tag.
    func resolveOpened<T>(_ type: T.Type, tag: DependencyTag) throws(DependencyResolutionError) -> Any {
        try tryResolve(T.self, tag: tag)
    }
}
