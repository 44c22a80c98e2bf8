/// Every eager singleton that ``DependencyContainer/bootstrap()`` could not build, at once.
///
/// ```swift
/// do {
///     try DependencyContainer.bootstrap()
/// } catch {
///     print(error) // "Relay bootstrap could not build 1 eager singleton:" and each failure
/// }
/// ```
public struct DependencyBootstrapError: Error, CustomStringConvertible {
    /// The failed builds, in a stable order (containers global first, then by scope; types
    /// by name). Each names the type, its container and where it was registered, with the
    /// ``DependencyResolutionError`` that stopped it.
    public let failures: [DependencyValidationError.Failure]

    /// A count line, then every failure.
    public var description: String {
        let count = failures.count == 1 ? "1 eager singleton" : "\(failures.count) eager singletons"
        return (["Relay bootstrap could not build \(count):"] + failures.map(\.description)).joined(separator: "\n")
    }
}

extension DependencyContainer {
    /// Builds every ``LifecycleType/eagerSingleton`` of every container now, instead of on
    /// first resolve.
    ///
    /// Call it once start-up registration is done — after dynamic injection
    /// (`DynamicDependencyRegistry.inject()`), so that injected bindings are what gets
    /// built:
    ///
    /// ```swift
    /// DependencyContainer.global.register(Analytics.self, lifecycle: .eagerSingleton) { _ in LiveAnalytics() }
    /// try DynamicDependencyRegistry.standard(index: index).inject()
    /// try DependencyContainer.bootstrap() // LiveAnalytics (or its injected stub) exists now
    /// ```
    ///
    /// Each eager singleton is built as its container would resolve it (an injected binding
    /// over the code registration), in the live containers, on the calling thread; what is
    /// already built is left alone, so a second call builds nothing new (only registrations
    /// made since). Every failure is collected; the others are still built. Nothing is
    /// frozen: registering afterwards works as before, and a re-registered eager singleton
    /// is built again by the next `bootstrap()` or on first resolve.
    ///
    /// - Throws: ``DependencyBootstrapError`` listing every eager singleton that failed.
    public static func bootstrap() throws(DependencyBootstrapError) {
        let failures = ResolutionEngine.shared.bootstrap()
        if !failures.isEmpty { throw DependencyBootstrapError(failures: failures) }
    }
}
