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
        /// The chain of nested resolutions reached `limit`: 512 (a runaway recursion), or
        /// fewer on a thread whose stack would not hold another level (the description
        /// then says so) — the resolve stops with this error instead of overflowing the
        /// stack.
        case resolutionTooDeep(limit: Int)
        /// The type is registered with `isolation: MainActor.self` and was resolved off the
        /// main actor. Relay never hops threads to create it.
        case requiresMainActor
        /// The type is registered as a ``LifecycleType/weakSingleton`` and its factory
        /// returned `actualType`, a value type: a weak reference needs a class instance.
        case notAnObject(actualType: String)
        /// The type is registered with a runtime argument of type `expected`
        /// (`register(_:tag:argument:…)`), and was resolved without one (`given` is `nil`)
        /// or with an argument of type `given`.
        case argumentMismatch(expected: String, given: String?)
        /// The type is registered with the ``LifecycleType/unitOfWork`` lifecycle and was
        /// resolved outside any unit of work: open one around the work that needs it with
        /// ``DependencyContainer/withUnitOfWork(_:)`` (a server's middleware, once per
        /// request). A detached task or a thread not started through Swift concurrency
        /// does not inherit the unit of the code that started it.
        case noUnitOfWork
        /// A registration that outlives a unit of work — a ``LifecycleType/singleton``,
        /// ``LifecycleType/weakSingleton`` or ``LifecycleType/eagerSingleton`` — resolves
        /// a ``LifecycleType/unitOfWork`` registration while it is built, directly or
        /// through transient and `graph` registrations: it would keep the first unit's
        /// instance and hand it to every later unit. ``DependencyResolutionError/requestedType``
        /// is the unitOfWork type; the description lists every registration on the way,
        /// with its lifecycle and where it is registered. Reported by the dry runs —
        /// ``DependencyContainer/validate()`` and its variants; a live resolve goes on (a
        /// debug build writes a warning to standard error, once per chain).
        case captiveDependency
    }

    /// What went wrong.
    public var reason: Reason { storage.reason }
    /// The fully qualified name of the type that could not be resolved.
    public var requestedType: String { TypeName.of(storage.requested) }
    /// The tag the failing resolve asked for (`resolve(_:tag:)`); `nil` for an untagged
    /// resolve. Set for a missing registration.
    public var requestedTag: DependencyTag? { storage.tag }
    /// The scope of the container the failing resolve started in.
    public var scope: DependencyContainerScope { storage.scope }
    /// The types being resolved when it failed, outermost first, ending with ``requestedType``
    /// (`["MyApp.ViewModel", "MyApp.DataStore", "MyApp.BackendService"]`).
    public var chain: [String] { storage.chain.map(\.typeName) }
    /// For a missing registration: registered types with a similar name, and the same
    /// type registered in another scope, each described with where it is registered.
    public var nearMisses: [String] { storage.nearMisses }
    /// Where the registration involved was made (`File.swift:12`, or the instruction that
    /// injected it), when one was found.
    public var registration: String? { storage.registration }
    /// The error the factory threw, for ``Reason/factoryFailed``.
    public var underlyingError: (any Error)? { storage.underlyingError }
    /// For a ``Reason/resolutionTooDeep(limit:)`` stopped by the thread's stack rather
    /// than the depth limit: the stack's size in bytes (0 when unknown).
    var stackSize: Int? { storage.stackSize }
    /// For a missing registration: what a layer above knew then that may explain it
    /// (see ``MissingRegistrationHint``); `nil` when nothing.
    var hint: MissingRegistrationHint? { storage.hint }

    /// Everything above, behind one reference. The error travels through every level of
    /// a resolve as a typed throw, and every level reserves room for it on the stack;
    /// one pointer instead of a dozen fields keeps those frames small (in debug builds
    /// that is most of what a nested resolve costs in stack, see `ThreadStack`).
    ///
    /// Type names are kept as types and named only when asked: naming a type can make
    /// the runtime build metadata, which takes more stack than a depth error thrown at
    /// the end of a thread's stack can count on.
    private let storage: Storage

    private final class Storage: Sendable {
        let reason: Reason
        let requested: Any.Type
        let scope: DependencyContainerScope
        let chain: [DependencyKey]
        let nearMisses: [String]
        let registration: String?
        let underlyingError: (any Error)?
        let stackSize: Int?
        let tag: DependencyTag?
        /// For a missing registration: the type of the argument the resolve passed, if any.
        let argument: Any.Type?
        /// For `factoryFailed`: the registration's completion hook threw, not its factory.
        let inCompletionHook: Bool
        let hint: MissingRegistrationHint?
        /// For `captiveDependency`: each registration from the one that outlives the unit
        /// to the unitOfWork one, as `Type (lifecycle, registered at place)`.
        let captiveLinks: [String]

        init(reason: Reason, requested: Any.Type, scope: DependencyContainerScope, chain: [DependencyKey], nearMisses: [String], registration: String?, underlyingError: (any Error)?, stackSize: Int?, tag: DependencyTag?, argument: Any.Type?, inCompletionHook: Bool, hint: MissingRegistrationHint?, captiveLinks: [String]) {
            self.captiveLinks = captiveLinks
            self.tag = tag
            self.argument = argument
            self.inCompletionHook = inCompletionHook
            self.reason = reason
            self.requested = requested
            self.scope = scope
            self.chain = chain
            self.nearMisses = nearMisses
            self.registration = registration
            self.underlyingError = underlyingError
            self.stackSize = stackSize
            self.hint = hint
        }
    }

    private init(reason: Reason, requested: Any.Type, scope: DependencyContainerScope, chain: [DependencyKey], nearMisses: [String], registration: String?, underlyingError: (any Error)?, stackSize: Int?, tag: DependencyTag? = nil, argument: Any.Type? = nil, inCompletionHook: Bool = false, hint: MissingRegistrationHint? = nil, captiveLinks: [String] = []) {
        storage = Storage(reason: reason, requested: requested, scope: scope, chain: chain, nearMisses: nearMisses, registration: registration, underlyingError: underlyingError, stackSize: stackSize, tag: tag, argument: argument, inCompletionHook: inCompletionHook, hint: hint, captiveLinks: captiveLinks)
    }

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
            let argument = storage.argument.map { " with an argument of type \(TypeName.of($0))" } ?? ""
            if let plain = registration {
                // Registered, but not taking the argument given.
                let asked = requestedTag.map { "\(requestedType) tagged '\($0.name)'" } ?? requestedType
                lines.append("Relay cannot resolve \(asked)\(argument): no registration taking an argument in \(tried); it is registered without an argument (at \(plain)).")
            } else if let requestedTag {
                lines.append("Relay cannot resolve \(requestedType) tagged '\(requestedTag.name)'\(argument): no registration with that tag or untagged in \(tried).")
            } else {
                lines.append("Relay cannot resolve \(requestedType)\(argument): no registration in \(tried).")
            }
        case let .typeMismatch(actual):
            lines.append("Relay cannot resolve \(requestedType) in \(place): the factory registered at \(registration ?? "an unknown place") returned \(actual), which is not a \(requestedType).")
        case let .circularDependency(cycle, acrossThreads):
            let across = acrossThreads ? " across threads (another thread is building one side and waiting for the other)" : ""
            lines.append("Relay cannot resolve \(requestedType) in \(place): circular dependency\(across) \(cycle.joined(separator: " → ")).")
        case .factoryFailed:
            let error = underlyingError.map { String(describing: $0) } ?? "an error"
            let thrower = storage.inCompletionHook ? "its completion hook" : "its factory"
            lines.append("Relay cannot resolve \(requestedType) in \(place): \(thrower) (registered at \(registration ?? "an unknown place")) threw: \(error)")
        case let .resolutionTooDeep(limit):
            if let stackSize {
                let size = stackSize > 0 ? "\(stackSize / 1024) KiB" : "its size unknown"
                lines.append("Relay cannot resolve \(requestedType) in \(place): after \(limit) nested resolutions this thread's stack (\(size)) has too little room left for another; resolving it could crash.")
            } else {
                lines.append("Relay cannot resolve \(requestedType) in \(place): more than \(limit) nested resolutions; a factory is probably recursing without end.")
            }
        case .requiresMainActor:
            lines.append("Relay cannot resolve \(requestedType) in \(place) here: it is registered on the main actor (at \(registration ?? "an unknown place")), and this resolve ran off the main thread.")
        case let .argumentMismatch(expected, given):
            let how = given.map { "with an argument of type \($0)" } ?? "without an argument"
            lines.append("Relay cannot resolve \(requestedType) in \(place) \(how): it is registered (at \(registration ?? "an unknown place")) with an argument of type \(expected).")
        case .noUnitOfWork:
            lines.append("Relay cannot resolve \(requestedType) in \(place): it is registered as unitOfWork (at \(registration ?? "an unknown place")), one instance per unit of work, and this resolve ran outside any unit of work.")
        case .captiveDependency:
            let outliving = storage.captiveLinks.first ?? "a singleton"
            lines.append("Relay: \(outliving) outlives a unit of work, but is built from \(requestedType), registered as unitOfWork: it would keep the first unit's instance and hand it to every later unit.")
            lines.append("  registrations: \(storage.captiveLinks.joined(separator: " → "))")
        case let .notAnObject(actual):
            lines.append("Relay cannot resolve \(requestedType) in \(place): it is registered as a weakSingleton (at \(registration ?? "an unknown place")), and its factory returned \(actual), which is not a class instance; the container can only hold a class instance weakly.")
        }
        if chain.count > 1 {
            lines.append("  dependency chain: \(chain.joined(separator: " → "))")
        }
        if !nearMisses.isEmpty {
            lines.append("  near misses: \(nearMisses.joined(separator: "; "))")
        }
        if let hint {
            lines.append("  note: \(hint.note)")
        }
        lines.append("  fix: \(fix)")
        return lines.joined(separator: "\n")
    }

    private var fix: String {
        switch reason {
        case .missingRegistration:
            if registration != nil, let argument = storage.argument {
                return "resolve it without an argument, or register it with one: register(\(requestedType).self, argument: \(TypeName.of(argument)).self) { container, argument in … }"
            }
            let container = scope.isGlobal ? "DependencyContainer.global" : "DependencyContainer.global (or the '\(scope.name)' scope's container)"
            let register = "register it before resolving, e.g. \(container).register(\(requestedType).self) { _ in … }"
            if let hint {
                return "\(hint.fix); otherwise \(register)"
            }
            return register
        case .typeMismatch:
            return "make the factory return a \(requestedType), or index it with add(factory:producing:) so that mismatches are rejected before anything runs."
        case .circularDependency:
            return "break the cycle: let one side resolve the other lazily (after construction, e.g. in a lazy var), or move what both need into a third type."
        case .factoryFailed:
            return storage.inCompletionHook
                ? "see the hook's error above; it was thrown while completing \(requestedType) (register(…, completing:))."
                : "see the factory's error above; it was thrown while creating \(requestedType)."
        case .resolutionTooDeep:
            if stackSize != nil {
                return "resolve on a thread with a larger stack, or shorten the chain (let a type resolve a dependency lazily, after construction)."
            }
            return "check the factories in the chain above for unbounded recursion."
        case let .argumentMismatch(expected, _):
            return "pass the argument: resolve(\(requestedType).self, argument: …) with a value of type \(expected)."
        case .noUnitOfWork:
            return "resolve \(requestedType) inside DependencyContainer.withUnitOfWork { … } (e.g. opened by a server's middleware for each request, or around a job); Task.detached and threads started outside Swift concurrency do not inherit it."
        case .captiveDependency:
            return "resolve \(requestedType) where it is used, inside the unit of work (not in the factory), or give the registrations above it a lifecycle no longer than the unit's (unitOfWork, transient or graph); if \(requestedType) holds nothing per unit, register it as a singleton."
        case .notAnObject:
            return "make the factory return a class instance, or register \(requestedType) as a singleton or transient."
        case .requiresMainActor:
            return "resolve \(requestedType) from @MainActor code (e.g. inside `await MainActor.run { … }`), or register it without `isolation: MainActor.self` if it is not main-actor bound."
        }
    }

    // MARK: Internal constructors

    /// Asks ``MissingRegistrationHint/provider`` for a hint (it takes only its own leaf
    /// lock, so the engine lock may be held). `argument` is the type of the argument the
    /// resolve passed; `registration`, where the type is registered without one.
    static func missing(key: DependencyKey, tag: DependencyTag? = nil, argument: Any.Type? = nil, registration: String? = nil, scope: DependencyContainerScope, chain: [DependencyKey], nearMisses: [String], hint: MissingRegistrationHint? = MissingRegistrationHint.current()) -> Self {
        Self(reason: .missingRegistration, requested: key.type, scope: scope, chain: chain, nearMisses: nearMisses, registration: registration, underlyingError: nil, stackSize: nil, tag: tag, argument: argument, hint: hint)
    }

    package static func mismatch(requested: Any.Type, actual: Any, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .typeMismatch(actualType: TypeName.of(type(of: actual))), requested: requested, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil)
    }

    static func circularDependency(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], cycleStart: Int, acrossThreads: [DependencyKey]?) -> Self {
        let names = chain.map(\.typeName)
        var cycle = Array(names[cycleStart...])
        if let acrossThreads { cycle += acrossThreads.map(\.typeName) }
        return Self(reason: .circularDependency(cycle: cycle, acrossThreads: acrossThreads != nil), requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: nil, underlyingError: nil, stackSize: nil)
    }

    static func notAnObject(requested: Any.Type, actual: Any, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .notAnObject(actualType: TypeName.of(type(of: actual))), requested: requested, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil)
    }

    static func argumentMismatch(key: DependencyKey, tag: DependencyTag?, expected: Any.Type, given: Any.Type?, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .argumentMismatch(expected: TypeName.of(expected), given: given.map { TypeName.of($0) }), requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil, tag: tag)
    }

    static func noUnitOfWork(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .noUnitOfWork, requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil)
    }

    /// `links` describe the registrations from the outliving one to the unitOfWork one.
    static func captiveDependency(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String, links: [String]) -> Self {
        Self(reason: .captiveDependency, requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil, captiveLinks: links)
    }

    static func offMainActor(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(reason: .requiresMainActor, requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: nil, stackSize: nil)
    }

    /// `stackSize` is set (0 when unknown) when the thread's stack, not the depth limit,
    /// stopped the chain.
    static func tooDeep(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], limit: Int, stackSize: Int? = nil) -> Self {
        Self(reason: .resolutionTooDeep(limit: limit), requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: nil, underlyingError: nil, stackSize: stackSize)
    }

    static func factoryFailed(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String, error: any Error, inCompletionHook: Bool = false) -> Self {
        Self(reason: .factoryFailed, requested: key.type, scope: scope, chain: chain, nearMisses: [], registration: registration, underlyingError: error, stackSize: nil, inCompletionHook: inCompletionHook)
    }
}

/// What a layer above the containers knows, when a resolve finds no registration, that
/// may explain it — today, that an index which fills itself has not been filled, so the
/// registrations in its `prepare` closure have not run. The containers know nothing of
/// indexes: the dynamic-injection layer installs ``provider`` (`UnfilledIndexes`), and
/// the error shows ``note`` and puts ``fix`` before its own.
package struct MissingRegistrationHint: Sendable, Equatable {
    /// Shown as `note: …`, after the near misses.
    var note: String
    /// Put before the usual fix.
    var fix: String

    package init(note: String, fix: String) {
        self.note = note
        self.fix = fix
    }

    /// Installed once by a layer above; called for every missing registration, possibly
    /// with the engine lock held. It must be quick, take no lock but leaf locks of its
    /// own, and never resolve, register or wait.
    package static let provider = LockedState<(@Sendable () -> MissingRegistrationHint?)?>(nil)

    /// The hint of the installed provider; without one (no index that fills itself was
    /// ever made), ``ForgottenInject/missingRegistrationHint()``.
    static func current() -> MissingRegistrationHint? {
        guard let installed = provider.withLock({ $0 }) else { return ForgottenInject.missingRegistrationHint() }
        return installed()
    }
}
