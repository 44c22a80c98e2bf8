extension DependencyContainer {
    /// Dry-runs every registration of every container and reports every failure at once.
    ///
    /// Each registration is resolved in a throw-away copy of all containers (fresh
    /// singletons, same factories), so nothing the app already created is touched and
    /// nothing created here leaks out. Missing dependencies, type mismatches, cycles and
    /// factory errors are all collected. Call it once from a test:
    ///
    /// ```swift
    /// @Test func graphIsComplete() throws {
    ///     try AppRegistry().registerDependencies()
    ///     try DependencyContainer.validate()
    /// }
    /// ```
    ///
    /// Factories run for real, so keep them free of side effects, and let them reach
    /// their dependencies through the container they are given — a factory that calls
    /// `DependencyContainer.global` directly escapes the throw-away copy.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failure.
    public static func validate() throws(DependencyValidationError) {
        let world = DetachedWorld.copyingLiveContainers()
        var failures: [DependencyValidationError.Failure] = []
        for container in world.containers {
            for registration in container.table.entries.values.sorted(by: { $0.key.typeName < $1.key.typeName }) {
                do {
                    _ = try container.resolveOpened(registration.key.type)
                } catch {
                    let place = container.scope.isGlobal ? "global" : "scope '\(container.scope.name)'"
                    failures.append(.init(subject: "\(registration.key.typeName) in \(place) (registered at \(registration.origin))", error: error))
                }
            }
        }
        world.tearDown()
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }

    /// Resolves a type known only as a metatype, through the normal typed path (the
    /// existential is opened, so the result is checked against the type).
    func resolveOpened<T>(_ type: T.Type) throws(DependencyResolutionError) -> Any {
        try tryResolve(T.self)
    }
}

/// Throw-away copies of the live containers: same factories, fresh singletons, no
/// per-thread caching.
struct DetachedWorld {
    let global: DependencyContainer
    let scoped: [DependencyContainerScope: DependencyContainer]

    var containers: [DependencyContainer] {
        [global] + scoped.values.sorted { $0.scope.name < $1.scope.name }
    }

    static func copyingLiveContainers() -> DetachedWorld {
        let engine = ResolutionEngine.shared
        return engine.lock.withLock {
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
        for (key, registration) in live.table.entries {
            copy.table.entries[key] = registration.copy(owner: copy)
        }
    }

    /// The container for `scope` in this world.
    func container(for scope: DependencyContainerScope) -> DependencyContainer {
        scope.isGlobal ? global : scoped[scope] ?? global
    }

    /// Breaks the container ↔ registration reference cycles so the copies are freed.
    func tearDown() {
        ResolutionEngine.shared.lock.withLock {
            for container in containers { container.table.entries.removeAll() }
        }
    }
}
