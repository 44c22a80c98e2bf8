/// Names a dependency container.
///
/// Every scope other than ``global`` names a *scoped* container that falls back to the
/// global container when it has no registration of its own. Declare your scopes once,
/// as constants:
///
/// ```swift
/// extension DependencyContainerScope {
///     static let checkout = DependencyContainerScope("checkout")
/// }
/// ```
///
/// Two scopes with the same name are the same scope; the name `"global"` is ``global``.
public struct DependencyContainerScope: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The scope's name, as written in instructions (`scope=<name>`).
    public let name: String

    /// Creates a scope with the given name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a scope from a string literal: `let scope: DependencyContainerScope = "checkout"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The root scope. Its container has no parent.
    public static let global = DependencyContainerScope("global")

    /// The seed API's name for ``name``.
    @available(*, deprecated, renamed: "name")
    public var value: String { name }

    /// Whether this is the ``global`` scope.
    public var isGlobal: Bool { name == Self.global.name }

    /// The scope's ``name``.
    public var description: String { name }
}

extension DependencyContainerScope {
    /// The order of scopes in everything Relay prints: global first, then by name.
    package static func printOrder(_ lhs: Self, _ rhs: Self) -> Bool {
        (lhs.isGlobal ? 0 : 1, lhs.name) < (rhs.isGlobal ? 0 : 1, rhs.name)
    }

    /// How diagnostics name the scope's container: `global` or `scope 'name'`.
    var place: String { isGlobal ? "global" : "scope '\(name)'" }
}
