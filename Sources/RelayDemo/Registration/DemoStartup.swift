import Relay

extension DynamicDependencyIndex {
    /// relay-demo's index, and the start-up sequence Relay's documentation recommends:
    /// it fills itself the first time it is used — by `inject()` at start-up, by `--help`,
    /// or by a test — with the live implementations and, in debug builds, the injectable
    /// types and their stubs.
    ///
    /// The keys are added only in debug builds, as `docs/best-practices.md` recommends:
    /// the index is the allow-list, so a release build carries no way to select a stub
    /// even if someone opts its policy in. (The default policy already reads no source in
    /// release builds; this is the second layer.)
    static let relayDemo = DynamicDependencyIndex { index in
        DemoRegistry().registerDependencies()
        #if DEBUG
        index.add(DemoTypeIndex())
        DemoTagIndex.add(to: index)
        DemoFactoryIndex.add(to: index)
        #endif
    }
}
