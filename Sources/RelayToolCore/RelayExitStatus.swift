#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The exit statuses of the `relay` command.
package enum RelayExitStatus {
    /// Everything checked is valid, or the command did what was asked.
    package static let success: Int32 = 0
    /// A file or source has errors (printed to standard error), or `format --check`
    /// found a file that is not canonically formatted.
    package static let failure: Int32 = 1
    /// The command line itself is wrong: an unknown command or option, or a missing argument.
    package static let usage: Int32 = 2
}
#endif
