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
