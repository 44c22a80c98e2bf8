/// What resolving an optional type gives when nothing is registered: the one place that
/// decides it, for ``DependencyContainer/tryResolve(_:)``, ``DependencyContainer/tryResolve(_:tag:)``,
/// ``DependencyContainer/tryResolve(_:tag:argument:)``, their `resolve` forms, ``Injected``
/// and ``WeakInjected``.
enum OptionalResolution {
    /// What a resolve of `T` returns instead of throwing `error`: `nil` when `T` is an
    /// `Optional` and `error` says nothing is registered for the type itself (its optional
    /// layers flattened) on the resolve's path — not in an override, the container, nor its
    /// fallback, with the tag nor untagged; with an argument, nothing taking the argument's
    /// type. Every other failure is thrown: a registration whose factory throws, or whose
    /// own dependencies are missing (the error then names that other type), is a bug to
    /// hear about, not an absent feature; so is one that takes an argument the resolve did
    /// not give, or another type of argument, or none when the resolve gave one (the error
    /// then names where it is registered). Out of line: only a resolve that found no
    /// registration comes here.
    @inline(never)
    static func unregistered<T>(_ type: T.Type, error: DependencyResolutionError) throws(DependencyResolutionError) -> T {
        // Missing is about `T` itself only when the error names it (a registration whose
        // factory needs a missing type names that type); for a `Provider`, `ArgumentProvider`
        // or `Lazy`, the type it wraps.
        let key = DependencyKey(T.self)
        if error.reason == .missingRegistration, error.registration == nil, let optional = T.self as? any AbsentValue.Type,
           error.requestedType == (key.wrappedByType ?? key).typeName {
            return optional.absent as! T
        }
        throw error
    }
}

/// `Optional`, seen from a generic context: the value an optional resolve gives when
/// nothing is registered.
protocol AbsentValue {
    static var absent: Self { get }
}

extension Optional: AbsentValue {
    static var absent: Self { nil }
}
