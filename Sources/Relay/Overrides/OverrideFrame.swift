/// One active `withInjectedDependencies` scope: its registrations and its own singletons.
///
/// `@unchecked Sendable` is safe: `registrations` and `parent` are immutable after init,
/// and `cells` is only touched with `ResolutionEngine.shared.lock` held.
final class OverrideFrame: @unchecked Sendable {
    struct Key: Hashable {
        let scope: DependencyContainerScope
        let key: DependencyKey
    }

    let parent: OverrideFrame?
    let registrations: [Key: Registration]
    /// Singletons created while this frame is innermost, by registration identity. They
    /// die with the frame, so nothing created under an override leaks out of it.
    private var cells: [ObjectIdentifier: (registration: Registration, cell: SingletonCell)] = [:]

    init(parent: OverrideFrame?, registrations: [Key: Registration]) {
        self.parent = parent
        self.registrations = registrations
    }

    /// The override registration for `key` seen from a container of `scope`: this frame's
    /// scoped one, then its global one, then the enclosing frames'. Call with the lock held.
    func registration(for key: DependencyKey, scope: DependencyContainerScope) -> Registration? {
        var frame: OverrideFrame? = self
        while let current = frame {
            if let found = current.registrations[Key(scope: scope, key: key)] { return found }
            if !scope.isGlobal, let found = current.registrations[Key(scope: .global, key: key)] { return found }
            frame = current.parent
        }
        return nil
    }

    /// This frame's singleton cell for `registration`. Call with the lock held.
    func cell(for registration: Registration) -> SingletonCell {
        let id = ObjectIdentifier(registration)
        if let entry = cells[id] { return entry.cell }
        let cell = SingletonCell(key: registration.key)
        // Keeping the registration alive keeps its identity from being reused.
        cells[id] = (registration, cell)
        return cell
    }
}

enum OverrideContext {
    @TaskLocal static var current: OverrideFrame?
}
