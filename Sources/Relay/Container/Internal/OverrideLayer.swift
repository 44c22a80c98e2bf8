/// One active `withInjectedDependencies` call, as the engine sees it: a layer of
/// registrations consulted before the containers' own, with its own singletons.
///
/// Layers nest: each knows the layer that was active when it was installed (``parent``),
/// and a look-up walks from the innermost layer outwards.
///
/// `@unchecked Sendable` is safe: `registrations` and `parent` are immutable after init,
/// and `cells` is only touched with `ResolutionEngine.shared.lock` held (every caller of
/// ``cell(for:)`` holds it: the resolve slow path takes it before looking up).
final class OverrideLayer: @unchecked Sendable {
    struct Key: Hashable {
        let scope: DependencyContainerScope
        let key: DependencyKey
    }

    let parent: OverrideLayer?
    let registrations: [Key: Registration]
    /// Singletons created while this layer is innermost, by registration identity. They
    /// die with the layer, so nothing created under an override leaks out of it.
    private var cells: [ObjectIdentifier: (registration: Registration, cell: SingletonCell)] = [:]

    private init(parent: OverrideLayer?, registrations: [Key: Registration]) {
        self.parent = parent
        self.registrations = registrations
    }

    /// The override registration for `key` seen from a container of `scope`: this layer's
    /// scoped one, then its global one, then the enclosing layers'. Call with the lock held.
    func registration(for key: DependencyKey, scope: DependencyContainerScope) -> Registration? {
        var layer: OverrideLayer? = self
        while let current = layer {
            if let found = current.registrations[Key(scope: scope, key: key)] { return found }
            if !scope.isGlobal, let found = current.registrations[Key(scope: .global, key: key)] { return found }
            layer = current.parent
        }
        return nil
    }

    /// This layer's singleton cell for `registration`. Call with the lock held.
    func cell(for registration: Registration) -> SingletonCell {
        let id = ObjectIdentifier(registration)
        if let entry = cells[id] { return entry.cell }
        let cell = SingletonCell(key: registration.key)
        // Keeping the registration alive keeps its identity from being reused.
        cells[id] = (registration, cell)
        return cell
    }

    /// A layer over the current one holding `requests`; a later request replaces an
    /// earlier one for the same scope and type.
    static func stacked(on parent: OverrideLayer?, _ requests: [RegistrationRequest]) -> OverrideLayer {
        var registrations: [Key: Registration] = [:]
        let engine = ResolutionEngine.shared
        for request in requests {
            registrations[Key(scope: request.scope, key: request.key)] = request.makeRegistration(owner: engine.container(for: request.scope))
        }
        return OverrideLayer(parent: parent, registrations: registrations)
    }
}

/// The innermost override layer of the current task.
enum OverrideContext {
    @TaskLocal static var current: OverrideLayer?
}

extension ResolutionEngine {
    /// Runs `operation` with `requests` as an override layer over the current one.
    func withOverrides<Result>(_ requests: [RegistrationRequest], operation: () throws -> Result) rethrows -> Result {
        let layer = OverrideLayer.stacked(on: OverrideContext.current, requests)
        Self.activeOverrides.add(1, ordering: .relaxed)
        defer { Self.activeOverrides.subtract(1, ordering: .relaxed) }
        return try OverrideContext.$current.withValue(layer, operation: operation)
    }

    /// The `async` form of ``withOverrides(_:operation:)``.
    func withOverrides<Result>(
        _ requests: [RegistrationRequest],
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let layer = OverrideLayer.stacked(on: OverrideContext.current, requests)
        Self.activeOverrides.add(1, ordering: .relaxed)
        defer { Self.activeOverrides.subtract(1, ordering: .relaxed) }
        return try await OverrideContext.$current.withValue(layer, operation: operation, isolation: isolation)
    }
}
