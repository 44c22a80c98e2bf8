#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The options of `relay explain`.
package struct RelayExplainOptions: Hashable, Sendable {
    /// The command line with every argument that is not part of a `-d` form
    /// (`-d VALUE`, `--dependency VALUE`, `--dependency=VALUE`) replaced by an empty
    /// string. Keeping the positions means `argv[N]` in messages is the Nth argument
    /// after `relay` (counting from 0), as in an app.
    package var dependencyArguments: [String]
    /// The `.relay` file given with `--file`, which replaces `$RELAY_DEPENDENCIES_FILE`
    /// and `./.relay`; `nil` to use those.
    package var file: String?
    /// Whether to print JSON instead of text (`--json`).
    package var json: Bool
    /// The app's index manifest given with `--index`, to check the keys against; `nil`
    /// to show keys unchecked.
    package var index: String?

    /// Creates options.
    package init(dependencyArguments: [String], file: String? = nil, json: Bool = false, index: String? = nil) {
        self.dependencyArguments = dependencyArguments
        self.file = file
        self.json = json
        self.index = index
    }
}
#endif
