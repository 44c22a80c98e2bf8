#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
/// The commands `relay` understands.
package enum RelaySubcommand: String, Hashable, Sendable, CaseIterable {
    /// `relay check`: validate `.relay` files.
    case check
    /// `relay explain`: show the merged bindings of the standard sources.
    case explain
    /// `relay format`: rewrite `.relay` files canonically.
    case format
    /// `relay help`: show help.
    case help
}
#endif
