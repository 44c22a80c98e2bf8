// Captive dependencies: a registration that outlives a unit of work (singleton,
// weakSingleton, eagerSingleton) resolving a unitOfWork registration while it is built.

extension DependencyContainer {
    /// Checks a resolve of the unitOfWork `registration` against what this thread is
    /// building (``ResolutionThread/outlivingFrame()``). In a detached container
    /// (validation) a captive dependency throws ``DependencyResolutionError/Reason/captiveDependency``;
    /// in a live one, a debug build warns once per chain (``CaptiveDependencyWarning``) and
    /// the resolve goes on. Call without the engine lock.
    func checkCaptive(_ registration: Registration, thread: ResolutionThread) throws(DependencyResolutionError) {
        #if !DEBUG
        guard isDetached else { return }
        #endif
        guard thread.depth != 0, let start = thread.outlivingFrame() else { return }
        let frames = thread.runningRegistrations(from: start)
        let links = (frames + [registration]).map { "\($0.name) (\($0.lifecycle), registered at \($0.origin))" }
        if isDetached {
            throw .captiveDependency(key: registration.key, scope: scope, chain: thread.chain(appending: registration.key), registration: registration.origin.description, links: links)
        }
        CaptiveDependencyWarning.warn(links: links)
    }
}

/// What a debug build writes when a live resolve makes the mistake
/// ``DependencyContainer/validate()`` reports, once per chain and process: the program
/// goes on (a lifetime mistake a test may not have covered is no reason to stop it).
enum CaptiveDependencyWarning {
    /// `links`: outliving registration first, unitOfWork last.
    static func warn(links: [String]) {
        let chain = links.joined(separator: " → ")
        LibraryWarning.warn(message(chain: chain), once: "captive dependency: " + chain)
    }

    /// The warning for `chain`, ending with a line feed.
    static func message(chain: String) -> String {
        "Relay: warning: captive dependency: \(chain): the first registration outlives a unit of work and keeps this unit's instance for every later unit; DependencyContainer.validate() reports it (printed once per chain, in debug builds only)\n"
    }
}
