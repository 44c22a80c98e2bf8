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
    /// The container keeps no reference once the outermost resolve returns.
    case graph
    /// Shared while someone holds it: the container keeps only a weak reference, and the
    /// first resolve after the last holder let go builds a new instance. The factory must
    /// return a class instance; a value type fails the resolve with
    /// ``DependencyResolutionError/Reason/notAnObject(actualType:)``.
    case weakSingleton
    /// A singleton that ``DependencyContainer/bootstrap()`` builds up front; until then
    /// (or without a bootstrap) it behaves exactly like ``singleton``.
    case eagerSingleton

    /// The raw value, as written in instructions: `singleton`, `transient`, `graph`,
    /// `weakSingleton` or `eagerSingleton`.
    public var description: String { rawValue }
}
