import Relay

extension DependencyTag {
    /// The tagged ``ListFormatter`` that `--compact` resolves: a driver replaces it alone
    /// with `type=RelayDemo.ListFormatter,factory=…,tag=Compact`, leaving the untagged
    /// formatter as it is.
    public static let compact = DependencyTag("Compact")
}
