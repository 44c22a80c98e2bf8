/// Singletons: claiming a cell, building it, and the wait-for graph that keeps waiting
/// from ever deadlocking (see docs/architecture.md, "Locking").
extension DependencyContainer {
    /// Claims the instance in `cell` for a resolve of `registration`: ``ResolvePlan/ready(_:_:)``
    /// if it is built, after waiting for the thread that is building it if another is;
    /// ``ResolvePlan/build(_:_:)`` when nobody is (the cell is now this thread's to
    /// build); ``ResolvePlan/failure(_:)`` when waiting would close a cycle. For a
    /// `weakSingleton`, what is ready is the instance itself, if someone still holds it.
    /// Call with the engine lock held (``plan(_:tag:argument:overrides:thread:generation:registration:)``);
    /// it is released while waiting.
    func claim(_ cell: SingletonCell, for registration: Registration, thread: ResolutionThread) -> ResolvePlan {
        while true {
            switch cell.state {
            case let .built(holder):
                return .ready(registration, holder)

            case .empty:
                if registration.lifecycle == .weakSingleton, let object = cell.weakObject {
                    return .ready(registration, object)
                }
                cell.state = .building(thread: thread.id)
                return .build(registration, cell)

            case let .completing(builder, holder) where builder == thread.id:
                // Built by this thread's outermost resolve, whose hooks have not all run:
                // visible here only.
                return .ready(registration, holder)

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
                        return .failure(error)
                    }
                    return .failure(.circularDependency(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), cycleStart: 0, acrossThreads: nil))
                }
                if let cycle = waitCycle(from: builder, for: cell, thread: thread) {
                    let chain = thread.chain(appending: nil)
                    let start = chain.lastIndex(of: cycle.last!) ?? 0
                    return .failure(.circularDependency(key: registration.key, scope: scope, chain: chain, cycleStart: start, acrossThreads: cycle))
                }
                wait(for: cell, thread: thread)
            }
        }
    }

    /// Runs the factory for a cell this thread claimed (``claim(_:for:thread:)``) and
    /// settles the cell: the singleton's holder is published (or, while this outermost
    /// resolve has completion hooks pending, kept visible to this thread only); a
    /// `weakSingleton`'s cell keeps a weak reference to the instance and returns to
    /// `.empty`; a failed factory empties the cell so that a waiter can try. Waiters are
    /// woken. A unit of work's instance is checked for a captive dependency first. Returns the holder, or a `weakSingleton`'s instance, which must be an object
    /// (``DependencyResolutionError/Reason/notAnObject(actualType:)``). Call without the lock.
    func build(_ registration: Registration, into cell: SingletonCell, thread: ResolutionThread, requested: Any.Type) throws(DependencyResolutionError) -> AnyObject {
        let weak = registration.lifecycle == .weakSingleton
        let made: AnyObject
        do throws(DependencyResolutionError) {
            if registration.lifecycle == .unitOfWork { try checkCaptive(registration, thread: thread) }
            if weak {
                let value = try run(registration, thread: thread) { try registration.makeValue() }
                guard Swift.type(of: value) is AnyClass else {
                    throw .notAnObject(requested: requested, actual: value, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description)
                }
                made = value as AnyObject
            } else {
                made = try run(registration, thread: thread) { try registration.makeHolder() }
            }
        } catch {
            settle(cell, as: .empty)
            throw error
        }
        let hasHook = registration.completion != nil
        if weak {
            settle(cell, as: .empty, weakObject: made)
            if hasHook { thread.queueCompletion(registration, value: made) }
        } else if hasHook || thread.hasPendingCompletions {
            // Visible to this thread only until the outermost resolve's hooks have run: a
            // singleton with a hook, and any built while hooks are pending (it may hold an
            // instance a hook has not completed yet, e.g. the Client of a Server whose
            // hook sets `server.client`).
            settle(cell, as: .completing(thread: thread.id, holder: made))
            thread.holdCompleting(cell)
            if hasHook { thread.queueCompletion(registration, value: (made as! any AnySingletonValue).anyValue) }
        } else {
            settle(cell, as: .built(made))
        }
        return made
    }

    private func settle(_ cell: SingletonCell, as state: SingletonCell.State, weakObject: AnyObject? = nil) {
        SingletonCell.settle {
            cell.state = state
            if let weakObject { cell.weakObject = weakObject }
        }
    }

    /// Waits for another thread to settle a cell, recording that this thread waits for
    /// `cell` (the wait-for graph of ``waitCycle(from:for:thread:)``). Call with the
    /// engine lock held; it is released while waiting.
    private func wait(for cell: SingletonCell, thread: ResolutionThread) {
        let engine = ResolutionEngine.shared
        engine.waiting[thread.id] = cell
        engine.lock.wait()
        engine.waiting[thread.id] = nil
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
        try thread.finishingOutermost(scope: scope) { () throws(DependencyResolutionError) in
            let (plan, _) = plan(registration.key.type, tag: registration.tag, argument: nil, overrides: nil, thread: thread, generation: nil, registration: registration)
            switch plan {
            case .build(_, let cell): _ = try build(registration, into: cell, thread: thread, requested: registration.key.type)
            case .failure(let error), .missing(let error): throw error
            case .ready, .run, .wrapper: break
            }
        }
    }
}

extension SingletonCell {
    /// Runs `change` — cells leaving `.building` or `.completing` — under the engine lock,
    /// then wakes every thread waiting for a cell: the one place that happens.
    static func settle(_ change: () -> Void) {
        let engine = ResolutionEngine.shared
        engine.read {
            change()
            engine.lock.broadcast()
        }
    }
}
