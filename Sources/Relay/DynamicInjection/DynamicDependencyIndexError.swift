import Foundation

/// A key that is not in a ``DynamicDependencyIndex``, thrown by its `lookup` methods —
/// the seed API's shape. (The injection pipeline reports unknown keys as positioned
/// diagnostics with "did you mean" suggestions in a ``DynamicInjectionError`` instead.)
///
/// ```swift
/// do {
///     _ = try DynamicDependencyIndex.myApp.lookup(type: "MyApp.Backend")
/// } catch DynamicDependencyIndexError.typeNotFound(let identifier) {
///     print("not indexed: \(identifier)")
/// }
/// ```
public enum DynamicDependencyIndexError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// No type is indexed under the type key `identifier`.
    case typeNotFound(identifier: String)
    /// No factory is indexed under the factory key `identifier`.
    case factoryNotFound(identifier: String)

    /// What is missing and how to add it.
    public var description: String {
        switch self {
        case let .typeNotFound(identifier): IndexMessages.unknownType(DependencyTypeKey(identifier), suggestions: [])
        case let .factoryNotFound(identifier): IndexMessages.unknownFactory(DependencyFactoryKey(identifier), suggestions: [])
        }
    }

    /// `Type index not found for "MyApp.Backend"`-style summary.
    public var errorDescription: String? {
        switch self {
        case let .typeNotFound(identifier): "no type is indexed for \"\(identifier)\""
        case let .factoryNotFound(identifier): "no factory is indexed for \"\(identifier)\""
        }
    }

    /// How to fix it.
    public var recoverySuggestion: String? {
        switch self {
        case let .typeNotFound(identifier): "index a type for \"\(identifier)\" with DynamicDependencyIndex.add(type:_:) or a DependencyTypeIndexable"
        case let .factoryNotFound(identifier): "index a factory for \"\(identifier)\" with DynamicDependencyIndex.add(factory:producing:_:) or a DependencyFactoryIndexable"
        }
    }
}

/// The wording of every index problem, for the lookup errors and the pipeline's check
/// alike. Keys are quoted with ``UserText``.
enum IndexMessages {
    static func unknownType(_ key: DependencyTypeKey, suggestions: [DependencyTypeKey]) -> String {
        "unknown type key \(name(key.tag))\(didYouMean(suggestions.map(\.tag))); index it with add(type:_:) before injecting, or fix the instruction"
    }

    static func unknownFactory(_ key: DependencyFactoryKey, suggestions: [DependencyFactoryKey]) -> String {
        "unknown factory key \(name(key.tag))\(didYouMean(suggestions.map(\.tag))); index it with add(factory:producing:_:) before injecting, or fix the instruction"
    }

    /// `unknown scope 'chekout' (did you mean 'checkout'?); …`
    static func unknownScope(_ scope: DependencyContainerScope, known: Set<DependencyContainerScope>) -> String {
        let suggestions = NearMatch.suggestions(for: scope.name, among: known.map(\.name) + ["global"])
        let message = "unknown scope \(name(scope.name))\(didYouMean(suggestions)); nothing is registered in it, so the binding would never be used — register the scope's dependencies before injecting, declare it with DynamicDependencyIndex.add(scope:), or fix the instruction"
        // A scope names a container, not a lifetime: say what gives one instance per request.
        guard let perRequest = InstructionSyntax.perRequestHint(for: scope.name) else { return message }
        return message + "; a scope names a container, not a lifetime — \(perRequest)"
    }

    /// `factory 'X' produces A, but type key 'Y' is B; …`
    ///
    /// When no factory produces B and no type key is indexed as A, the likelier mistake is
    /// the type key's: indexed with the concrete class (B) where the code resolves the
    /// protocol the factory produces (A) — so that fix comes first.
    static func mismatch(factory: DependencyFactoryKey, produces: String, type: DependencyTypeKey, is indexed: String, candidates: [DependencyFactoryKey], producedHasTypeKey: Bool = true) -> String {
        let hint: String
        if !candidates.isEmpty {
            hint = "use a factory that produces it: \(NearMatch.quotedList(candidates.map(\.tag)))"
        } else if !producedHasTypeKey {
            hint = "no type key is indexed as \(produces) and no factory produces \(indexed), so the type key was likely indexed with the wrong type — "
                + "if code resolves \(produces), index the type key as that: \(typeKeyFix(type, as: produces)); otherwise index a factory that produces \(indexed)"
        } else {
            hint = "index a factory that produces \(indexed)"
        }
        return "factory \(name(factory.tag)) produces \(produces), but type key \(name(type.tag)) is \(indexed); \(hint)"
    }

    /// `add(type: DependencyTypeKey("Y"), A.self)` (see ``DependencyResolutionError``).
    static func typeKeyFix(_ key: DependencyTypeKey, as typeName: String) -> String {
        DependencyResolutionError.typeKeyFix(UserText.escaped(key.tag), as: typeName)
    }

    /// `unknown tag 'Prodution' for type key 'MyApp.NetworkLayer' (did you mean 'Production'?); …`
    static func unknownTag(_ tag: DependencyTag, type: DependencyTypeKey, known: [DependencyTag]) -> String {
        let suggestions = NearMatch.suggestions(for: tag.name, among: known.map(\.name))
        let typeName = UserText.escaped(type.tag)
        let listed = known.isEmpty
            ? "\(typeName) has no tagged registration and no declared tag"
            : "tags known for \(typeName): " + NearMatch.quotedList(known.map(\.name))
        return "unknown tag \(name(tag.name)) for type key \(name(type.tag))\(didYouMean(suggestions)); nothing registers the type with it, so the binding would never be resolved — "
            + "register the type with this tag in code (register(_:tag:…)), declare it with DynamicDependencyIndex.add(tag:for:), or fix the instruction; \(listed)"
    }

    /// `factory 'X' takes a runtime argument of type A, but type key 'Y' has no argument
    /// registration taking A; …`
    static func argumentNotRegistered(factory: DependencyFactoryKey, argument: String, type: DependencyTypeKey, registered: [String]) -> String {
        let typeName = UserText.escaped(type.tag)
        let has = registered.isEmpty
            ? "\(typeName) is registered with no runtime argument in any container"
            : "\(typeName) is registered with arguments of type " + registered.map { UserText.escaped($0, limit: nil) }.joined(separator: ", ")
        return "factory \(name(factory.tag)) takes a runtime argument of type \(UserText.escaped(argument, limit: nil)), but type key \(name(type.tag)) has no argument registration taking \(UserText.escaped(argument, limit: nil)), so the binding would never be resolved — "
            + "register it in code with register(_:argument: \(UserText.escaped(argument, limit: nil)).self), or index a stub taking the type's argument with add(factory:producing:argument:_:); \(has)"
    }

    /// `type key 'Y' is registered only with a runtime argument (of type A), but factory 'X' takes none; …`
    static func argumentMissing(factory: DependencyFactoryKey, type: DependencyTypeKey, registered: [String]) -> String {
        let listed = registered.map { UserText.escaped($0, limit: nil) }.joined(separator: ", ")
        return "type key \(name(type.tag)) is registered only with a runtime argument (of type \(listed)), but factory \(name(factory.tag)) takes none, so the binding would never be resolved — "
            + "index a stub taking the argument with add(factory:producing:argument:_:), or register the type without an argument too"
    }

    /// `factory 'X' takes a runtime argument, and argument registrations are always transient; remove lifecycle=graph`
    static func argumentLifecycle(factory: DependencyFactoryKey, lifecycle: LifecycleType) -> String {
        "factory \(name(factory.tag)) takes a runtime argument, and argument registrations are always transient; remove lifecycle=\(lifecycle) (or write lifecycle=transient)"
    }

    /// `factory 'X' needs a parameter: expected …; add parameter=<value> …`
    static func parameterNeeded(factory: DependencyFactoryKey, expected: String) -> String {
        "factory \(name(factory.tag)) needs a parameter: expected \(UserText.escaped(expected, limit: nil)); add parameter=<value> to the instruction"
    }

    /// `factory 'X' takes no parameter, but the instruction gives parameter='…'; …`
    static func parameterNotTaken(_ given: String, factory: DependencyFactoryKey) -> String {
        "factory \(name(factory.tag)) takes no parameter, but the instruction gives parameter=\(UserText.quoted(given)); remove parameter=, or choose a factory indexed with add(factory:producing:parameter:_:)"
    }

    /// `invalid parameter '14/03/2025' for factory 'X': expected …`
    static func invalidParameter(_ given: String, factory: DependencyFactoryKey, expected: String, detail: String?) -> String {
        let reason = detail.map { " (\(UserText.escaped($0)))" } ?? ""
        return "invalid parameter \(UserText.quoted(given)) for factory \(name(factory.tag)): expected \(UserText.escaped(expected, limit: nil))\(reason); fix parameter= in the instruction"
    }

    /// An instruction checked against ``DynamicDependencyIndex/shared`` while it is empty.
    static func emptySharedIndex(type key: DependencyTypeKey) -> String {
        "unknown type key \(name(key.tag)): DynamicDependencyIndex.shared is empty — nothing had been added to it when this instruction was checked; "
            + "give the app an index that fills itself on first use, static let myApp = DynamicDependencyIndex { index in … }, and check against it (index: .myApp)"
    }

    /// An instruction checked against an empty index of the app's own.
    static func emptyIndex(type key: DependencyTypeKey) -> String {
        "unknown type key \(name(key.tag)): the index is empty — nothing had been added to it when this instruction was checked; "
            + "add the keys in its prepare closure (DynamicDependencyIndex { index in … }), or before instructions are checked"
    }

    /// The note on an unknown key that in-process overrides looked up in the shared index.
    static let sharedIndexInTests = "this was checked against DynamicDependencyIndex.shared, which holds only what code had added to it by then; "
        + "if your code adds this key later (in a suite's init, or in the test), use an index that fills itself on first use, "
        + "static let myApp = DynamicDependencyIndex { index in … }, and pass it (index: .myApp)"

    /// An instruction checked against a manifest that lists no key.
    static func emptyManifest(type key: DependencyTypeKey) -> String {
        "unknown type key \(name(key.tag)): the index manifest lists no key — it was exported before anything was added to the index; "
            + "export it from the app's index after it is filled (index.manifest() runs its prepare closure first)"
    }

    /// The `prepare` closure of a self-filling index threw.
    static func preparationFailed(_ failure: String) -> String {
        "preparing the DynamicDependencyIndex failed: \(failure); fix the index's prepare closure — no instruction can be checked against it until it succeeds"
    }

    /// `; factories indexed for 'X': 'A', 'B'`, or nothing.
    static func candidates(for type: DependencyTypeKey, _ candidates: [DependencyFactoryKey]) -> String {
        candidates.isEmpty ? "" : "; factories indexed for \(UserText.escaped(type.tag)): " + NearMatch.quotedList(candidates.map(\.tag))
    }

    static func didYouMean(_ suggestions: [String]) -> String {
        switch suggestions.count {
        case 0: ""
        case 1: " (did you mean \(name(suggestions[0]))?)"
        default: " (did you mean " + suggestions.map { name($0) }.joined(separator: " or ") + "?)"
        }
    }

    /// A key as messages show it.
    static func name(_ key: String, quote: String = "'") -> String {
        quote + UserText.escaped(key) + quote
    }
}
