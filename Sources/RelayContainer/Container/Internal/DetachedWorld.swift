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
            var world = DetachedWorld(global: DependencyContainer(scope: .global, parent: nil, isDetached: true), scoped: [:])
            for live in engine.allContainers {
                let copy = world.container(for: live.scope)
                for registration in live.table.registrations { copy.table.updateValue(registration.copy(owner: copy)) }
                for registration in live.injected.registrations { copy.injected.updateValue(registration.copy(owner: copy)) }
            }
            return world
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
    /// registrations go into the world first, standing in for the live ones. An argument
    /// registration gets the first of `arguments` of exactly its argument type, else the
    /// first that is an instance of it; with none it is reported, never skipped.
    package func validateRegistrations(replacing replacements: [RegistrationRequest] = [], arguments: [Any] = []) -> [DependencyValidationError.Failure] {
        var world = DetachedWorld.copyingLiveContainers()
        defer { world.tearDown() }
        for request in replacements {
            insert(request, into: world.container(for: request.scope), injected: true)
        }
        var failures: [DependencyValidationError.Failure] = []
        for container in world.containers {
            for registration in read({ container.effectiveRegistrations }).sortedStably(by: Registration.reportedBefore) {
                // Each in a unit of work of its own, so that `unitOfWork` registrations resolve.
                let outcome = DependencyContainer.withUnitOfWork { () -> Swift.Result<Void, DependencyResolutionError> in do throws(DependencyResolutionError) {
                    if let factory = registration.argumentFactory {
                        let argumentID = ObjectIdentifier(factory.argumentType)
                        guard let sample = arguments.first(where: { ObjectIdentifier(Swift.type(of: $0)) == argumentID })
                            ?? arguments.first(where: { isInstance($0, of: factory.argumentType) }) else {
                            throw DependencyResolutionError.argumentMismatch(key: registration.key, tag: registration.tag, expected: factory.argumentType, given: nil, scope: container.scope, chain: [registration.key], registration: registration.origin.description)
                        }
                        _ = try container.resolve(registration, argument: sample)
                    } else {
                        _ = try container.resolveOpened(registration.key.type, tag: registration.tag)
                    }
                    return .success(())
                } catch { return .failure(error) } }
                if case .failure(let error) = outcome { failures.append(.init(subject: registration.subject, error: error)) }
            }
        }
        return failures
    }

    /// Runs `factory` once in a throw-away world, as `subject` (e.g. `factory 'X.Stub'`),
    /// and returns what it made. A typed factory is registered there under the type it
    /// produces and resolved, which also catches cycles through it; an untyped one is
    /// called directly.
    @discardableResult
    package func dryRun(_ factory: DependencyFactory, subject: String) throws(DependencyResolutionError) -> Any {
        let world = DetachedWorld.copyingLiveContainers()
        defer { world.tearDown() }
        do { return try DependencyContainer.withUnitOfWork {
            if let produced = factory.produces {
                let request = RegistrationRequest(scope: .global, key: produced, lifecycle: .transient, origin: .described(subject), factory: factory)
                insert(request, into: world.global, injected: true)
                return try world.global.resolveOpened(produced.type, tag: nil)
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
    /// Resolves a type known only as a metatype, through the public typed path (the
    /// existential is opened, so the result is checked against the type).
    func resolveOpened<T>(_ type: T.Type, tag: DependencyTag?) throws(DependencyResolutionError) -> Any {
        if let tag { return try tryResolve(T.self, tag: tag) }
        return try tryResolve(T.self)
    }

    /// Runs the argument registration `registration` (of this container's world) with
    /// `argument`, as an outermost resolve would.
    func resolve(_ registration: Registration, argument: Any) throws(DependencyResolutionError) -> Any {
        let thread = ResolutionThread.current()
        return try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) -> Any in
            try run(registration, thread: thread, detectsCycles: false) { try registration.argumentFactory!.make(registration.owner, argument) }
        }
    }
}
