/// One `withInjectedDependencies` call, as the engine sees it: a layer of registrations
/// consulted before the containers' own, with its own singletons. A look-up walks from
/// the innermost layer out through ``parent``.
///
/// **Who sees a layer.** The layer lives in a task-local value, so it is seen by the code
/// inside the call and by every task that inherited it — including a `Task { }` created
/// inside that runs after the call returned. So the engine counts *live layers*
/// (``ResolutionEngine/activeOverrides``, decremented in `deinit`), not running calls: an
/// escaped task keeps its layer alive and the count above zero. While the count is zero
/// no layer exists anywhere and resolving skips the task-local read.
///
/// `@unchecked Sendable` is safe: `id`, `registrations` and `parent` are immutable, and
/// `cells` is only touched with `ResolutionEngine.shared.lock` held (by ``cell(for:)``'s
/// one caller, the plan).
final class OverrideLayer: @unchecked Sendable {
    /// Never reused (unlike the layer's address), so a per-thread cache entry made for a
    /// layer is never mistaken for one of a later layer.
    let id: UInt
    let parent: OverrideLayer?
    let registrations: [Slot<DependencyKey>: Registration]
    /// Singletons created while this layer is innermost, by registration identity. They
    /// die with the layer, so nothing created under an override leaks out of it.
    private var cells: [ObjectIdentifier: (registration: Registration, cell: SingletonCell, drops: UInt)] = [:]
    /// Cells replaced because their registration's instances were dropped
    /// (``Registration/dropInstance()``) while this layer lived: kept until the layer dies,
    /// since ``cell(for:)`` runs with the lock held and releasing one may run user code.
    private var droppedCells: [SingletonCell] = []

    private init(parent: OverrideLayer?, registrations: [Slot<DependencyKey>: Registration]) {
        self.parent = parent
        self.registrations = registrations
        id = ResolutionEngine.layersMade.add(1, ordering: .relaxed).newValue
        ResolutionEngine.activeOverrides.add(1, ordering: .relaxed)
        #if DEBUG
        LayerFallThroughWarning.layerMade(stubbing: stubbedTypes)
        #endif
    }

    deinit {
        #if DEBUG
        LayerFallThroughWarning.layerGone(stubbing: stubbedTypes)
        #endif
        ResolutionEngine.activeOverrides.subtract(1, ordering: .relaxed)
    }

    /// The types this layer registers, whatever the scope, tag or argument.
    private var stubbedTypes: Set<DependencyKey> { Set(registrations.keys.map(\.type)) }

    /// The override registration for `slot` (type, exact tag and argument type) seen from
    /// a container of the slot's scope: this layer's scoped one, then its global one, then
    /// the enclosing layers'. Call with the lock held.
    func registration(for slot: Slot<DependencyKey>) -> Registration? {
        let global = Slot(scope: .global, type: slot.type, tag: slot.tag, argument: slot.argument)
        var layer: OverrideLayer? = self
        while let current = layer {
            if let found = current.registrations[slot] ?? (slot.scope.isGlobal ? nil : current.registrations[global]) { return found }
            layer = current.parent
        }
        return nil
    }

    /// This layer's singleton cell for `registration`. Call with the lock held.
    func cell(for registration: Registration) -> SingletonCell {
        let id = ObjectIdentifier(registration)
        if let entry = cells[id] {
            if entry.drops == registration.instancesDropped { return entry.cell }
            droppedCells.append(entry.cell)
        }
        let cell = SingletonCell(key: registration.key)
        // Keeping the registration alive keeps its identity from being reused.
        cells[id] = (registration, cell, registration.instancesDropped)
        return cell
    }

    /// A layer over the current one holding `requests`; a later request replaces an
    /// earlier one for the same scope, type, tag and argument type.
    static func stacked(on parent: OverrideLayer?, _ requests: [RegistrationRequest]) -> OverrideLayer {
        var registrations: [Slot<DependencyKey>: Registration] = [:]
        let engine = ResolutionEngine.shared
        for request in requests {
            registrations[request.slot] = request.makeRegistration(owner: engine.container(for: request.scope))
        }
        return OverrideLayer(parent: parent, registrations: registrations)
    }
}

/// The innermost override layer of the current task.
enum OverrideContext {
    @TaskLocal static var current: OverrideLayer?
}

extension ResolutionEngine {
    /// Runs `operation` with `requests` as an override layer over the current one, bound as
    /// the task-local value.
    package func withOverrides<Result>(_ requests: [RegistrationRequest], operation: () throws -> Result) rethrows -> Result {
        try withLayer(OverrideLayer.stacked(on: OverrideContext.current, requests), operation: operation)
    }

    /// Runs `operation` with `layer` as the innermost layer. While it runs, this thread
    /// counts it (``ResolutionThread/State/synchronousLayers``), so that its resolves read
    /// the layer without asking (``ResolutionThread/seesNoLayer``).
    func withLayer<Result>(_ layer: OverrideLayer, operation: () throws -> Result) rethrows -> Result {
        let thread = ResolutionThread.current()
        thread.synchronousLayers += 1
        defer {
            thread.synchronousLayers -= 1
            if thread.synchronousLayers == 0 { thread.clearLayers() }
            // Only now may the layer die: its deinit can release singletons whose own
            // deinit resolves, which must not find the layer still installed here.
            withExtendedLifetime(layer) {}
        }
        return try OverrideContext.$current.withValue(layer, operation: operation)
    }

    /// The `async` form of ``withOverrides(_:operation:)``.
    package func withOverrides<Result>(
        _ requests: [RegistrationRequest],
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let layer = OverrideLayer.stacked(on: OverrideContext.current, requests)
        return try await OverrideContext.$current.withValue(layer, operation: operation, isolation: isolation)
    }
}
