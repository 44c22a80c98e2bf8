#if RELAY_DRIVABLE // machinery: debug builds, or release with the DynamicInjectionInRelease trait
import Relay

/// The `parameter=` values a manifest cannot check: a parameter's value can be read only by
/// the app's own parser, which a manifest does not carry. `relay check --index` and
/// `relay explain --index` name each one in a note, with what the app expects.
enum UncheckedParameters {
    /// One note per binding of `report` whose factory takes a parameter, in binding order:
    ///
    /// ```text
    /// ui.relay:3:1: note: parameter '1741953600' for factory 'MyApp.Clock.Fixed' is not checked here — only the app's parser can read it (expected seconds since 1970, e.g. 1741953600); run the app or a test with this instruction to check the value
    /// ```
    static func notes(for report: DynamicInjectionReport, against manifest: DynamicDependencyIndex.Manifest) -> [String] {
        report.bindings.compactMap { binding in
            guard let parameter = binding.parameter, let expected = manifest.parameters[binding.factory] else { return nil }
            return "\(binding.origin): note: parameter \(UserText.quoted(parameter)) for factory '\(UserText.escaped(binding.factory.tag))' is not checked here — "
                + "only the app's parser can read it (expected \(UserText.escaped(expected, limit: nil))); run the app or a test with this instruction to check the value"
        }
    }
}
#endif
