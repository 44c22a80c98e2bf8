import Relay

extension DependencyContainerScope {
    /// The scope `--shopping-list` resolves its ``ListFormatter`` from. It has its own
    /// registration (a checklist); everything else falls back to the global container.
    public static let shopping = DependencyContainerScope("shopping")
}
