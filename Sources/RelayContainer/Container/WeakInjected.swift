/// Resolves a class instance on first access, like ``Injected``, but holds it weakly: the
/// property keeps nothing alive, and reads `nil` once every strong holder has let go.
///
/// ```swift
/// final class SettingsScreen {
///     @WeakInjected var coordinator: AppCoordinator?   // held by the container, not by the screen
/// }
/// ```
///
/// For an object that refers to one that owns it — a screen to its coordinator, a child
/// to its parent — without a retain cycle. The instance must be held elsewhere: a
/// singleton (the container holds it), or an instance its owner holds. A transient, or a
/// ``LifecycleType/graph`` registration resolved after its outermost resolve returned,
/// makes a new instance nobody holds: the property then reads `nil`. To point a child at
/// the `graph` parent being built with it, read the property in the parent's completion
/// hook, where a resolve sees that resolve's `graph` instances:
///
/// ```swift
/// c.register(Parent.self, lifecycle: .graph) { c in Parent(child: try c.tryResolve()) } completing: { _, parent in
///     _ = parent.child.parent   // resolves the Parent being built
/// }
/// ```
///
/// The first access resolves, once: later accesses return the instance while it lives,
/// then `nil`. With no registration the property is `nil`, as an optional ``Injected``
/// is; any other failure stops the program with its diagnostic, and so does a value that
/// is not a class instance. Assigning sets the weak reference; the container is then
/// never asked.
///
/// `Value` is the class or class-bound protocol the property is declared with, without
/// the `?`: `@WeakInjected var parent: Parent?`.
@propertyWrapper
public struct WeakInjected<Value> {
    private let scope: DependencyContainerScope
    private let tag: DependencyTag?
    private weak var object: AnyObject?
    private var isResolved = false

    /// Resolves from the container of `scope` (the global container by default), the
    /// registration with `tag` if one is given (falling back to the untagged one, as
    /// ``DependencyContainer/resolve(_:tag:file:line:)`` does).
    public init(scope: DependencyContainerScope = .global, tag: DependencyTag? = nil) {
        self.scope = scope
        self.tag = tag
    }

    /// The instance, resolved on first access, while someone else holds it; else `nil`.
    /// Settable.
    public var wrappedValue: Value? {
        mutating get {
            if !isResolved {
                isResolved = true
                let container = DependencyContainer.container(for: scope)
                let value = tag.map { container.resolve(Value?.self, tag: $0) } ?? container.resolve(Value?.self)
                object = value.map(Self.object(of:))
            }
            return object.map { $0 as! Value }
        }
        set {
            isResolved = true
            object = newValue.map(Self.object(of:))
        }
    }

    /// `value` as an object; stops the program if it is not one.
    private static func object(of value: Value) -> AnyObject {
        guard type(of: value as Any) is AnyClass else {
            fatalError("@WeakInjected var …: \(TypeName.of(Value.self))? got a \(TypeName.of(type(of: value as Any))), which is not a class instance and cannot be held weakly; declare the property with @Injected instead")
        }
        return value as AnyObject
    }
}
