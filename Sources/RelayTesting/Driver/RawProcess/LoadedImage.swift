#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
// macOS only: there the test bundle is loaded by a helper process and is neither the main
// executable nor always among Foundation's bundles. (On Linux the runner is the bundle,
// and Glibc's module does not export dladdr, which needs _GNU_SOURCE.)
#if os(macOS)
import Darwin

/// The file this code was loaded from, as the dynamic linker knows it: the test bundle
/// RelayTesting is linked into, whichever process loaded it (`xctest`, or
/// `swiftpm-testing-helper` for Swift Testing). ``BuiltProducts`` finds the products
/// directory next to it.
enum LoadedImage {
    /// The path of the executable or library this code was linked into, or `nil` when the
    /// dynamic linker does not know it.
    static func path() -> String? {
        var info = Dl_info()
        guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
        let path = String(cString: name)
        return path.isEmpty ? nil : path
    }
}
#endif
#endif
