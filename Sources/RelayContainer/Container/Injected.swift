/// Resolves a dependency lazily, on first access, from a container scope.
///
/// ```swift
/// final class CheckoutViewModel {
///     @Injected var payments: PaymentService
///     @Injected(scope: .checkout) var store: CheckoutStore
///     @Injected(tag: "Production") var network: NetworkLayer
///     @Injected var analytics: Analytics?            // nil when nothing is registered
/// }
/// ```
///
/// is the same as `lazy var payments: PaymentService = DependencyContainer.global.resolve()`.
/// The first access stops the program with a diagnostic if the type cannot be resolved,
/// like ``DependencyContainer/resolve(_:file:line:)``; later accesses return the same
/// instance. Assigning replaces the value (a test can hand an object a stub directly);
/// the container is then never asked.
///
/// **Optional dependencies.** A property of optional type, `T?`, resolves `T`'s
/// registration and is `nil` when there is none — no registration for `T` (with the tag,
/// nor untagged) in the scope's container or the global one, nor in an override. Any
/// other failure still stops the program with its diagnostic: a registration that
/// exists but whose factory throws, or whose own dependencies are missing, is a bug to
/// hear about, not an absent feature. The answer is kept like a resolved instance: a
/// registration made after the first access is not seen by this property.
///
/// For a reference that does not keep the instance alive, use ``WeakInjected``.
@propertyWrapper
public struct Injected<Value> {
    private let scope: DependencyContainerScope
    private let tag: DependencyTag?
    private var resolved: Value?

    /// Resolves from the container of `scope` (the global container by default), the
    /// registration with `tag` if one is given (falling back to the untagged one, as
    /// ``DependencyContainer/resolve(_:tag:file:line:)`` does).
    public init(scope: DependencyContainerScope = .global, tag: DependencyTag? = nil) {
        self.scope = scope
        self.tag = tag
    }

    /// The resolved value, resolved on first access; settable.
    public var wrappedValue: Value {
        mutating get {
            if let resolved { return resolved }
            let container = DependencyContainer.container(for: scope)
            let value = tag.map { container.resolve(Value.self, tag: $0) } ?? container.resolve(Value.self)
            resolved = value
            return value
        }
        set {
            resolved = newValue
        }
    }
}
