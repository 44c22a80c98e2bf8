#if !RELAY_DRIVABLE // a release build without the DynamicInjectionInRelease trait
// Layer: DynamicInjection. What DynamicDependencyRegistry's entry points do in a release
// build compiled without dynamic injection: fill the index — its prepare closure registers
// the app's defaults — and read nothing. No code that reads an argument, a variable or a
// file for instructions is in such a build (DynamicDependencyRegistry+Pipeline.swift is
// not compiled), so nothing a driver passes can reach it, whatever the policy says.

extension DynamicDependencyRegistry {
    /// ``inject()`` without dynamic injection: fills the index (registering its defaults)
    /// and reports that no source was read, and why. `RELAY_EXPLAIN` prints that one line.
    ///
    /// - Throws: ``DynamicInjectionError`` when the index's prepare closure fails, or when
    ///   meta containers were given in code: applying them needs the pipeline this build
    ///   leaves out, and dropping them without a word would run the app on other
    ///   implementations than its code asks for.
    func injecting() throws(DynamicInjectionError) -> DynamicInjectionReport {
        let report = try planning()
        outputs?.deliver(report)
        return report
    }

    /// ``plan()`` without dynamic injection: what ``injecting()`` reports, writing nothing.
    func planning() throws(DynamicInjectionError) -> DynamicInjectionReport {
        try index.prepare()
        let policy = policy.inThisBuild
        guard metaContainers.isEmpty else {
            let count = metaContainers.count == 1 ? "a meta container" : "\(metaContainers.count) meta containers"
            throw DynamicInjectionError(diagnostics: [.error(
                "\(count) given in code cannot be applied: \(policy.reason); register those implementations with register(_:) instead",
                at: .code
            )])
        }
        let sources = sources.map { DynamicInjectionReport.Source(name: $0.name, instructionCount: 0, absence: "not read: \(policy.reason)") }
        return DynamicInjectionReport(policy: policy, sources: sources, bindings: [], isApplied: false)
    }
}
#endif
