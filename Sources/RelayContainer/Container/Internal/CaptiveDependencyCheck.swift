// Captive dependencies: a registration that outlives a unit of work (singleton,
// weakSingleton, eagerSingleton) resolving a unitOfWork registration while it is built.
// validate() reports it (in its throw-away world the check throws); a live resolve in a
// debug build warns once on standard error. Called when a resolve carries out its plan
// for a unitOfWork instance (Raw/DependencyContainer+Resolution.swift, and `build` in
// DependencyContainer+Singletons.swift) and, in debug builds, consulted by the per-thread
// table probe, which then skips the unit's entries (Raw/ResolutionThread+Frames.swift).

extension DependencyContainer {
    /// Checks a resolve of the unitOfWork `registration` against what this thread is
    /// building (``ResolutionThread/outlivingFrame()``). In a detached container
    /// (validation) a captive dependency throws ``DependencyResolutionError/Reason/captiveDependency``;
    /// in a live one, a debug build writes ``CaptiveDependencyWarning`` once per chain and
    /// the resolve goes on, a release build does nothing.
    ///
    /// Call without the engine lock: a resolve calls it as it carries out its plan, for a
    /// ready instance or before building one (``build(_:into:thread:requested:)``).
    func checkCaptive(_ registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) {
        #if !DEBUG
        guard isDetached else { return }
        #endif
        guard thread.depth != 0, let start = thread.outlivingFrame() else { return }
        let frames = thread.runningRegistrations(from: start)
        let links = (frames + [registration]).map(Self.captiveLink)
        if isDetached {
            throw .captiveDependency(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description, links: links)
        }
        CaptiveDependencyWarning.warn(links: links)
    }

    /// `Type tagged 'x' (lifecycle, registered at place)`.
    private static func captiveLink(_ registration: Registration) -> String {
        let tag = registration.tag.map { " tagged '\($0.name)'" } ?? ""
        return "\(registration.key.typeName)\(tag) (\(registration.lifecycle), registered at \(registration.origin))"
    }
}

/// The line a debug build writes to standard error when a live resolve builds a
/// registration that outlives a unit of work from a unitOfWork instance — the mistake
/// ``DependencyContainer/validate()`` reports, caught as it happens. Once per chain of
/// registrations and process: the program goes on (stopping it would be too much for a
/// lifetime mistake a test may not have covered), and nothing else would tell.
enum CaptiveDependencyWarning {
    /// Writes the warning for `links` (outliving registration first, unitOfWork last)
    /// through ``LibraryWarning``, once per chain.
    static func warn(links: [String]) {
        let chain = links.joined(separator: " → ")
        LibraryWarning.warn(message(chain: chain), once: "captive dependency: " + chain)
    }

    /// The warning for `chain`, ending with a line feed.
    static func message(chain: String) -> String {
        "Relay: warning: captive dependency: \(chain): the first registration outlives a unit of work and keeps this unit's instance for every later unit; DependencyContainer.validate() reports it (printed once per chain, in debug builds only)\n"
    }
}
