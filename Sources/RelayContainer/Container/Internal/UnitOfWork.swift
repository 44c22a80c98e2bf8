/// One `withUnitOfWork` block, as the engine sees it: the cells of the
/// ``LifecycleType/unitOfWork`` instances made inside it.
///
/// **Who sees a unit.** Like an ``OverrideLayer``, the unit lives in a task-local value
/// (``UnitOfWorkContext/current``): the code inside the block sees it, and so does every
/// task that inherits it — child tasks, `async let`, task groups, and a `Task { }` made
/// inside, which keeps the unit (and its instances) alive until it ends. The instances are
/// released with the unit: when the block returns, if no task that inherited it is still
/// running. A block opened inside another opens a new unit, which hides the outer one.
///
/// **Once per unit.** An instance is built exactly like a singleton — the cell's state
/// machine, the wait-for graph, the cycle checks — but in this unit's cell, so two tasks
/// of one unit that resolve the type at the same moment get one instance: the first
/// builds it, the other waits (``DependencyContainer/claim(_:for:thread:)``).
///
/// **Under an override layer.** A cell is kept by registration *and* by the innermost
/// override layer it was resolved in (0 for none): an instance built with a test's
/// overrides is never handed to code outside that layer, as a layer's singletons are not.
///
/// `@unchecked Sendable` is safe: `id` is immutable after init, and `cells` is only
/// touched with `ResolutionEngine.shared.lock` held (every caller of ``cell(for:layer:)``
/// holds it: a resolve's plan, ``DependencyContainer/plan(_:tag:argument:overrides:thread:generation:registration:)``).
final class UnitOfWork: @unchecked Sendable {
    struct CellKey: Hashable {
        let registration: ObjectIdentifier
        /// ``OverrideLayer/id`` of the layer the instance was resolved in; 0 for none.
        let layer: UInt
    }

    /// Never reused, and drawn from the same counter as ``OverrideLayer/id``, so a
    /// thread's `layers` table can key this unit's instances by it
    /// (``ResolutionThread/probe(container:type:tag:argument:layer:generation:)``).
    let id: UInt
    private var cells: [CellKey: (registration: Registration, cell: SingletonCell)] = [:]

    init() {
        id = ResolutionEngine.layersMade.add(1, ordering: .relaxed).newValue
    }

    /// This unit's cell for `registration` resolved inside layer `layer` (0: none). Call
    /// with the lock held.
    func cell(for registration: Registration, layer: UInt) -> SingletonCell {
        let key = CellKey(registration: ObjectIdentifier(registration), layer: layer)
        if let entry = cells[key] { return entry.cell }
        let cell = SingletonCell(key: registration.key)
        // Keeping the registration alive keeps its identity from being reused.
        cells[key] = (registration, cell)
        return cell
    }
}

/// The innermost unit of work of the current task.
enum UnitOfWorkContext {
    @TaskLocal static var current: UnitOfWork?
    /// ``current``'s ``UnitOfWork/id`` (0: none), bound with it. The resolve path reads
    /// this one to find a cached instance: a trivial value, so the read retains and
    /// releases nothing, which reading the unit itself would.
    /// While it is bound, ``current`` is bound to that unit, which keeps it alive.
    @TaskLocal static var currentID: UInt = 0
}

extension ResolutionEngine {
    /// Runs `operation` inside a new unit of work, bound as the task-local value so that
    /// tasks created inside inherit it.
    func withUnitOfWork<Result>(operation: () throws -> Result) rethrows -> Result {
        let unit = UnitOfWork()
        // Only after the binding is gone may the unit die: its instances' deinits may
        // resolve, and must not find the unit still installed.
        defer { withExtendedLifetime(unit) {} }
        return try UnitOfWorkContext.$current.withValue(unit) {
            try UnitOfWorkContext.$currentID.withValue(unit.id, operation: operation)
        }
    }

    /// The `async` form of ``withUnitOfWork(operation:)``.
    func withUnitOfWork<Result>(
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let unit = UnitOfWork()
        defer { withExtendedLifetime(unit) {} }
        return try await UnitOfWorkContext.$current.withValue(unit, operation: {
            try await UnitOfWorkContext.$currentID.withValue(unit.id, operation: operation, isolation: isolation)
        }, isolation: isolation)
    }
}
