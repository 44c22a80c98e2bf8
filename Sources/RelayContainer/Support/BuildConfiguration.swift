/// Whether Relay itself was compiled with `DEBUG`: what turns dynamic injection on by
/// default (`DynamicInjectionPolicy.default`) and the warnings for instructions no
/// `inject()` read.
package enum BuildConfiguration {
    package static var isDebug: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// Why a release build compiled without Relay's `DynamicInjectionInRelease` trait reads
    /// no instruction: the reason its policy and its errors give (docs/architecture.md,
    /// "What a release build carries").
    package static let withoutDynamicInjection =
        "this release build has no dynamic injection; build Relay with its DynamicInjectionInRelease trait to drive a release build"
}
