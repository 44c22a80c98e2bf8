/// What resolving an optional type gives when nothing is registered: the one place that
/// decides it, for ``DependencyContainer/tryResolve(_:)``, ``DependencyContainer/tryResolve(_:tag:)``,
/// ``DependencyContainer/tryResolve(_:tag:argument:)``, their `resolve` forms, ``Injected``
/// and ``WeakInjected``.
enum OptionalResolution {
    /// What a resolve of `T` returns instead of throwing `error`: `nil` when `T` is an
    /// `Optional` and `error` says nothing is registered on the resolve's path for the
    /// type itself — or, for a `Provider`, `ArgumentProvider` or `Lazy`, the type it wraps.
    /// A missing dependency of the type's factory names another type, and a registration
    /// that takes another argument (or none) names where it is: both are thrown.
    @inline(never)
    static func unregistered<T>(_ type: T.Type, error: DependencyResolutionError) throws(DependencyResolutionError) -> T {
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
