/// A program that never calls `inject()` runs its live dependencies whatever a driver
/// passed. The containers say so at the first resolve (``UninjectedInstructionsWarning``)
/// and on a missing registration (``missingRegistrationHint()``).
package enum ForgottenInject {
    /// Whether any registry's `inject()` (or `registerDependencies()`) has run in this
    /// process, successfully or not. Set by `DynamicDependencyRegistry.inject()`.
    package static let hasInjected = LockedState(false)

    /// Evaluated once, when the first thread that resolves gets its state
    /// (`ResolutionThread.makeCurrent()`), off every measured resolve path.
    static let checkedAtFirstResolve: Void = UninjectedInstructionsWarning.standard.check()

    /// The note and fix for a missing registration in a process where nothing injected;
    /// `nil` after an `inject()`. Asked only when no index that fills itself exists.
    static func missingRegistrationHint() -> MissingRegistrationHint? {
        guard !hasInjected.withLock({ $0 }) else { return nil }
        return MissingRegistrationHint(
            note: "no DynamicDependencyRegistry has injected in this process, and no DynamicDependencyIndex that fills itself has been made, so nothing the app registers at start-up through inject() has run",
            fix: "if the app registers its dependencies at start-up, call try DynamicDependencyRegistry.standard(index:).inject() before resolving anything"
        )
    }
}

/// The warning at the first resolve of a process in which instructions wait in the
/// environment or `./.relay` and no registry has injected (debug builds only, once).
struct UninjectedInstructionsWarning: Sendable {
    /// Whether an `inject()` has run in this process.
    var hasInjected: @Sendable () -> Bool
    /// The value of an environment variable, `nil` when unset.
    var variable: @Sendable (String) -> String?
    /// Whether `./.relay` exists in the working directory.
    var configFileExists: @Sendable () -> Bool

    /// The process's own: its environment and working directory.
    static let standard = UninjectedInstructionsWarning(
        hasInjected: { ForgottenInject.hasInjected.withLock { $0 } },
        variable: { ProcessEnvironment.value($0) },
        configFileExists: { ProcessEnvironment.fileExists(StandardInstructionPlaces.configFileName) }
    )

    /// The places holding instructions no `inject()` read, as the standard sources would
    /// read them: `$RELAY_DEPENDENCIES` when not empty; `$RELAY_DEPENDENCIES_FILE` when not
    /// empty, else `./.relay` when the variable is unset and the file exists.
    func waitingPlaces() -> [String] {
        var places: [String] = []
        if let list = variable(StandardInstructionPlaces.dependenciesVariable), !list.isEmpty {
            places.append("$" + StandardInstructionPlaces.dependenciesVariable)
        }
        switch variable(StandardInstructionPlaces.dependenciesFileVariable) {
        case let path? where !path.isEmpty:
            places.append("$\(StandardInstructionPlaces.dependenciesFileVariable) (\(UserText.quoted(path, limit: UserText.nameLimit)))")
        case nil where configFileExists():
            places.append("./" + StandardInstructionPlaces.configFileName)
        default:
            break
        }
        return places
    }

    /// Warns when nothing injected and some place holds instructions.
    func check() {
        guard LibraryWarning.isEnabled, !hasInjected() else { return }
        let places = waitingPlaces()
        if !places.isEmpty { LibraryWarning.warn(Self.message(waiting: places), once: "uninjected instructions") }
    }

    /// The warning naming `places`, ending with a line feed.
    static func message(waiting places: [String]) -> String {
        let listed = places.count == 1 ? places[0] : places.dropLast().joined(separator: ", ") + " and " + places[places.count - 1]
        return "Relay: warning: instructions are waiting in \(listed), but this process resolved a dependency before any DynamicDependencyRegistry injected, "
            + "so they were not applied and the live dependencies run; "
            + "call try DynamicDependencyRegistry.standard(index:).inject() at start-up, before resolving anything (printed once, in debug builds only)\n"
    }
}
