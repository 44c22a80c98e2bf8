#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// What a `relay` command line asks for; made by ``RelayToolArguments/parse(_:)``.
package enum RelayInvocation: Hashable, Sendable {
    /// Show help: for `relay` as a whole when the command is `nil`, otherwise for one command.
    case help(RelaySubcommand?)
    /// Validate the files at `paths`; `-` is standard input. With `index`, the path of an
    /// app's index manifest, their keys are checked against it too.
    case check(paths: [String], index: String? = nil)
    /// Merge the standard sources and print the bindings.
    case explain(RelayExplainOptions)
    /// Rewrite the files at `paths` canonically, or with `checkOnly` only report whether
    /// they would change.
    case format(paths: [String], checkOnly: Bool)
}
#endif
