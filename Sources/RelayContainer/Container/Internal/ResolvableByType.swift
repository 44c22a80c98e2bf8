/// A type the container builds itself when nothing is registered for it: ``Provider``,
/// ``ArgumentProvider`` and ``Lazy``, which wrap a resolve of another type.
///
/// The engine asks for it only on a missing registration (``DependencyContainer/resolveLookingUp(_:tag:thread:overrides:generation:)``),
/// so the resolve fast path never sees it; a registration of the wrapper type itself wins.
protocol ResolvableByType {
    /// The type the wrapper resolves.
    static var wrappedKey: DependencyKey { get }
    /// The argument type its resolves pass, `nil` for none.
    static var wrappedArgument: Any.Type? { get }
    /// The wrapper, resolving from `container` with `tag`.
    static func make(container: DependencyContainer, tag: DependencyTag?) -> Self
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
    /// For a missing registration of `T` (`requested`, its key): a wrapper built by type
    /// when `T` is one (or an optional of one) and the type it wraps is registered here
    /// (with `tag`, or the untagged fallback; with its argument type), else the error a
    /// resolve of the wrapped type would give, or `nil` when `T` is no wrapper. Call with
    /// the engine lock held.
    func makeWrapper<T>(_ type: T.Type, requested: DependencyKey, tag: DependencyTag?, thread: ResolutionThread, overrides: OverrideLayer?) -> Result<T, DependencyResolutionError>? {
        guard let wrapper = requested.type as? any ResolvableByType.Type else { return nil }
        let key = wrapper.wrappedKey
        let found: Registration?
        if let argument = wrapper.wrappedArgument {
            found = lookUpArgument(key, tag: tag, argument: ObjectIdentifier(argument), overrides: overrides)
        } else {
            found = tag.map { lookUp(key, tag: $0, overrides: overrides) } ?? lookUp(key, overrides: overrides)
        }
        guard found != nil else {
            return .failure(argumentFailure(key, tag: tag, given: wrapper.wrappedArgument, thread: thread))
        }
        return .success(wrapper.make(container: self, tag: tag) as Any as! T)
    }
}
