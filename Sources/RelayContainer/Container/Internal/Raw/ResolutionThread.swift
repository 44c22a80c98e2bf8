internal import CRelayAtomics
internal import CRelayThreads
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Per-thread resolution state: the stack of factories running on this thread (for cycle
/// detection and dependency chains), the work an outermost resolve finishes, and the
/// thread's three resolve tables (``ThreadTable``), so that a repeated resolve takes no lock.
///
/// A `ResolutionThread` is a handle, a pointer to state owned by the thread-local slot
/// (``ResolutionEngine/threadKey``) and freed when the thread exits. Copying the handle
/// costs nothing and involves no reference counting, which is the point: the resolve fast
/// path touches this state on every call. Only its own thread touches the state (other
/// threads know the thread by ``id`` only), which is why the handle is not `Sendable`.
///
/// The fast path also reads cached objects without retaining them (see
/// ``DependencyContainer/resolveValue(_:)``). That is safe because an object leaves a
/// table only through ``State/retire(_:)``, which keeps it alive until no factory is
/// running on this thread, i.e. until no fast path of this thread can still be using it.
struct ResolutionThread {
    /// A factory running on this thread. Unretained: whoever runs the factory holds the
    /// registration for as long as the frame is on the stack.
    struct Frame {
        let registration: Unmanaged<Registration>
    }

    /// Identifies a thread in singleton cells and the engine's wait-for map.
    struct ID: Hashable, Sendable {
        let bits: UInt
    }

    struct State {
        /// The resolve caches (``ThreadTable``), indexed by ``ResolutionThread/Table``:
        /// untagged resolves without an argument; tagged and argument resolves; singletons
        /// resolved inside override layers and units of work.
        let tables: UnsafeMutablePointer<ThreadTable>
        var depth = 0
        /// Objects dropped from the cache while factories were running; released when
        /// the outermost one returns.
        var retired: [AnyObject] = []
        /// `!retired.isEmpty`, as a flag ``ResolutionThread/pop()`` can test cheaply.
        var hasRetired = false
        /// Work for the end of the outermost resolve (``ResolutionThread/finishOutermost(scope:)``):
        /// graph instances to drop. One flag the resolve paths test cheaply.
        var hasOutermostWork = false
        /// The `graph` instances of the running outermost resolve, by registration: the
        /// registration (kept alive, so that its identity is not reused) and the holder.
        /// Searched linearly: an object graph has a handful of `graph` registrations.
        var graphInstances: [(registration: Registration, holder: AnyObject)] = []
        /// Instances made during the outermost resolve whose registrations have completion
        /// hooks, in the order their factories returned (innermost first).
        var pendingCompletions: [(registration: Registration, value: Any)] = []
        /// Singleton cells this thread holds in `.completing` until the hooks have run.
        var completingCells: [SingletonCell] = []
        /// Whether ``ResolutionThread/finishOutermost(scope:)`` is running hooks: resolves
        /// inside them are not outermost.
        var runningCompletions = false
        /// How many synchronous `withInjectedDependencies` calls are running on this
        /// thread. When the last one returns, `layers` is emptied; while one runs,
        /// ``ResolutionThread/seesNoLayer`` answers "no" without reading the task-local value.
        var synchronousLayers = 0
        /// The lowest stack address a nested resolve may start at (``ThreadStack``); 0
        /// when the thread's stack is unknown.
        let stackLimit: UInt
        /// The thread's stack size in bytes, for the error; 0 when unknown.
        let stackSize: Int
        let frames: UnsafeMutablePointer<Frame>

        init() {
            frames = .allocate(capacity: ResolutionThread.maximumDepth)
            tables = .allocate(capacity: 3)
            tables.initialize(to: ThreadTable(countLog2: ResolutionThread.mainCountLog2))
            (tables + 1).initialize(to: ThreadTable(countLog2: 6))
            (tables + 2).initialize(to: ThreadTable(countLog2: 5))
            let stack = ThreadStack.bounds()
            stackLimit = stack.map { $0.low + UInt(ThreadStack.reserve(forStackOf: $0.size)) } ?? 0
            stackSize = stack?.size ?? 0
        }

        func destroy() {
            frames.deinitialize(count: depth)
            frames.deallocate()
            for i in 0..<3 { tables[i].destroy() }
            tables.deinitialize(count: 3)
            tables.deallocate()
        }

        /// Releases `object` now if no factory is running on this thread, else when none is.
        mutating func retire(_ object: AnyObject?) {
            if let object, depth > 0 {
                retired.append(object)
                hasRetired = true
            }
        }
    }

    /// The `main` table's size: 128 slots.
    static let mainCountLog2 = 7
    static let maximumDepth = 512

    let state: UnsafeMutablePointer<State>

    var id: ID { ID(bits: UInt(bitPattern: state)) }

    /// The calling thread's state, created on first use.
    ///
    /// A thread-local C pointer (`crelay_current_thread_state`, CRelayThreads) finds it
    /// with one load; the engine's pthread key (``ResolutionEngine/threadKey``) owns it, so
    /// that it is freed when the thread exits (``destroy(_:)``).
    @inline(__always)
    static func current() -> ResolutionThread {
        if let raw = crelay_current_thread_state() {
            return ResolutionThread(state: raw.assumingMemoryBound(to: State.self))
        }
        return makeCurrent()
    }

    @inline(never)
    private static func makeCurrent() -> ResolutionThread {
        let engine = ResolutionEngine.shared
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        pthread_setspecific(engine.threadKey, state)
        crelay_set_current_thread_state(state)
        // Once per process, at its first resolve, and never on a resolve path of its own.
        _ = ForgottenInject.checkedAtFirstResolve
        return ResolutionThread(state: state)
    }

    /// Whether no override layer (`withInjectedDependencies`) exists anywhere.
    @inline(__always)
    var noOverrideActive: Bool {
        ResolutionEngine.activeOverrides.load(ordering: .relaxed) == 0
    }

    /// Whether the code running here sees no override layer, given that a layer exists
    /// somewhere (``noOverrideActive`` is false): the task-local value is `nil`.
    ///
    /// The task-local value is the answer on every thread. Inside a Swift task it is the
    /// task's; on a thread that runs no task it is what a synchronous
    /// `withInjectedDependencies` call on this same thread bound (the runtime keeps such a
    /// binding in thread-local storage, and only that call binds Relay's). The read is not
    /// skipped on threads that run no task: asking whether a task runs here through public
    /// API (`withUnsafeCurrentTask`, whose `UnsafeCurrentTask?` has a resilient layout)
    /// costs more than the read it would spare, and a cached answer would be wrong as soon
    /// as an executor runs a job on this thread. docs/performance.md gives the price.
    ///
    /// While a synchronous `withInjectedDependencies` call runs on this thread the answer
    /// is "no" without the read: the resolve goes to the out-of-line path, which reads the
    /// task-local value once and, finding the call's layer, serves the singleton from the
    /// layer cache. A thread inside no such call pays one read here.
    @inline(__always)
    var seesNoLayer: Bool {
        state.pointee.synchronousLayers == 0 && OverrideContext.current == nil
    }

    /// Frees a thread's state; the thread-local key's destructor.
    static func destroy(_ raw: UnsafeMutableRawPointer) {
        crelay_set_current_thread_state(nil)
        let state = raw.assumingMemoryBound(to: State.self)
        state.pointee.destroy()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // MARK: Cache

    /// Which of the thread's tables (``ThreadTable``) a resolve uses.
    enum Table: Int {
        case main, qualified, layers
    }

    /// The thread's `table`.
    @inline(__always)
    func table(_ table: Table) -> UnsafeMutablePointer<ThreadTable> {
        state.pointee.tables + table.rawValue
    }

    /// What `table` holds for the key (container, type, qualifier, tag; see
    /// ``ThreadTable/Key``), after emptying the table if a registration table changed
    /// since it was filled (`generation`, the engine's now).
    @inline(__always)
    func cached(_ table: Table, container: UInt, type: UInt, qualifier: UInt = 0, tag: String? = nil, generation: UInt) -> ThreadTable.Entry {
        let table = self.table(table)
        if table.pointee.generation != generation { clear(table, generation: generation) }
        return table.pointee.find(container: container, type: type, qualifier: qualifier, tag: tag)
    }

    @inline(never)
    private func clear(_ table: UnsafeMutablePointer<ThreadTable>, generation: UInt) {
        table.pointee.clear(generation: generation) { state.pointee.retire($0) }
    }

    /// What the tables hold for a resolve of `type` in `container` with `tag` and
    /// `argument`: inside layer `layer` (its ``OverrideLayer/id``; 0 for none), the layer's entries (untagged singletons only); with a
    /// tag or an argument, `qualified`; else `main`, then the current unit of work's
    /// entries — unless a debug build must check the resolve for a captive dependency
    /// (``mayCaptureUnitOfWork``). The unit's id is read, not the unit: while the id is
    /// bound, so is the unit, which owns the instance.
    @inline(__always)
    func probe(container: DependencyContainer, type: Any.Type, tag: DependencyTag?, argument: Any.Type?, layer: UInt, generation: UInt) -> ThreadTable.Entry {
        let container = UInt(bitPattern: ObjectIdentifier(container)), type = UInt(bitPattern: ObjectIdentifier(type))
        if layer != 0 {
            guard tag == nil, argument == nil else { return .empty }
            return cached(.layers, container: container, type: type, qualifier: layer, generation: generation)
        }
        if tag != nil || argument != nil {
            let qualifier = argument.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
            return cached(.qualified, container: container, type: type, qualifier: qualifier, tag: tag?.name, generation: generation)
        }
        let entry = cached(.main, container: container, type: type, generation: generation)
        guard entry.kind == .empty, ResolutionEngine.unitOfWorkPossible.load(ordering: .relaxed) != 0, !mayCaptureUnitOfWork else { return entry }
        let unit = UnitOfWorkContext.currentID
        return unit == 0 ? .empty : cached(.layers, container: container, type: type, qualifier: unit, generation: generation)
    }

    /// Keeps `entry` (kept alive by `object`) where `caching` says, unless a registration
    /// table changed since its generation was read (the table is then behind, or cleared
    /// again). Entries in `layers` keep nothing alive (see ``ThreadTable``).
    func cache(_ caching: ResolveCaching, _ entry: ThreadTable.Entry, object: AnyObject?) {
        guard case let .cache(place, key, generation) = caching else { return }
        let table = self.table(place)
        guard table.pointee.generation == generation else { return }
        state.pointee.retire(table.pointee.store(key, entry, object: place == .layers ? nil : object))
    }

    /// Empties the `layers` table (its entries retain nothing), as the last synchronous
    /// `withInjectedDependencies` call on this thread returns.
    func clearLayers() {
        let layers = table(.layers)
        clear(layers, generation: layers.pointee.generation)
    }

    // MARK: Stack

    /// Records that `registration`'s factory is about to run on this thread. Throws when it
    /// is already running here (a cycle), when the chain is implausibly deep (512), or
    /// when this thread's stack has too little room left for another level (``ThreadStack``).
    ///
    /// **What a cycle is.** A registration without an argument is on the stack at most
    /// once: its factory asking for it again, directly or through others, can only ask
    /// forever, and is reported at once as a circular dependency. An argument registration
    /// (`detectsCycles: false`) is not checked: its factory may rightly resolve its own
    /// type with another argument — a tree, a paginated chain — and the argument's value
    /// is not known to be comparable. One that asks for itself with the same argument again
    /// and again is stopped by the depth limit and the stack guard instead, with their
    /// ``DependencyResolutionError/Reason/resolutionTooDeep(limit:)``. A cycle that passes
    /// through a registration without an argument is still reported as a cycle when that
    /// registration comes round again.
    @inline(__always)
    func push(_ registration: Registration, requestedIn scope: DependencyContainerScope, detectsCycles: Bool = true) throws(DependencyResolutionError) {
        try push(Unmanaged.passUnretained(registration), requestedIn: scope, detectsCycles: detectsCycles)
    }

    /// ``push(_:requestedIn:detectsCycles:)`` for a registration the caller keeps alive.
    @inline(__always)
    func push(_ unmanaged: Unmanaged<Registration>, requestedIn scope: DependencyContainerScope, detectsCycles: Bool = true) throws(DependencyResolutionError) {
        let depth = state.pointee.depth
        // The stack first: every other error takes more stack to build. At the first
        // nested level (depth 1) and every fourth after it, out of line: reading the
        // stack address takes the address of a local, which would give every function
        // this is inlined into (the resolve fast path) a stack-protector check; the
        // reserve covers the levels in between. The outermost resolve is never refused.
        if depth & (ThreadStack.checkInterval - 1) == 1 {
            try checkStack(unmanaged, scope: scope)
        }
        let frames = state.pointee.frames
        var i = detectsCycles ? 0 : depth
        while i < depth {
            if frames[i].registration.toOpaque() == unmanaged.toOpaque() { throw cycle(unmanaged.takeUnretainedValue(), at: i, scope: scope) }
            i += 1
        }
        guard depth < Self.maximumDepth else { throw tooDeep(unmanaged.takeUnretainedValue(), scope: scope) }
        (frames + depth).initialize(to: Frame(registration: unmanaged))
        state.pointee.depth = depth + 1
    }

    @inline(never)
    private func cycle(_ registration: Registration, at start: Int, scope: DependencyContainerScope) -> DependencyResolutionError {
        .circularDependency(key: registration.key, scope: scope, chain: chain(appending: registration.key), cycleStart: start, acrossThreads: nil)
    }

    @inline(never)
    private func tooDeep(_ registration: Registration, scope: DependencyContainerScope) -> DependencyResolutionError {
        .tooDeep(key: registration.key, scope: scope, chain: chain(appending: registration.key), limit: Self.maximumDepth)
    }

    @inline(never)
    private func checkStack(_ registration: Unmanaged<Registration>, scope: DependencyContainerScope) throws(DependencyResolutionError) {
        guard ThreadStack.currentAddress() > state.pointee.stackLimit else { throw outOfStack(registration.takeUnretainedValue(), scope: scope) }
    }

    @inline(never)
    private func outOfStack(_ registration: Registration, scope: DependencyContainerScope) -> DependencyResolutionError {
        .tooDeep(key: registration.key, scope: scope, chain: chain(appending: registration.key), limit: state.pointee.depth, stackSize: state.pointee.stackSize)
    }

    @inline(__always)
    func pop() {
        let depth = state.pointee.depth - 1
        state.pointee.depth = depth
        (state.pointee.frames + depth).deinitialize(count: 1)
        if depth == 0, state.pointee.hasRetired { releaseRetired() }
    }

    /// The outermost factory has returned: nothing on this thread uses a retired object.
    @inline(never)
    private func releaseRetired() {
        state.pointee.retired.removeAll()
        state.pointee.hasRetired = false
    }

    // MARK: Outermost resolve

    /// The `graph` instance of `registration` made during the running outermost resolve.
    func graphHolder(for registration: Registration) -> AnyObject? {
        for entry in state.pointee.graphInstances where entry.registration === registration { return entry.holder }
        return nil
    }

    /// Records the `graph` instance of `registration` for the rest of the outermost resolve.
    func storeGraph(_ holder: AnyObject, for registration: Registration) {
        state.pointee.graphInstances.append((registration, holder))
        state.pointee.hasOutermostWork = true
    }

    /// Queues `registration`'s completion hook for `value`, a new instance, to run when the
    /// outermost resolve has built everything.
    func queueCompletion(_ registration: Registration, value: Any) {
        state.pointee.pendingCompletions.append((registration, value))
        state.pointee.hasOutermostWork = true
    }

    /// Records a singleton cell left in `.completing` until the hooks have run.
    func holdCompleting(_ cell: SingletonCell) {
        state.pointee.completingCells.append(cell)
        state.pointee.hasOutermostWork = true
    }

    /// Runs `resolve` — any resolve path that may be outermost — and finishes what an
    /// outermost resolve leaves (graph instances, completion hooks): when `resolve` returns,
    /// ``finishOutermost(scope:)`` (one flag test when there is nothing to finish); when it
    /// throws, ``abandonOutermost()``. Both do nothing for a nested resolve. The one place
    /// a resolve ends.
    @inline(__always)
    func finishingOutermost<R>(scope: DependencyContainerScope, _ resolve: () throws(DependencyResolutionError) -> R) throws(DependencyResolutionError) -> R {
        let value: R
        do {
            value = try resolve()
        } catch {
            abandonOutermost()
            throw error
        }
        if state.pointee.hasOutermostWork { try finishOutermost(scope: scope) }
        return value
    }

    /// ``finishingOutermost(scope:_:)``'s end when a resolve returns (``State/hasOutermostWork`` set): if
    /// this was the outermost resolve on this thread, runs the queued completion hooks
    /// (innermost first, and any queued by resolves inside them), publishes the singletons
    /// that were completing, and drops the graph instances. A hook that throws fails the
    /// resolve: `factoryFailed` naming its registration (a resolution error passes
    /// through), and the singletons that were completing are discarded.
    @inline(never)
    private func finishOutermost(scope: DependencyContainerScope) throws(DependencyResolutionError) {
        guard state.pointee.depth == 0, !state.pointee.runningCompletions else { return }
        if !state.pointee.pendingCompletions.isEmpty {
            state.pointee.runningCompletions = true
            var next = 0
            while next < state.pointee.pendingCompletions.count {
                let (registration, value) = state.pointee.pendingCompletions[next]
                next += 1
                do {
                    try registration.completion?(registration.owner, value)
                } catch {
                    state.pointee.runningCompletions = false
                    let failure = (error as? DependencyResolutionError)
                        ?? .factoryFailed(key: registration.key, scope: scope, chain: [registration.key], registration: registration.origin.description, error: error, inCompletionHook: true)
                    dropOutermostWork(publishing: false)
                    throw failure
                }
            }
            state.pointee.runningCompletions = false
        }
        dropOutermostWork(publishing: true)
    }

    /// ``finishingOutermost(scope:_:)``'s end when a resolve fails: if it was the outermost one, forgets its work (the
    /// singletons that were completing are discarded).
    @inline(never)
    private func abandonOutermost() {
        guard state.pointee.depth == 0, !state.pointee.runningCompletions, state.pointee.hasOutermostWork else { return }
        dropOutermostWork(publishing: false)
    }

    private func dropOutermostWork(publishing: Bool) {
        state.pointee.hasOutermostWork = false
        // Each entry is taken out before it is released (an instance's deinit is user code
        // that may resolve, and so use these arrays); the arrays keep their capacity for
        // the next outermost resolve.
        while let entry = state.pointee.graphInstances.popLast() { withExtendedLifetime(entry) {} }
        while let entry = state.pointee.pendingCompletions.popLast() { withExtendedLifetime(entry) {} }
        var cells: [SingletonCell] = []
        if !state.pointee.completingCells.isEmpty { swap(&cells, &state.pointee.completingCells) }
        var released: [AnyObject] = []
        if !cells.isEmpty {
            SingletonCell.settle {
                for cell in cells {
                    guard case let .completing(_, holder) = cell.state else { continue }
                    cell.state = publishing ? .built(holder) : .empty
                    if !publishing { released.append(holder) }
                }
            }
        }
        withExtendedLifetime(released) {}
    }

    /// The registration whose factory is running innermost on this thread.
    var topRegistration: Registration {
        state.pointee.frames[state.pointee.depth - 1].registration.takeUnretainedValue()
    }

    /// The types whose factories are running on this thread, outermost first, then `key`.
    func chain(appending key: DependencyKey?) -> [DependencyKey] {
        let frames = state.pointee.frames
        var result = (0..<state.pointee.depth).map { frames[$0].registration.takeUnretainedValue().key }
        if let key { result.append(key) }
        return result
    }
}

/// Creates the process-wide `pthread_key_t` behind ``ResolutionThread/current()``
/// (``ResolutionEngine/threadKey``). A thread's state is freed when the thread exits.
enum ThreadKey {
    static func create() -> pthread_key_t {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { raw in ResolutionThread.destroy(raw) }
        #elseif canImport(Glibc) || canImport(Musl)
        let status = pthread_key_create(&key) { raw in
            if let raw { ResolutionThread.destroy(raw) }
        }
        #endif
        precondition(status == 0, "Relay could not create its thread-local key (pthread_key_create returned \(status))")
        return key
    }
}
