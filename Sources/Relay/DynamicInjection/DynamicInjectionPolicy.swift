/// Decides whether dynamic injection reads any source at all.
///
/// Dynamic injection lets whoever controls a process's arguments, environment or working
/// directory swap an implementation. That is the point in a test run and a risk in
/// production, so ``default`` is on in debug builds and off in release builds. A release
/// build that really wants it (a staging build driven by UI tests) opts in in code:
///
/// ```swift
/// try DynamicDependencyRegistry.standard(index: .myApp, policy: .enabled).inject()
/// ```
///
/// When the policy is off, no argument, environment variable, file or standard input is
/// read, and the registry's report says why.
public struct DynamicInjectionPolicy: Hashable, Sendable {
    /// Whether sources are read.
    public let isEnabled: Bool
    /// Why, in words, for reports.
    public let reason: String

    /// Creates a policy with a reason of your own (shown in reports).
    public init(isEnabled: Bool, reason: String) {
        self.isEnabled = isEnabled
        self.reason = reason
    }

    /// Always read the sources.
    public static let enabled = DynamicInjectionPolicy(isEnabled: true, reason: "enabled explicitly by the app")
    /// Never read the sources.
    public static let disabled = DynamicInjectionPolicy(isEnabled: false, reason: "disabled explicitly by the app")

    /// On in debug builds, off in release builds (`-c release`, Xcode's Release
    /// configuration), decided by whether Relay itself was compiled with `DEBUG`.
    public static var `default`: DynamicInjectionPolicy {
        BuildConfiguration.isDebug
            ? DynamicInjectionPolicy(isEnabled: true, reason: "enabled by default in debug builds")
            : DynamicInjectionPolicy(isEnabled: false, reason: "disabled by default in release builds; opt in with policy: .enabled").inThisBuild
    }

    /// The policy this build can follow: this one, or — in a release build compiled
    /// without dynamic injection (no `DynamicInjectionInRelease` trait) — off, saying why.
    /// Such a build contains no code that reads an argument, a variable or a file for
    /// instructions, so no policy can turn it on; the report and `RELAY_EXPLAIN` say so.
    var inThisBuild: DynamicInjectionPolicy {
        #if RELAY_DRIVABLE
        self
        #else
        DynamicInjectionPolicy(
            isEnabled: false,
            reason: (isEnabled ? "policy .enabled cannot be followed: " : "") + BuildConfiguration.withoutDynamicInjection
        )
        #endif
    }
}

#if RELAY_DRIVABLE
// As JSON only in builds with dynamic injection, where the report that holds it is written
// (DynamicInjectionReport.swift).
extension DynamicInjectionPolicy: Codable {}
#endif
