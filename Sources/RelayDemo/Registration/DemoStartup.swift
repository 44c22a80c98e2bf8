import Relay

/// The start-up sequence Relay's documentation recommends: defaults in code, then the
/// index, then dynamic injection from the standard sources.
enum DemoStartup {
    /// Registers the live implementations and, in debug builds, indexes the injectable
    /// types and their stubs.
    ///
    /// The index is filled only in debug builds, as `docs/configuration.md` recommends:
    /// the index is the allow-list, so a release build carries no way to select a stub
    /// even if someone opts its policy in. (The default policy already reads no source in
    /// release builds; this is the second layer.)
    static func prepare() {
        DemoRegistry().registerDependencies()
        #if DEBUG
        DynamicDependencyIndex.shared.add(DemoTypeIndex())
        DemoFactoryIndex.add(to: .shared)
        #endif
    }

    /// Applies the instructions of the command line, `$RELAY_DEPENDENCIES` and
    /// `$RELAY_DEPENDENCIES_FILE` or `./.relay` — all of them, or none when any is wrong.
    ///
    /// - Returns: The report of what was bound and where each binding came from.
    /// - Throws: ``DynamicInjectionError`` with positioned diagnostics for every problem.
    static func inject() throws(DynamicInjectionError) -> DynamicInjectionReport {
        try DynamicDependencyRegistry.standard().inject()
    }
}
