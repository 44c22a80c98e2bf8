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
}
