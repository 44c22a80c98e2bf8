/// The tags a type is registered with in code, in any container — what, with the tags
/// declared with ``DynamicDependencyIndex/add(tag:for:)``, an instruction's `tag=` may name.
///
/// This is the one place dynamic injection asks the containers about tags. Until the
/// containers keep tagged registrations (issue 20 §1, the engine's `register(_:tag:…)`),
/// it answers none, and an instruction may name only declared tags; the engine's change
/// replaces the body with its own look-up over every container's registration table.
enum RegisteredTags {
    /// The tags `key` is registered with in any container.
    static func tags(for key: DependencyKey) -> Set<DependencyTag> {
        []
    }
}
