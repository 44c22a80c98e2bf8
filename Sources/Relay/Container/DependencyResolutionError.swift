/// Why a dependency could not be resolved, with everything needed to fix it.
///
/// ``DependencyContainer/tryResolve(_:)`` throws it; ``DependencyContainer/resolve(_:file:line:)``
/// stops the program with its ``description``. A failure deep inside a graph reaches the
/// outermost `tryResolve` unchanged, with the whole ``chain`` that led to it, as long as
/// the factories in between use `try container.tryResolve(...)`.
public struct DependencyResolutionError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// No container on the lookup path has a registration for the type.
        case missingRegistration
        /// The registration's factory produced a value of another type.
        case typeMismatch(actualType: String)
        /// Resolving the type needs the type itself. `cycle` lists it from the first
        /// repeated type to its repetition, e.g. `["A", "B", "A"]`. `acrossThreads` is set
        /// when the cycle was closed by two threads each building one side.
        case circularDependency(cycle: [String], acrossThreads: Bool)
        /// The factory threw an error of its own (see ``DependencyResolutionError/underlyingError``).
        case factoryFailed
        /// The chain of nested resolutions exceeded `limit` (a runaway recursion).
        case resolutionTooDeep(limit: Int)
        /// The type is registered with `isolation: MainActor.self` and was resolved off the
        /// main actor. Relay never hops threads to create it.
        case requiresMainActor
    }

    /// What went wrong.
    public let reason: Reason
    /// The fully qualified name of the type that could not be resolved.
    public let requestedType: String
    /// The scope of the container the failing resolve started in.
    public let scope: DependencyContainerScope
    /// The types being resolved when it failed, outermost first, ending with ``requestedType``
    /// (`["MyApp.ViewModel", "MyApp.DataStore", "MyApp.BackendService"]`).
    public let chain: [String]
    /// For a missing registration: registered types with a similar name, and the same
    /// type registered in another scope, each described with where it is registered.
    public let nearMisses: [String]
    /// Where the registration involved was made (`File.swift:12`, or the instruction that
    /// injected it), when one was found.
    public let registration: String?
    /// The error the factory threw, for ``Reason/factoryFailed``.
    public let underlyingError: (any Error)?

    /// The full diagnostic: what failed and where, the dependency chain, near misses, and a
    /// `fix:` line.
    public var description: String {
        var lines: [String] = []
        let place = scope.isGlobal ? "the global container" : "scope '\(scope.name)'"
        switch reason {
        case .missingRegistration:
            let tried = scope.isGlobal
                ? "the global container (it has no fallback)"
                : "scope '\(scope.name)' or in its fallback, the global container"
            lines.append("Relay cannot resolve \(requestedType): no registration in \(tried).")
        case let .typeMismatch(actual):
            lines.append("Relay cannot resolve \(requestedType) in \(place): the factory registered at \(registration ?? "an unknown place") returned \(actual), which is not a \(requestedType).")
        case let .circularDependency(cycle, acrossThreads):
            let across = acrossThreads ? " across threads (another thread is building one side and waiting for the other)" : ""
            lines.append("Relay cannot resolve \(requestedType) in \(place): circular dependency\(across) \(cycle.joined(separator: " → ")).")
        case .factoryFailed:
            let error = underlyingError.map { String(describing: $0) } ?? "an error"
            lines.append("Relay cannot resolve \(requestedType) in \(place): its factory (registered at \(registration ?? "an unknown place")) threw: \(error)")
        case let .resolutionTooDeep(limit):
            lines.append("Relay cannot resolve \(requestedType) in \(place): more than \(limit) nested resolutions; a factory is probably recursing without end.")
        case .requiresMainActor:
            lines.append("Relay cannot resolve \(requestedType) in \(place) here: it is registered on the main actor (at \(registration ?? "an unknown place")), and this resolve ran off the main thread.")
        }
        if chain.count > 1 {
            lines.append("  dependency chain: \(chain.joined(separator: " → "))")
        }
        if !nearMisses.isEmpty {
            lines.append("  near misses: \(nearMisses.joined(separator: "; "))")
        }
        lines.append("  fix: \(fix)")
        return lines.joined(separator: "\n")
    }

    private var fix: String {
        switch reason {
        case .missingRegistration:
            let container = scope.isGlobal ? "DependencyContainer.global" : "DependencyContainer.global (or the '\(scope.name)' scope's container)"
            return "register it before resolving, e.g. \(container).register(\(requestedType).self) { _ in … }"
        case .typeMismatch:
            return "make the factory return a \(requestedType), or index it with add(factory:producing:) so that mismatches are rejected before anything runs."
        case .circularDependency:
            return "break the cycle: let one side resolve the other lazily (after construction, e.g. in a lazy var), or move what both need into a third type."
        case .factoryFailed:
            return "see the factory's error above; it was thrown while creating \(requestedType)."
        case .resolutionTooDeep:
            return "check the factories in the chain above for unbounded recursion."
        case .requiresMainActor:
            return "resolve \(requestedType) from @MainActor code (e.g. inside `await MainActor.run { … }`), or register it without `isolation: MainActor.self` if it is not main-actor bound."
        }
    }

    // MARK: Internal constructors

    static func missing(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], nearMisses: [String]) -> Self {
        Self(reason: .missingRegistration, requestedType: key.typeName, scope: scope, chain: chain.map(\.typeName), nearMisses: nearMisses, registration: nil, underlyingError: nil)
    }

    static func mismatch(requested: Any.Type, actual: Any, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .typeMismatch(actualType: String(reflecting: type(of: actual))), requestedType: String(reflecting: requested), scope: scope, chain: chain.map(\.typeName), nearMisses: [], registration: registration, underlyingError: nil)
    }

    static func circularDependency(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], cycleStart: Int, acrossThreads: [DependencyKey]?) -> Self {
        let names = chain.map(\.typeName)
        var cycle = Array(names[cycleStart...])
        if let acrossThreads { cycle += acrossThreads.map(\.typeName) }
        return Self(reason: .circularDependency(cycle: cycle, acrossThreads: acrossThreads != nil), requestedType: key.typeName, scope: scope, chain: names, nearMisses: [], registration: nil, underlyingError: nil)
    }

    static func offMainActor(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .requiresMainActor, requestedType: key.typeName, scope: scope, chain: chain.map(\.typeName), nearMisses: [], registration: registration, underlyingError: nil)
    }

    static func tooDeep(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], limit: Int) -> Self {
        Self(reason: .resolutionTooDeep(limit: limit), requestedType: key.typeName, scope: scope, chain: chain.map(\.typeName), nearMisses: [], registration: nil, underlyingError: nil)
    }

    static func factoryFailed(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String, error: any Error) -> Self {
        Self(reason: .factoryFailed, requestedType: key.typeName, scope: scope, chain: chain.map(\.typeName), nearMisses: [], registration: registration, underlyingError: error)
    }
}
