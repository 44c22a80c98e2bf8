extension DynamicDependencyIndex {
    /// Dry-runs every indexed factory and reports every failure at once.
    ///
    /// Each factory runs against a throw-away copy of the live containers (so its
    /// dependencies resolve as they would after injection, and no singleton leaks out).
    /// A factory indexed with ``add(factory:producing:_:)`` is registered in that copy
    /// under the type it produces and resolved, which also catches cycles through it.
    /// Type keys whose types nothing is indexed to produce are not errors.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failing factory.
    public func validate() throws(DependencyValidationError) {
        var failures: [DependencyValidationError.Failure] = []
        for (key, factory) in allFactories {
            let world = DetachedWorld.copyingLiveContainers()
            defer { world.tearDown() }
            do {
                if let produced = factory.produces, let register = factory.typedRegistration {
                    let registration = register(world.global, .transient, .described("factory '\(key)'"))
                    ResolutionEngine.shared.lock.withLock {
                        world.global.table.entries[registration.key] = registration
                    }
                    _ = try world.global.resolveOpened(produced.type)
                } else {
                    _ = try factory.make(world.global)
                }
            } catch let error as DependencyResolutionError {
                failures.append(.init(subject: "factory '\(key)'", error: error))
            } catch {
                failures.append(.init(subject: "factory '\(key)'", error: .factoryFailed(key: DependencyKey(Any.self), scope: .global, chain: [], registrationDescription: "factory '\(key)'", error: error)))
            }
        }
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }
}
