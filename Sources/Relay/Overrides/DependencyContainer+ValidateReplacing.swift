extension DependencyContainer {
    /// Like ``validate()``, with chosen factories replaced by stand-ins that run instead —
    /// for a graph whose live factories must not run in a test (one that opens a network
    /// connection, reads a keychain, starts a server).
    ///
    /// ```swift
    /// @Test func graphIsComplete() throws {
    ///     try AppRegistry().registerDependencies()
    ///     var standIns = DependencyOverrides()
    ///     standIns.register(BackendService.self) { _ in OfflineBackend() }
    ///     try DependencyContainer.validate(replacing: standIns)
    /// }
    /// ```
    ///
    /// The stand-ins go into the throw-away copy of the containers only; nothing live is
    /// touched. Instructions in `standIns` are checked against its index first, as
    /// `withInjectedDependencies` checks them.
    ///
    /// - Throws: ``DynamicInjectionError`` when an instruction in `standIns` is wrong (before
    ///   anything runs); otherwise ``DependencyValidationError`` listing every failure.
    public static func validate(replacing standIns: DependencyOverrides) throws {
        let failures = ResolutionEngine.shared.validateRegistrations(replacing: try standIns.registrations())
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }
}
