/// The tags a type is registered with in code, in any container — what, with the tags
/// declared with ``DynamicDependencyIndex/add(tag:for:)``, an instruction's `tag=` may name.
///
/// This is the one place dynamic injection asks the containers about tags.
enum RegisteredTags {
    /// The tags `key` is registered with in any container.
    static func tags(for key: DependencyKey) -> Set<DependencyTag> {
        ResolutionEngine.shared.registeredTags(for: key)
    }
}

/// The runtime arguments a type is registered with in code, in any container — what an
/// instruction binding a factory indexed with
/// ``DynamicDependencyIndex/add(factory:producing:argument:_:)`` must match.
///
/// This is the one place dynamic injection asks the containers about argument
/// registrations.
enum RegisteredArguments {
    /// The argument types `key` is registered with (any tag, by identity), and whether it
    /// is also registered without an argument.
    static func arguments(for key: DependencyKey) -> (arguments: [ObjectIdentifier: Any.Type], withoutArgument: Bool) {
        ResolutionEngine.shared.registeredArguments(for: key)
    }
}
