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
        /// resolved outside any ``DependencyContainer/withUnitOfWork(_:)`` block (a detached
        /// task or a thread not started through Swift concurrency does not inherit one).
        case noUnitOfWork
        /// A registration that outlives a unit of work — a ``LifecycleType/singleton``,
        /// ``LifecycleType/weakSingleton`` or ``LifecycleType/eagerSingleton`` — resolves
        /// a ``LifecycleType/unitOfWork`` registration while it is built, directly or
        /// through transient and `graph` registrations: it would keep the first unit's
        /// instance for every later unit. ``DependencyResolutionError/requestedType`` is the
        /// unitOfWork type; the description lists every registration on the way. Reported by
        /// ``DependencyContainer/validate()``; a live resolve goes on (a debug build warns
        /// once per chain).
        case captiveDependency
        /// A factory indexed with `add(factory:producing:)` produces a type that no type
        /// key of its index is indexed as, so no instruction can bind it (an instruction's
        /// factory must produce exactly the type its type key names).
        /// ``DependencyResolutionError/requestedType`` is the type it produces; `typeKey` is
        /// the type key its key is named for (`MyApp.Backend` for `MyApp.Backend.Stub`), if
        /// any, and `indexedAs` the type that key is indexed as — often the concrete class
        /// where code resolves the protocol the factory produces. Reported by
        /// `DynamicDependencyIndex.validate()`.
        case factoryForNoTypeKey(typeKey: String?, indexedAs: String?)
    }

    /// What went wrong.
    public var reason: Reason {
        switch storage.kind {
        case .missingRegistration: .missingRegistration
        case let .typeMismatch(actualType): .typeMismatch(actualType: actualType)
        case let .circularDependency(cycle, acrossThreads): .circularDependency(cycle: cycle, acrossThreads: acrossThreads)
        case .factoryFailed: .factoryFailed
        case let .resolutionTooDeep(limit, _): .resolutionTooDeep(limit: limit)
        case .requiresMainActor: .requiresMainActor
        case let .notAnObject(actualType): .notAnObject(actualType: actualType)
        case let .argumentMismatch(expected, given, _): .argumentMismatch(expected: expected, given: given)
        case .noUnitOfWork: .noUnitOfWork
        case .captiveDependency: .captiveDependency
        case let .factoryForNoTypeKey(typeKey, indexedAs): .factoryForNoTypeKey(typeKey: typeKey, indexedAs: indexedAs)
        }
    }
    /// The fully qualified name of the type that could not be resolved.
    public var requestedType: String { TypeName.of(storage.requested) }
    /// The tag the failing resolve asked for (`resolve(_:tag:)`); `nil` for an untagged
    /// resolve. Set for a missing registration and an argument mismatch.
    public var requestedTag: DependencyTag? {
        switch storage.kind {
        case let .missingRegistration(tag, _, _, _), let .argumentMismatch(_, _, tag): tag
        default: nil
        }
    }
    /// The scope of the container the failing resolve started in.
    public var scope: DependencyContainerScope { storage.scope }
    /// The types being resolved when it failed, outermost first, ending with ``requestedType``
    /// (`["MyApp.ViewModel", "MyApp.DataStore", "MyApp.BackendService"]`).
    public var chain: [String] { storage.chain.map(\.typeName) }
    /// For a missing registration: registered types with a similar name, and the same
    /// type registered in another scope, each described with where it is registered.
    public var nearMisses: [String] {
        if case let .missingRegistration(_, _, nearMisses, _) = storage.kind { nearMisses } else { [] }
    }
    /// Where the registration involved was made (`File.swift:12`, or the instruction that
    /// injected it), when one was found.
    public var registration: String? { storage.registration }
    /// The error the factory threw, for ``Reason/factoryFailed``.
    public var underlyingError: (any Error)? {
        if case let .factoryFailed(error, _) = storage.kind { error } else { nil }
    }
    /// For a missing registration: what a layer above knew then that may explain it
    /// (see ``MissingRegistrationHint``); `nil` when nothing.
    var hint: MissingRegistrationHint? {
        if case let .missingRegistration(_, _, _, hint) = storage.kind { hint } else { nil }
    }

    /// Everything above, behind one reference: every level of a resolve reserves stack
    /// room for its typed throw, and one pointer keeps those frames small. Types are named
    /// only when asked: naming one can make the runtime build metadata, which takes more
    /// stack than a depth error thrown at the end of a thread's stack can count on.
    private let storage: Storage

    private final class Storage: Sendable {
        let kind: Kind
        let requested: Any.Type
        let scope: DependencyContainerScope
        let chain: [DependencyKey]
        let registration: String?

        init(_ kind: Kind, requested: Any.Type, scope: DependencyContainerScope, chain: [DependencyKey], registration: String?) {
            (self.kind, self.requested, self.scope, self.chain, self.registration) = (kind, requested, scope, chain, registration)
        }
    }

    /// A ``Reason`` with its values, and those only its description reads.
    private enum Kind: Sendable {
        /// `argument`: the type of the argument the resolve passed, if any.
        case missingRegistration(tag: DependencyTag?, argument: Any.Type?, nearMisses: [String], hint: MissingRegistrationHint?)
        case typeMismatch(actualType: String)
        case circularDependency(cycle: [String], acrossThreads: Bool)
        /// `inCompletionHook`: the registration's completion hook threw, not its factory.
        case factoryFailed(error: any Error, inCompletionHook: Bool)
        /// `stackSize`: see ``DependencyResolutionError/tooDeep(key:scope:chain:limit:stackSize:)``.
        case resolutionTooDeep(limit: Int, stackSize: Int?)
        case requiresMainActor
        case notAnObject(actualType: String)
        case argumentMismatch(expected: String, given: String?, tag: DependencyTag?)
        case noUnitOfWork
        /// `links`: each registration from the one that outlives the unit to the
        /// unitOfWork one, as `Type (lifecycle, registered at place)`.
        case captiveDependency(links: [String])
        case factoryForNoTypeKey(typeKey: String?, indexedAs: String?)
    }

    private init(_ kind: Kind, requested: Any.Type, scope: DependencyContainerScope, chain: [DependencyKey], registration: String?) {
        storage = Storage(kind, requested: requested, scope: scope, chain: chain, registration: registration)
    }

    /// The full diagnostic: what failed and where, the dependency chain, near misses, and a
    /// `fix:` line.
    public var description: String {
        let type = requestedType
        let place = scope.isGlobal ? "the global container" : "scope '\(scope.name)'"
        let cannot = "Relay cannot resolve \(type) in \(place)"
        let registered = registration ?? "an unknown place"
        // `what` may take several lines; `notes` follow the dependency chain.
        let what: String, fix: String
        var notes: [String] = []
        switch storage.kind {
        case let .missingRegistration(tag, argument, nearMisses, hint):
            let tried = scope.isGlobal
                ? "the global container (it has no fallback)"
                : "scope '\(scope.name)' or in its fallback, the global container"
            let asked = "\(type)\(tag.map { " tagged '\($0.name)'" } ?? "")\(argument.map { " with an argument of type \(TypeName.of($0))" } ?? "")"
            if let plain = registration {
                // Registered, but not taking the argument given.
                what = "Relay cannot resolve \(asked): no registration taking an argument in \(tried); it is registered without an argument (at \(plain))."
            } else if tag != nil {
                what = "Relay cannot resolve \(asked): no registration with that tag or untagged in \(tried)."
            } else {
                what = "Relay cannot resolve \(asked): no registration in \(tried)."
            }
            if !nearMisses.isEmpty { notes.append("  near misses: \(nearMisses.joined(separator: "; "))") }
            if let hint { notes.append("  note: \(hint.note)") }
            if registration != nil, let argument {
                fix = "resolve it without an argument, or register it with one: register(\(type).self, argument: \(TypeName.of(argument)).self) { container, argument in … }"
            } else {
                let container = scope.isGlobal ? "DependencyContainer.global" : "DependencyContainer.global (or the '\(scope.name)' scope's container)"
                let register = "register it before resolving, e.g. \(container).register(\(type).self) { _ in … }"
                fix = hint.map { "\($0.fix); otherwise \(register)" } ?? register
            }
        case let .typeMismatch(actual):
            what = "\(cannot): the factory registered at \(registered) returned \(actual), which is not a \(type)."
            fix = "make the factory return a \(type), or index it with add(factory:producing:) so that mismatches are rejected before anything runs."
        case let .circularDependency(cycle, acrossThreads):
            let across = acrossThreads ? " across threads (another thread is building one side and waiting for the other)" : ""
            what = "\(cannot): circular dependency\(across) \(cycle.joined(separator: " → "))."
            fix = "break the cycle: let one side resolve the other lazily (after construction, e.g. in a lazy var), or move what both need into a third type."
        case let .factoryFailed(error, inCompletionHook):
            what = "\(cannot): \(inCompletionHook ? "its completion hook" : "its factory") (registered at \(registered)) threw: \(error)"
            fix = inCompletionHook
                ? "see the hook's error above; it was thrown while completing \(type) (register(…, completing:))."
                : "see the factory's error above; it was thrown while creating \(type)."
        case let .resolutionTooDeep(limit, stackSize?):
            let size = stackSize > 0 ? "\(stackSize / 1024) KiB" : "its size unknown"
            what = limit <= 1
                // The first nested resolve: the stack is smaller than the guard's reserve.
                ? "\(cannot): this thread's stack (\(size)) is too small for a resolve inside a factory; resolving it could crash."
                : "\(cannot): after \(limit) nested resolutions this thread's stack (\(size)) has too little room left for another; resolving it could crash."
            fix = "resolve on a thread with a larger stack, or shorten the chain (let a type resolve a dependency lazily, after construction)."
        case let .resolutionTooDeep(limit, nil):
            what = "\(cannot): more than \(limit) nested resolutions; a factory is probably recursing without end."
            fix = "check the factories in the chain above for unbounded recursion."
        case .requiresMainActor:
            what = "\(cannot) here: it is registered on the main actor (at \(registered)), and this resolve ran off the main thread."
            fix = "resolve \(type) from @MainActor code (e.g. inside `await MainActor.run { … }`), or register it without `isolation: MainActor.self` if it is not main-actor bound."
        case let .argumentMismatch(expected, given, _):
            what = "\(cannot) \(given.map { "with an argument of type \($0)" } ?? "without an argument"): it is registered (at \(registered)) with an argument of type \(expected)."
            fix = "pass the argument: resolve(\(type).self, argument: …) with a value of type \(expected)."
        case .noUnitOfWork:
            what = "\(cannot): it is registered as unitOfWork (at \(registered)), one instance per unit of work, and this resolve ran outside any unit of work."
            fix = "resolve \(type) inside DependencyContainer.withUnitOfWork { … } (e.g. opened by a server's middleware for each request, or around a job); Task.detached and threads started outside Swift concurrency do not inherit it."
        case let .captiveDependency(links):
            what = """
                Relay: \(links.first ?? "a singleton") outlives a unit of work, but is built from \(type), registered as unitOfWork: it would keep the first unit's instance and hand it to every later unit.
                  registrations: \(links.joined(separator: " → "))
                """
            fix = "resolve \(type) where it is used, inside the unit of work (not in the factory), or give the registrations above it a lifecycle no longer than the unit's (unitOfWork, transient or graph); if \(type) holds nothing per unit, register it as a singleton."
        case let .factoryForNoTypeKey(typeKey, indexedAs):
            let named = typeKey.map { " Its key is named for type key '\($0)', which is indexed as \(indexedAs ?? "another type")." } ?? ""
            what = "Relay cannot bind \(registration ?? "a factory"): it produces \(type), but no type key is indexed as \(type), so no instruction can use it.\(named)"
            fix = typeKey.map { "if code resolves \(type), index the type key as that: \(Self.typeKeyFix($0, as: type)); otherwise make the factory produce \(indexedAs ?? "the type key's type") (add(factory:producing:))." }
                ?? "index the type key code resolves as \(type): \(Self.typeKeyFix("…", as: type)), or index the factory as producing a type a type key names."
        case let .notAnObject(actual):
            what = "\(cannot): it is registered as a weakSingleton (at \(registered)), and its factory returned \(actual), which is not a class instance; the container can only hold a class instance weakly."
            fix = "make the factory return a class instance, or register \(type) as a singleton or transient."
        }
        let chain = chain.count > 1 ? ["  dependency chain: \(chain.joined(separator: " → "))"] : []
        return ([what] + chain + notes + ["  fix: \(fix)"]).joined(separator: "\n")
    }

    /// `add(type: DependencyTypeKey("Y"), A.self)`: the call that indexes type key `key`
    /// as the type named `typeName` (an existential's `any ` dropped: `P.self` names it).
    package static func typeKeyFix(_ key: String, as typeName: String) -> String {
        let written = typeName.hasPrefix("any ") ? String(typeName.dropFirst(4)) : typeName
        return "add(type: DependencyTypeKey(\"\(key)\"), \(written).self)"
    }

    /// A factory (`subject`) producing `produced`, which no type key is indexed as; `typeKey`
    /// is the type key its key is named for and `indexedAs` that key's type.
    package static func factoryForNoTypeKey(produced: DependencyKey, subject: String, typeKey: String?, indexedAs: String?) -> Self {
        Self(.factoryForNoTypeKey(typeKey: typeKey, indexedAs: indexedAs), requested: produced.type, scope: .global, chain: [produced], registration: subject)
    }

    // MARK: Internal constructors

    /// `argument`: the type of the argument the resolve passed; `registration`: where the
    /// type is registered without one. The hint's provider takes only a leaf lock, so the
    /// engine lock may be held.
    static func missing(key: DependencyKey, tag: DependencyTag? = nil, argument: Any.Type? = nil, registration: String? = nil, scope: DependencyContainerScope, chain: [DependencyKey], nearMisses: [String], hint: MissingRegistrationHint? = MissingRegistrationHint.current()) -> Self {
        Self(.missingRegistration(tag: tag, argument: argument, nearMisses: nearMisses, hint: hint), requested: key.type, scope: scope, chain: chain, registration: registration)
    }

    package static func mismatch(requested: Any.Type, actual: Any, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(.typeMismatch(actualType: TypeName.of(type(of: actual))), requested: requested, scope: scope, chain: chain, registration: registration)
    }

    static func circularDependency(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], cycleStart: Int, acrossThreads: [DependencyKey]?) -> Self {
        let cycle = chain[cycleStart...].map(\.typeName) + (acrossThreads ?? []).map(\.typeName)
        return Self(.circularDependency(cycle: cycle, acrossThreads: acrossThreads != nil), requested: key.type, scope: scope, chain: chain, registration: nil)
    }

    static func notAnObject(requested: Any.Type, actual: Any, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(.notAnObject(actualType: TypeName.of(type(of: actual))), requested: requested, scope: scope, chain: chain, registration: registration)
    }

    static func argumentMismatch(key: DependencyKey, tag: DependencyTag?, expected: Any.Type, given: Any.Type?, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(.argumentMismatch(expected: TypeName.of(expected), given: given.map { TypeName.of($0) }, tag: tag), requested: key.type, scope: scope, chain: chain, registration: registration)
    }

    static func noUnitOfWork(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(.noUnitOfWork, requested: key.type, scope: scope, chain: chain, registration: registration)
    }

    /// `links` describe the registrations from the outliving one to the unitOfWork one.
    static func captiveDependency(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String, links: [String]) -> Self {
        Self(.captiveDependency(links: links), requested: key.type, scope: scope, chain: chain, registration: registration)
    }

    static func offMainActor(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String) -> Self {
        Self(.requiresMainActor, requested: key.type, scope: scope, chain: chain, registration: registration)
    }

    /// `stackSize` is set (0 when unknown) when the thread's stack, not the depth limit,
    /// stopped the chain.
    static func tooDeep(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], limit: Int, stackSize: Int? = nil) -> Self {
        Self(.resolutionTooDeep(limit: limit, stackSize: stackSize), requested: key.type, scope: scope, chain: chain, registration: nil)
    }

    static func factoryFailed(key: DependencyKey, scope: DependencyContainerScope, chain: [DependencyKey], registration: String, error: any Error, inCompletionHook: Bool = false) -> Self {
        Self(.factoryFailed(error: error, inCompletionHook: inCompletionHook), requested: key.type, scope: scope, chain: chain, registration: registration)
    }
}

/// What a layer above the containers knows that may explain a missing registration (an
/// index that fills itself was not filled). The dynamic-injection layer installs
/// ``provider``; the error shows ``note`` and puts ``fix`` before its own.
package struct MissingRegistrationHint: Sendable, Equatable {
    /// Shown as `note: …`, after the near misses.
    var note: String
    /// Put before the usual fix.
    var fix: String

    package init(note: String, fix: String) {
        self.note = note
        self.fix = fix
    }

    /// A struct, not the bare function: a `LockedState` must not hold a function.
    package struct Provider: Sendable {
        let hint: @Sendable () -> MissingRegistrationHint?

        package init(hint: @escaping @Sendable () -> MissingRegistrationHint?) {
            self.hint = hint
        }
    }

    /// Called for every missing registration, possibly with the engine lock held: it must
    /// be quick, take no lock but leaf locks of its own, and never resolve or wait.
    package static let provider = LockedState<Provider?>(nil)

    /// The hint of the installed provider; without one (no index that fills itself was
    /// ever made), ``ForgottenInject/missingRegistrationHint()``.
    static func current() -> MissingRegistrationHint? {
        guard let installed = provider.withLock({ $0 }) else { return ForgottenInject.missingRegistrationHint() }
        return installed.hint()
    }
}
