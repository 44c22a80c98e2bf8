/// The first access of an ``Injected`` or ``WeakInjected`` property.
enum InjectedResolution {
    /// Resolves `Value` from the container of `scope` (with `tag`, falling back to the
    /// untagged registration). With `nilWhenUnregistered`, `nil` when nothing is
    /// registered for `Value` (its optional layers flattened) on the resolve's path; every
    /// other failure — and, without it, that one too — stops the program with the error's
    /// diagnostic, as ``DependencyContainer/resolve(_:file:line:)`` does.
    static func resolve<Value>(_ type: Value.Type, scope: DependencyContainerScope, tag: DependencyTag?, nilWhenUnregistered: Bool) -> Value? {
        let container = DependencyContainer.container(for: scope)
        do throws(DependencyResolutionError) {
            if let tag { return try container.tryResolve(Value.self, tag: tag) }
            return try container.tryResolve(Value.self)
        } catch {
            // Missing is about `Value` itself only when the error names it: a registration
            // whose factory needs a missing type names that type.
            // For a `Provider`, `ArgumentProvider` or `Lazy`, the type it wraps.
            let key = DependencyKey(Value.self)
            if nilWhenUnregistered, error.reason == .missingRegistration, error.requestedType == (key.wrappedByType ?? key).typeName { return nil }
            fatalError(error.description)
        }
    }
}

/// `Optional`, seen from a generic context: the value an optional ``Injected`` property
/// holds when nothing is registered.
protocol AbsentValue {
    static var absent: Self { get }
}

extension Optional: AbsentValue {
    static var absent: Self { nil }
}
