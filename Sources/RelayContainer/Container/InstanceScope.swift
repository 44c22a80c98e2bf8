/// Names a group of instances that are dropped together — a user's session, a document —
/// while every registration stays.
///
/// A registration made with an instance scope
/// (``DependencyContainer/register(_:tag:instanceScope:file:line:factory:)``) is a
/// singleton of its container until ``DependencyContainer/resetInstances(in:)`` drops the
/// instances of its scope; the next resolve builds a new one with the same factory.
/// Declare your scopes once, as constants:
///
/// ```swift
/// extension InstanceScope {
///     static let session = InstanceScope("session")
/// }
/// ```
///
/// Two scopes with the same name are the same scope. An instance scope is not a
/// ``DependencyContainerScope``: that names a container, this names a lifetime that
/// registrations in any container can share.
public struct InstanceScope: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The scope's name.
    public let name: String

    /// Creates a scope with the given name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a scope from a string literal: `let scope: InstanceScope = "session"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The scope's ``name``.
    public var description: String { name }

    /// Stops the program when `lifecycle` keeps no instance for ``DependencyContainer/resetInstances(in:)``
    /// to drop: only ``LifecycleType/singleton``, ``LifecycleType/eagerSingleton`` and
    /// ``LifecycleType/weakSingleton`` registrations can belong to an instance scope.
    func check(lifecycle: LifecycleType, file: StaticString, line: UInt) {
        switch lifecycle {
        case .singleton, .eagerSingleton, .weakSingleton:
            return
        case .transient, .graph, .unitOfWork:
            preconditionFailure("register(…, lifecycle: .\(lifecycle), instanceScope: \"\(UserText.escaped(name))\"): a .\(lifecycle) registration keeps no instance for resetInstances(in:) to drop; use .singleton, .eagerSingleton or .weakSingleton, or leave out instanceScope", file: file, line: line)
        }
    }
}
