/// Registers a group of dependencies, typically at program start.
///
/// ```swift
/// struct AppRegistry: DependencyRegistryType {
///     func registerDependencies() throws {
///         DependencyContainer.global.register(BackendService.self) { _ in LiveBackend() }
///     }
/// }
/// try AppRegistry().registerDependencies()
/// ```
///
/// Keep one registry per module; run the app's registries before dynamic injection so
/// that injected instructions override the code defaults.
public protocol DependencyRegistryType {
    /// Performs the registrations. Throws when the registry cannot complete them; a
    /// registry should then leave the containers as they were.
    func registerDependencies() throws
}
