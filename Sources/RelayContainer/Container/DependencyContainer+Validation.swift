extension DependencyContainer {
    /// Dry-runs every registration of every container and reports every failure at once.
    ///
    /// Each registration is resolved in a throw-away copy of all containers (fresh
    /// singletons, same factories), so nothing the app already created is touched and
    /// nothing created here leaks out. Missing dependencies, type mismatches, cycles,
    /// factory errors and captive dependencies
    /// (``DependencyResolutionError/Reason/captiveDependency``) are all collected. Call it
    /// once from a test:
    ///
    /// ```swift
    /// @Test func graphIsComplete() throws {
    ///     try AppRegistry().registerDependencies()
    ///     try DependencyContainer.validate()
    /// }
    /// ```
    ///
    /// **Factories run for real**: a factory that opens a connection or writes a file
    /// does so here too. Keep factories free of side effects, or replace the ones that are
    /// not with stand-ins: ``validate(replacing:)``. Let factories reach their dependencies
    /// through the container they are given — one that calls `DependencyContainer.global`
    /// directly escapes the throw-away copy. A type registered with
    /// `isolation: MainActor.self` is validated only when `validate()` is called from the
    /// main actor; from anywhere else it is reported as needing the main actor.
    ///
    /// A registration that takes a runtime argument is reported as a failure here, since
    /// there is nothing to give it: use ``validate(arguments:)``.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failure.
    public static func validate() throws(DependencyValidationError) {
        try validate(arguments: [])
    }

    /// ``validate()``, resolving each registration that takes a runtime argument
    /// (``register(_:tag:argument:file:line:factory:)``) with a sample from `arguments`:
    /// the first whose type is exactly the argument type, else the first that is an
    /// instance of it.
    ///
    /// ```swift
    /// try DependencyContainer.validate(arguments: [URL(string: "https://example.com")!, ("localhost", 80)])
    /// ```
    ///
    /// An argument registration with no sample of its type is reported
    /// (``DependencyResolutionError/Reason/argumentMismatch(expected:given:)``), never skipped.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failure.
    public static func validate(arguments: [Any]) throws(DependencyValidationError) {
        let failures = ResolutionEngine.shared.validateRegistrations(arguments: arguments)
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }
}
