/// How long a resolved instance lives.
///
/// Instructions write a lifecycle by its raw value (`lifecycle=weakSingleton`).
public enum LifecycleType: String, Hashable, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// Created lazily on first resolve, then the same instance for every later resolve
    /// from that container — exactly once, even when many threads resolve it at the
    /// same moment. The default.
    case singleton
    /// The factory runs on every resolve; the container keeps no reference to the result.
    case transient
    /// One instance per *outermost* resolve: everything resolved while building one object
    /// (on this thread, nested inside that resolve) shares it, and the next outermost
    /// resolve gets a new one. Dip's `.shared`, Swinject's and Factory's `.graph`.
    ///
    /// ```swift
    /// c.register(Logger.self, lifecycle: .graph) { _ in RequestLogger() }
    /// c.register(Screen.self, lifecycle: .transient) { c in
    ///     Screen(logger: try c.tryResolve(), model: try c.tryResolve()) // model's logger is the same
    /// }
    /// ```
    ///
    /// The instance belongs to the registration: a resolve with a tag that falls back to
    /// the untagged registration gets the same instance as the untagged resolves of that
    /// outermost resolve (a tag selects a registration and is not passed on to
    /// dependencies). The container keeps no reference once the outermost resolve returns.
    case graph
    /// Shared while someone holds it: the container keeps only a weak reference, and the
    /// first resolve after the last holder let go builds a new instance. The factory must
    /// return a class instance; a value type fails the resolve with
    /// ``DependencyResolutionError/Reason/notAnObject(actualType:)``.
    case weakSingleton
    /// A singleton that ``DependencyContainer/bootstrap()`` builds up front; until then
    /// (or without a bootstrap) it behaves exactly like ``singleton``.
    case eagerSingleton
    /// One instance per *unit of work*: a block opened with
    /// ``DependencyContainer/withUnitOfWork(_:)`` (a request, a job, a command), shared by
    /// everything resolved inside it, child tasks included, and released when it ends.
    /// .NET's *scoped* lifetime.
    ///
    /// ```swift
    /// c.register(RequestLog.self, lifecycle: .unitOfWork) { _ in RequestLog() }
    /// try await DependencyContainer.withUnitOfWork {
    ///     async let a = c.tryResolve(RequestLog.self)   // the same RequestLog
    ///     async let b = c.tryResolve(RequestLog.self)
    ///     _ = try await (a, b)
    /// }
    /// ```
    ///
    /// Unlike ``graph`` (one outermost resolve on one thread), a unit of work spans a whole
    /// block. Resolving the type outside any block fails with
    /// ``DependencyResolutionError/Reason/noUnitOfWork``. Not a ``DependencyContainerScope``:
    /// a scope is a named container, a unit of work is a lifetime.
    case unitOfWork

    /// The raw value, as written in instructions: `singleton`, `transient`, `graph`,
    /// `weakSingleton`, `eagerSingleton` or `unitOfWork`.
    public var description: String { rawValue }
}
