/// One `withUnitOfWork` block, as the engine sees it: the cells of the
/// ``LifecycleType/unitOfWork`` instances made inside it.
///
/// Like an ``OverrideLayer``, the unit lives in a task-local value: every task that
/// inherits it sees it, and a `Task { }` made inside keeps it (and its instances) alive
/// until it ends. An instance is built exactly like a singleton, in this unit's cell
/// (``DependencyContainer/claim(_:for:thread:)``), so two tasks of one unit get one
/// instance. A cell is kept by registration *and* by the innermost override layer it was
/// resolved in (0 for none): an instance built with a test's overrides never leaves that
/// layer.
///
/// `@unchecked Sendable` is safe: `id` is immutable, and `cells` is only touched with
/// `ResolutionEngine.shared.lock` held (by ``cell(for:layer:)``'s one caller, the plan: ``DependencyContainer/plan(_:tag:argument:overrides:thread:generation:registration:)``).
final class UnitOfWork: @unchecked Sendable {
    struct CellKey: Hashable {
        let registration: ObjectIdentifier
        /// ``OverrideLayer/id`` of the layer the instance was resolved in; 0 for none.
        let layer: UInt
    }

    /// Never reused, and drawn from the same counter as ``OverrideLayer/id``, so that the
    /// per-thread `layers` table can key this unit's instances by it.
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
    /// ``current``'s ``UnitOfWork/id`` (0: none), bound with it: what the resolve path
    /// reads, since reading a trivial value retains and releases nothing.
    @TaskLocal static var currentID: UInt = 0
}
