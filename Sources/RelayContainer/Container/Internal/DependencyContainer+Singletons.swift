/// Singletons: claiming a cell, building it, and the wait-for graph that keeps waiting
/// from ever deadlocking (see docs/architecture.md, "Locking").
/// What ``DependencyContainer/claimSingleton(cell:registration:thread:weak:)`` found.
enum SingletonClaim {
    /// The singleton's holder, built already (for a `weakSingleton`, the instance itself,
    /// which someone still holds).
    case ready(AnyObject)
    /// Nobody was building it: the cell is now marked as being built by this thread,
    /// which must build it (``DependencyContainer/buildSingleton(cell:registration:caller:thread:)``
    /// or ``DependencyContainer/buildWeakSingleton(cell:registration:caller:thread:requested:)``).
    case claimed
    /// Waiting for it would close a cycle: this thread is building it already, or
    /// (through the wait-for graph) the thread building it waits for one this thread is
    /// building.
    case refused(DependencyResolutionError)
}

extension DependencyContainer {
    /// Claims the singleton in `cell`: ``SingletonClaim/ready(_:)`` if it is built, after
    /// waiting for the thread that is building it if another is; ``SingletonClaim/claimed``
    /// when nobody is; ``SingletonClaim/refused(_:)`` when waiting would close a cycle.
    /// Call with the engine lock held; it is held when this returns (it is released while
    /// waiting), and the caller releases it before building.
    ///
    /// With `weak` (a `weakSingleton`'s cell), what is ready is the instance itself, if
    /// someone still holds it.
    ///
    /// Out of line, and separate from building, so that the claim's frame (the state
    /// machine, the waiting, the cycle errors) is never on the stack while a factory runs.
    @inline(never)
    func claimSingleton(cell: SingletonCell, registration: Registration, thread: ResolutionThread, weak: Bool = false) -> SingletonClaim {
        let engine = ResolutionEngine.shared
        while true {
            switch cell.state {
            case let .built(holder):
                return .ready(holder)

            case .empty:
                if weak, let object = cell.weakObject {
                    return .ready(object)
                }
                cell.state = .building(thread: thread.id)
                return .claimed

            case let .completing(builder, holder) where builder == thread.id:
                // Built by this thread's outermost resolve, whose hooks have not all run:
                // visible here only.
                return .ready(holder)

            case .building(let builder), .completing(let builder, _):
                if builder == thread.id {
                    // This thread is inside the factory already: a cycle on one thread.
                    // `push` throws for any registration on the stack; getting past it
                    // means the cell belongs to an override frame whose registration is
                    // shared.
                    do throws(DependencyResolutionError) {
                        try thread.push(registration, requestedIn: scope)
                        thread.pop()
                    } catch {
                        return .refused(error)
                    }
                    return .refused(.circularDependency(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), cycleStart: 0, acrossThreads: nil))
                }
                if let cycle = waitCycle(from: builder, for: cell, thread: thread) {
                    let chain = thread.chain(appending: nil)
                    let start = chain.lastIndex(of: cycle.last!) ?? 0
                    return .refused(.circularDependency(key: registration.key, scope: scope, chain: chain, cycleStart: start, acrossThreads: cycle))
                }
                engine.waiting[thread.id] = cell
                engine.lock.wait()
                engine.waiting[thread.id] = nil
            }
        }
    }

    /// The holder a singleton `claim` leads to: the one ready, or one this thread builds
    /// now. Call without the lock.
    func singletonHolder(_ claim: SingletonClaim, cell: SingletonCell, registration: Registration, caller: TypedCaller?, thread: ResolutionThread) throws(DependencyResolutionError) -> AnyObject {
        switch claim {
        case .ready(let holder): holder
        case .claimed: try buildSingleton(cell: cell, registration: registration, caller: caller, thread: thread)
        case .refused(let error): throw error
        }
    }

    /// Runs the factory for a cell this thread claimed, stores the result (or, if the
    /// factory failed, empties the cell so that a waiter can try) and wakes the waiters.
    /// Call without the lock.
    func buildSingleton(cell: SingletonCell, registration: Registration, caller: TypedCaller?, thread: ResolutionThread) throws(DependencyResolutionError) -> AnyObject {
        let holder: AnyObject
        do {
            holder = try run(registration, thread: thread) { try registration.makeHolder(caller: caller) }
        } catch {
            finishBuilding(cell, as: .empty)
            throw error
        }
        let hasHook = registration.completion != nil
        if hasHook || thread.hasPendingCompletions {
            // Visible to this thread only until the outermost resolve's hooks have run: a
            // singleton with a hook, and any built while hooks are pending (it may hold an
            // instance a hook has not completed yet, e.g. the Client of a Server whose
            // hook sets `server.client`).
            finishBuilding(cell, as: .completing(thread: thread.id, holder: holder))
            thread.holdCompleting(cell)
            if hasHook { thread.queueCompletion(registration, value: (holder as! any AnySingletonValue).anyValue) }
        } else {
            finishBuilding(cell, as: .built(holder))
        }
        return holder
    }

    /// ``buildSingleton(cell:registration:caller:thread:)`` for a `weakSingleton`: the cell
    /// keeps a weak reference to the instance, and returns to `.empty`. A factory that
    /// returns a value type fails with ``DependencyResolutionError/Reason/notAnObject(actualType:)``.
    func buildWeakSingleton(cell: SingletonCell, registration: Registration, caller: TypedCaller?, thread: ResolutionThread, requested: Any.Type) throws(DependencyResolutionError) -> AnyObject {
        let value: Any
        do {
            value = try run(registration, thread: thread) { try registration.makeValue(caller: caller) }
        } catch {
            finishBuilding(cell, as: .empty)
            throw error
        }
        guard Swift.type(of: value) is AnyClass else {
            finishBuilding(cell, as: .empty)
            throw .notAnObject(requested: requested, actual: value, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description)
        }
        let object = value as AnyObject
        ResolutionEngine.shared.lock.withLock {
            cell.weakObject = object
            cell.state = .empty
            ResolutionEngine.shared.lock.broadcast()
        }
        if registration.completion != nil { thread.queueCompletion(registration, value: value) }
        return object
    }

    private func finishBuilding(_ cell: SingletonCell, as state: SingletonCell.State) {
        let engine = ResolutionEngine.shared
        engine.lock.withLock {
            cell.state = state
            engine.lock.broadcast()
        }
    }

    /// Follows the wait-for graph from `builder`: if it (transitively) waits for a
    /// singleton this thread is building, waiting would deadlock. Returns the types on
    /// that path, starting with `cell`'s. Call with the engine lock held.
    private func waitCycle(from builder: ResolutionThread.ID, for cell: SingletonCell, thread: ResolutionThread) -> [DependencyKey]? {
        let engine = ResolutionEngine.shared
        var path = [cell.key]
        var current = builder
        var visited: Set<ResolutionThread.ID> = [builder]
        while let awaited = engine.waiting[current] {
            path.append(awaited.key)
            let next: ResolutionThread.ID
            switch awaited.state {
            case .building(let builder), .completing(let builder, _): next = builder
            case .empty, .built: return nil
            }
            if next == thread.id { return path }
            guard visited.insert(next).inserted else { return nil }
            current = next
        }
        return nil
    }
}

extension DependencyContainer {
    /// Builds `registration`'s singleton (an `eagerSingleton` of this container) if nobody
    /// has yet, as an outermost resolve on this thread would; never through an override
    /// layer. For ``ResolutionEngine/bootstrap()``.
    func buildEagerSingleton(_ registration: Registration) throws(DependencyResolutionError) {
        let thread = ResolutionThread.current()
        let engine = ResolutionEngine.shared
        try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) in
            if registration.requiresMainActor, !MainThread.isCurrent {
                throw DependencyResolutionError.offMainActor(key: registration.key, scope: scope, chain: [registration.key], registration: registration.origin.description)
            }
            engine.lock.lock()
            let caller = registration.caller
            let cell = registration.cell
            let claim = claimSingleton(cell: cell, registration: registration, thread: thread)
            engine.lock.unlock()
            _ = try singletonHolder(claim, cell: cell, registration: registration, caller: caller, thread: thread)
        }
    }
}
