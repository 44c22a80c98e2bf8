extension DynamicDependencyIndex {
    /// Dry-runs every indexed factory and reports every failure at once.
    ///
    /// Each factory runs against a throw-away copy of the live containers (so its
    /// dependencies resolve as they would after injection, and no singleton leaks out).
    /// A factory indexed with ``add(factory:producing:_:)`` is registered in that copy
    /// under the type it produces and resolved, which also catches cycles through it.
    /// Type keys whose types nothing is indexed to produce are not errors.
    ///
    /// - Throws: ``DependencyValidationError`` listing every failing factory.
    public func validate() throws(DependencyValidationError) {
        var failures: [DependencyValidationError.Failure] = []
        for (key, factory) in allFactories {
            let subject = "factory '\(key)'"
            do {
                try ResolutionEngine.shared.dryRun(factory, subject: subject)
            } catch {
                failures.append(.init(subject: subject, error: error))
            }
        }
        if !failures.isEmpty { throw DependencyValidationError(failures: failures) }
    }
}
