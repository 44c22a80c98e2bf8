/// Lists abstract types that dynamic injection may replace, by key.
///
/// A type index does not register anything; it tells a ``DynamicDependencyIndex`` which
/// Swift type a ``DependencyTypeKey`` stands for:
///
/// ```swift
/// struct AppTypeIndex: DependencyTypeIndexable {
///     let index: [DependencyTypeKey: Any.Type] = [
///         .backendService: BackendService.self,
///     ]
/// }
/// static let myApp = DynamicDependencyIndex { index in index.add(AppTypeIndex()) }
/// ```
public protocol DependencyTypeIndexable {
    /// The indexed types, by key.
    var index: [DependencyTypeKey: Any.Type] { get }
}
