/// A key that is not in a ``DynamicDependencyIndex``, thrown by its `lookup` methods.
public enum DynamicDependencyIndexError: Error, Equatable, CustomStringConvertible {
    /// No type is indexed under `key`; `suggestions` are indexed keys that look alike.
    case typeNotFound(key: DependencyTypeKey, suggestions: [DependencyTypeKey])
    /// No factory is indexed under `key`; `suggestions` are indexed keys that look alike.
    case factoryNotFound(key: DependencyFactoryKey, suggestions: [DependencyFactoryKey])

    public var description: String {
        switch self {
        case let .typeNotFound(key, suggestions): IndexMessages.unknownType(key, suggestions: suggestions)
        case let .factoryNotFound(key, suggestions): IndexMessages.unknownFactory(key, suggestions: suggestions)
        }
    }
}

/// The wording of every index problem, for the lookup errors and the pipeline's check alike.
enum IndexMessages {
    static func unknownType(_ key: DependencyTypeKey, suggestions: [DependencyTypeKey]) -> String {
        "unknown type key '\(key)'\(didYouMean(suggestions.map(\.tag))); add it to the DynamicDependencyIndex with a DependencyTypeIndexable, or fix the instruction"
    }

    static func unknownFactory(_ key: DependencyFactoryKey, suggestions: [DependencyFactoryKey]) -> String {
        "unknown factory key '\(key)'\(didYouMean(suggestions.map(\.tag))); index it with add(factory:producing:_:) or a DependencyFactoryIndexable, or fix the instruction"
    }

    /// `factory 'X' produces A, but type key 'Y' is B; …`
    static func mismatch(factory: DependencyFactoryKey, produces: String, type: DependencyTypeKey, is indexed: String, candidates: [DependencyFactoryKey]) -> String {
        let hint = candidates.isEmpty
            ? "index a factory that produces \(indexed)"
            : "use a factory that produces it: \(NearMatch.quotedList(candidates.map(\.tag)))"
        return "factory '\(factory)' produces \(produces), but type key '\(type)' is \(indexed); \(hint)"
    }

    /// An instruction checked against ``DynamicDependencyIndex/shared`` while it is empty.
    static func emptySharedIndex(type key: DependencyTypeKey) -> String {
        "unknown type key '\(key)': DynamicDependencyIndex.shared is empty — nothing had been added to it when this instruction was checked; "
            + "give the app an index that fills itself on first use, static let myApp = DynamicDependencyIndex { index in … }, and check against it (index: .myApp)"
    }

    /// An instruction checked against an empty index of the app's own.
    static func emptyIndex(type key: DependencyTypeKey) -> String {
        "unknown type key '\(key)': the index is empty — nothing had been added to it when this instruction was checked; "
            + "add the keys in its prepare closure (DynamicDependencyIndex { index in … }), or before instructions are checked"
    }

    /// The note on an unknown key that in-process overrides looked up in the shared index.
    static let sharedIndexInTests = "this was checked against DynamicDependencyIndex.shared, which holds only what code had added to it by then; "
        + "if your code adds this key later (in a suite's init, or in the test), use an index that fills itself on first use, "
        + "static let myApp = DynamicDependencyIndex { index in … }, and pass it (index: .myApp)"

    /// An instruction checked against a manifest that lists no key.
    static func emptyManifest(type key: DependencyTypeKey) -> String {
        "unknown type key '\(key)': the index manifest lists no key — it was exported before anything was added to the index; "
            + "export it from the app's index after it is filled (index.manifest() runs its prepare closure first)"
    }

    /// The `prepare` closure of a self-filling index threw.
    static func preparationFailed(_ failure: String) -> String {
        "preparing the DynamicDependencyIndex failed: \(failure); fix the index's prepare closure — no instruction can be checked against it until it succeeds"
    }

    /// `; factories indexed for X: 'A', 'B'`, or nothing.
    static func candidates(for type: DependencyTypeKey, _ candidates: [DependencyFactoryKey]) -> String {
        candidates.isEmpty ? "" : "; factories indexed for \(type): " + NearMatch.quotedList(candidates.map(\.tag))
    }

    static func didYouMean(_ suggestions: [String]) -> String {
        switch suggestions.count {
        case 0: ""
        case 1: " (did you mean '\(suggestions[0])'?)"
        default: " (did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?)"
        }
    }
}
