/// A key that is not in a ``DynamicDependencyIndex``.
public enum DynamicDependencyIndexError: Error, Equatable, CustomStringConvertible {
    /// No type is indexed under `key`; `suggestions` are indexed keys that look alike.
    case typeNotFound(key: DependencyTypeKey, suggestions: [DependencyTypeKey])
    /// No factory is indexed under `key`; `suggestions` are indexed keys that look alike.
    case factoryNotFound(key: DependencyFactoryKey, suggestions: [DependencyFactoryKey])

    static func typeNotFound(key: DependencyTypeKey, suggestions: [String]) -> Self {
        .typeNotFound(key: key, suggestions: suggestions.map { DependencyTypeKey($0) })
    }

    static func factoryNotFound(key: DependencyFactoryKey, suggestions: [String]) -> Self {
        .factoryNotFound(key: key, suggestions: suggestions.map { DependencyFactoryKey($0) })
    }

    public var description: String {
        switch self {
        case let .typeNotFound(key, suggestions):
            "unknown type key '\(key)'\(Self.didYouMean(suggestions.map(\.tag))); add it to the DynamicDependencyIndex with a DependencyTypeIndexable, or fix the instruction"
        case let .factoryNotFound(key, suggestions):
            "unknown factory key '\(key)'\(Self.didYouMean(suggestions.map(\.tag))); index it with add(factory:producing:_:) or a DependencyFactoryIndexable, or fix the instruction"
        }
    }

    static func didYouMean(_ suggestions: [String]) -> String {
        switch suggestions.count {
        case 0: ""
        case 1: " (did you mean '\(suggestions[0])'?)"
        default: " (did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?)"
        }
    }
}
