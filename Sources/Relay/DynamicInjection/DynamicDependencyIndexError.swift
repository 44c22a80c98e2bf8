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
    static func mismatch(factory: DependencyFactoryKey, produces: DependencyKey, type: DependencyTypeKey, is indexed: DependencyKey, candidates: [DependencyFactoryKey]) -> String {
        let hint = candidates.isEmpty
            ? "index a factory that produces \(indexed.typeName)"
            : "use a factory that produces it: \(NearMatch.quotedList(candidates.map(\.tag)))"
        return "factory '\(factory)' produces \(produces.typeName), but type key '\(type)' is \(indexed.typeName); \(hint)"
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
