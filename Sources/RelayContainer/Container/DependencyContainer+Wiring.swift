// Auto-wiring: an initializer whose parameters are resolved from the container. Arities
// 0–6 as overloads, not a parameter pack: some pack code needs the Swift 5.9 runtime
// (macOS 14 / iOS 17), above Relay's floor; overloads cannot fail on an older OS.

extension DependencyContainer {
    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer without parameters:
    /// `c.register(Router.self, wiring: RouterImp.init)` (else taken as one `()` parameter).
    public func register<T>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable () throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { _ in try wiring() }
    }
    /// Registers `type` as made by `wiring` — usually an initializer, `Impl.init` — whose
    /// parameters are resolved from this container (untagged) on every build.
    ///
    /// ```swift
    /// final class PresenterImp: Presenter {
    ///     init(router: Router, interactor: Interactor) { /* … */ }
    /// }
    /// c.register(Presenter.self, lifecycle: .transient, wiring: PresenterImp.init)
    /// ```
    ///
    /// is the same as
    /// `c.register(Presenter.self, lifecycle: .transient) { c in PresenterImp(router: try c.tryResolve(), interactor: try c.tryResolve()) }`.
    /// A parameter that cannot be resolved fails the resolve with the usual
    /// ``DependencyResolutionError`` and its dependency chain. Overloads take zero to six
    /// parameters; for more, or for tagged or argument dependencies, write the factory.
    ///
    /// - Parameters:
    ///   - type: The type callers will resolve.
    ///   - tag: Tells this registration apart from the type's others; `nil` by default.
    ///   - lifecycle: How long the instance lives; ``LifecycleType/singleton`` by default.
    ///   - file: Recorded for diagnostics; leave the default.
    ///   - line: Recorded for diagnostics; leave the default.
    ///   - wiring: Makes the instance from its resolved dependencies; may throw.
    public func register<T, A>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self)) }
    }

    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer of 2 parameters.
    public func register<T, A, B>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A, B) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self), try c.tryResolve(B.self)) }
    }

    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer of 3 parameters.
    public func register<T, A, B, C>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A, B, C) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self), try c.tryResolve(B.self), try c.tryResolve(C.self)) }
    }

    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer of 4 parameters.
    public func register<T, A, B, C, D>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A, B, C, D) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self), try c.tryResolve(B.self), try c.tryResolve(C.self), try c.tryResolve(D.self)) }
    }

    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer of 5 parameters.
    public func register<T, A, B, C, D, E>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A, B, C, D, E) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self), try c.tryResolve(B.self), try c.tryResolve(C.self), try c.tryResolve(D.self), try c.tryResolve(E.self)) }
    }

    /// ``register(_:tag:lifecycle:file:line:wiring:)`` for an initializer of 6 parameters.
    public func register<T, A, B, C, D, E, F>(
        _ type: T.Type = T.self,
        tag: DependencyTag? = nil,
        lifecycle: LifecycleType = .singleton,
        file: StaticString = #fileID,
        line: UInt = #line,
        wiring: @escaping @Sendable (A, B, C, D, E, F) throws -> T
    ) {
        register(T.self, tag: tag, lifecycle: lifecycle, file: file, line: line) { c in try wiring(try c.tryResolve(A.self), try c.tryResolve(B.self), try c.tryResolve(C.self), try c.tryResolve(D.self), try c.tryResolve(E.self), try c.tryResolve(F.self)) }
    }
}
