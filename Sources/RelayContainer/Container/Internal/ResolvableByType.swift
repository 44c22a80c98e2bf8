/// A type the container builds itself when nothing is registered for it: ``Provider``,
/// ``ArgumentProvider`` and ``Lazy``, which wrap a resolve of another type.
///
/// The engine asks for it only on a missing registration (``DependencyContainer/plan(_:tag:argument:overrides:thread:generation:registration:)``),
/// so the resolve fast path never sees it; a registration of the wrapper type itself wins.
protocol ResolvableByType {
    /// The type the wrapper resolves.
    static var wrappedKey: DependencyKey { get }
    /// The argument type its resolves pass, `nil` for none.
    static var wrappedArgument: Any.Type? { get }
    /// The wrapper, resolving from `container` with `tag`.
    init(container: DependencyContainer, tag: DependencyTag?)
}

extension ResolvableByType {
    static var wrappedArgument: Any.Type? { nil }
}

extension DependencyKey {
    /// For a wrapper type (``ResolvableByType``), the type it resolves; else `nil`.
    var wrappedByType: DependencyKey? {
        (type as? any ResolvableByType.Type)?.wrappedKey
    }
}

extension DependencyContainer {
    /// For a missing registration of `request`'s type: a wrapper built by type when it is
    /// one (or an optional of one) and the type it wraps is registered here (with the tag,
    /// or the untagged fallback; with its argument type), else the error a resolve of the
    /// wrapped type would give, or `nil` when the type is no wrapper. Call with the engine
    /// lock held.
    func makeWrapper(_ request: ResolveRequest, thread: ResolutionThread, overrides: OverrideLayer?) -> Result<Any, DependencyResolutionError>? {
        guard let wrapper = request.key.type as? any ResolvableByType.Type else { return nil }
        let wrapped = ResolveRequest(wrapper.wrappedKey.type, tag: request.tag, argument: wrapper.wrappedArgument)
        guard lookUp(wrapped, overrides: overrides) != nil else {
            return .failure(argumentFailure(wrapped.key, tag: request.tag, given: wrapper.wrappedArgument, thread: thread))
        }
        return .success(wrapper.init(container: self, tag: request.tag))
    }
}
