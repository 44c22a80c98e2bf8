import Synchronization

/// Lets the slow path read a singleton of any registration as `Any`.
extension SingletonValue: AnySingletonValue {
    var anyValue: Any { value }
}

protocol AnySingletonValue: AnyObject {
    var anyValue: Any { get }
}

extension DependencyContainer {
    /// The resolve path. A repeated resolve of a typed registration is served from the
    /// calling thread's cache: one atomic load, a slot compare, and for a transient the
    /// factory call. Everything else takes the slow path under the engine lock.
    @inline(__always)
    func resolveValue<T>(_ type: T.Type) throws(DependencyResolutionError) -> T {
        let engine = ResolutionEngine.shared
        let thread = ResolutionThread.current
        if engine.activeOverrides.load(ordering: .relaxed) != 0, let frame = OverrideContext.current {
            return try resolveSlow(T.self, thread: thread, overrides: frame, generation: nil)
        }
        let generation = engine.generation.load(ordering: .acquiring)
        thread.validateCache(generation: generation)
        let typeID = ObjectIdentifier(T.self)
        let containerID = ObjectIdentifier(self)
        let slot = thread.slots + ResolutionThread.slotIndex(container: containerID, type: typeID)
        if slot.pointee.type == typeID, slot.pointee.container == containerID, let object = slot.pointee.object {
            if slot.pointee.isSingleton {
                return unsafeDowncast(object, to: SingletonValue<T>.self).value
            }
            return try runTransient(unsafeDowncast(object, to: TypedRegistration<T>.self), thread: thread)
        }
        return try resolveSlow(T.self, thread: thread, overrides: nil, generation: isDetached ? nil : generation)
    }

    @inline(__always)
    private func runTransient<T>(_ registration: TypedRegistration<T>, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        try thread.push(registration, requestedIn: scope)
        defer { thread.pop() }
        do {
            return try registration.factory(registration.owner)
        } catch {
            throw wrap(error, registration: registration, thread: thread)
        }
    }

    /// Runs `body` (a factory) with `registration` on this thread's stack.
    private func run<R>(_ registration: Registration, thread: ResolutionThread, _ body: () throws -> R) throws(DependencyResolutionError) -> R {
        try thread.push(registration, requestedIn: scope)
        defer { thread.pop() }
        do {
            return try body()
        } catch {
            throw wrap(error, registration: registration, thread: thread)
        }
    }

    /// Passes a nested resolution failure through unchanged (it already carries the whole
    /// chain); wraps anything else a factory threw.
    private func wrap(_ error: any Error, registration: Registration, thread: ResolutionThread) -> DependencyResolutionError {
        if let resolutionError = error as? DependencyResolutionError { return resolutionError }
        return .factoryFailed(key: registration.key, scope: scope, chain: thread.chain(appending: nil), registration: registration, error: error)
    }

    /// Cache miss, override, optional flattening or untyped registration.
    /// `generation` is non-nil when the result may be cached for this thread.
    private func resolveSlow<T>(_ type: T.Type, thread: ResolutionThread, overrides: OverrideFrame?, generation: UInt?) throws(DependencyResolutionError) -> T {
        let engine = ResolutionEngine.shared
        let key = DependencyKey(T.self)
        engine.lock.lock()
        guard let registration = lookUp(key, overrides: overrides) else {
            let nearMisses = nearMissDescriptions(for: key)
            engine.lock.unlock()
            throw .missing(key: key, scope: scope, chain: thread.chain(appending: key), nearMisses: nearMisses)
        }
        let isTyped = registration.valueTypeID == ObjectIdentifier(T.self)

        if registration.lifecycle == .transient {
            engine.lock.unlock()
            if isTyped {
                let typed = unsafeDowncast(registration, to: TypedRegistration<T>.self)
                if let generation {
                    thread.fill(container: ObjectIdentifier(self), type: ObjectIdentifier(T.self), object: typed, isSingleton: false, generation: generation)
                }
                return try runTransient(typed, thread: thread)
            }
            let value = try run(registration, thread: thread) { try registration.makeValue() }
            return try cast(value, to: T.self, registration: registration, thread: thread)
        }

        let cell = overrides?.cell(for: registration) ?? registration.cell
        let holder = try obtainSingleton(cell: cell, registration: registration, thread: thread)
        if isTyped {
            if let generation {
                thread.fill(container: ObjectIdentifier(self), type: ObjectIdentifier(T.self), object: holder, isSingleton: true, generation: generation)
            }
            return unsafeDowncast(holder, to: SingletonValue<T>.self).value
        }
        // `holder` is a `SingletonValue<U>` for some U; read it as `Any` and check it.
        let value = (holder as! any AnySingletonValue).anyValue
        return try cast(value, to: T.self, registration: registration, thread: thread)
    }

    private func cast<T>(_ value: Any, to type: T.Type, registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> T {
        if let typed = value as? T { return typed }
        throw .mismatch(requested: T.self, actual: value, scope: scope, chain: thread.chain(appending: DependencyKey(T.self)), registration: registration)
    }

    /// Finds the registration for `key`: overrides first (innermost frame, scoped then
    /// global), then this container, then its fallback. Call with the engine lock held.
    private func lookUp(_ key: DependencyKey, overrides: OverrideFrame?) -> Registration? {
        if let overrides, let found = overrides.registration(for: key, scope: scope) { return found }
        if let found = table.entries[key] { return found }
        return parent?.table.entries[key]
    }

    /// Returns the singleton in `cell`, creating it on this thread if nobody has, or
    /// waiting for the thread that is. Call with the engine lock held; returns (or throws)
    /// with it released.
    private func obtainSingleton(cell: SingletonCell, registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) -> AnyObject {
        let engine = ResolutionEngine.shared
        while true {
            switch cell.state {
            case let .built(holder):
                engine.lock.unlock()
                return holder

            case .empty:
                cell.state = .building(thread: thread.id)
                engine.lock.unlock()
                do {
                    let holder = try run(registration, thread: thread) { try registration.makeHolder() }
                    engine.lock.withLock {
                        cell.state = .built(holder)
                        engine.lock.broadcast()
                    }
                    return holder
                } catch {
                    engine.lock.withLock {
                        cell.state = .empty
                        engine.lock.broadcast()
                    }
                    throw error
                }

            case let .building(builder):
                if builder == thread.id {
                    // This thread is inside the factory already: a cycle on one thread.
                    engine.lock.unlock()
                    try thread.push(registration, requestedIn: scope)
                    thread.pop()
                    // `push` throws for any registration on the stack; reaching here means
                    // the cell belongs to an override frame whose registration is shared.
                    throw .circularDependency(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), cycleStart: 0, acrossThreads: nil)
                }
                if let cycle = waitCycle(from: builder, for: cell, thread: thread) {
                    engine.lock.unlock()
                    let chain = thread.chain(appending: nil)
                    let start = chain.lastIndex(of: cycle.last!) ?? 0
                    throw .circularDependency(key: registration.key, scope: scope, chain: chain, cycleStart: start, acrossThreads: cycle)
                }
                engine.waiting[thread.id] = cell
                engine.lock.wait()
                engine.waiting[thread.id] = nil
            }
        }
    }

    /// Follows the wait-for graph from `builder`: if it (transitively) waits for a
    /// singleton this thread is building, waiting would deadlock. Returns the types on
    /// that path, starting with `cell`'s. Call with the engine lock held.
    private func waitCycle(from builder: ObjectIdentifier, for cell: SingletonCell, thread: ResolutionThread) -> [DependencyKey]? {
        let engine = ResolutionEngine.shared
        var path = [cell.key]
        var current = builder
        var visited: Set<ObjectIdentifier> = [builder]
        while let awaited = engine.waiting[current] {
            path.append(awaited.key)
            guard case let .building(next) = awaited.state else { return nil }
            if next == thread.id { return path }
            guard visited.insert(next).inserted else { return nil }
            current = next
        }
        return nil
    }

    /// Registered types with a similar name, and `key` registered in other scopes. Call with
    /// the engine lock held.
    private func nearMissDescriptions(for key: DependencyKey) -> [String] {
        let engine = ResolutionEngine.shared
        var containers = engine.allContainers
        if isDetached {
            containers = [self] + (parent.map { [$0] } ?? [])
        }
        var results: [String] = []
        var places: [String: [String]] = [:]
        for container in containers {
            let place = container.scope.isGlobal ? "global" : "scope '\(container.scope.name)'"
            for registered in container.table.entries.keys {
                if registered == key {
                    if container !== self && container !== parent {
                        results.append("\(key.typeName) is registered in \(place)")
                    }
                } else {
                    places[registered.typeName, default: []].append(place)
                }
            }
        }
        for name in NearMatch.suggestions(for: key.typeName, among: places.keys) {
            results.append("\(name) (registered in \(places[name]!.joined(separator: ", ")))")
        }
        return results
    }
}
