// A container you can print: `description` lists its registrations, for a debugger, a log
// line asked for, or a failing test's message. The engine hands them out
// (ResolutionEngine.listing(of:)); this file only words them.

extension DependencyContainer: CustomStringConvertible, CustomDebugStringConvertible {
    /// This container's registrations, one per line: the type, its tag and argument
    /// type if any, its lifecycle, the types forwarded to it, and where it was registered.
    ///
    /// ```swift
    /// c.register(NetworkLayer.self) { _ in LocalNetwork() }
    /// c.register(NetworkLayer.self, tag: "Production", lifecycle: .transient) { _ in RemoteNetwork() }
    /// print(c)
    /// // DependencyContainer global: 2 registrations
    /// //   MyApp.NetworkLayer: singleton (MyApp/Setup.swift:1)
    /// //   MyApp.NetworkLayer tagged 'Production': transient (MyApp/Setup.swift:2)
    /// ```
    ///
    /// Lines are sorted by type name, then tag (untagged first), then argument type (none
    /// first), so the text is the same from run to run. A forwarded type
    /// (``register(_:as:tag:lifecycle:file:line:factory:)``) reads `forwards to` its
    /// implementation, whose line says what it is `forwarded as`. The registrations dynamic
    /// injection made follow under their own heading, `injected`: a resolve consults them
    /// before the code registrations. Only this container's own registrations are listed,
    /// not its fallback's (print ``global`` too) nor a test's overrides. Nothing is resolved
    /// and nothing is printed unless you print it.
    public var description: String {
        let (code, injected) = ResolutionEngine.shared.listing(of: self)
        let name = scope.place + (scope.isGlobal ? "" : " (falls back to global)")
        var lines = ["DependencyContainer \(name): \(Self.count(code))"]
        lines += code.map(Self.line)
        if !injected.isEmpty {
            lines.append("injected, consulted first: \(Self.count(injected))")
            lines += injected.map(Self.line)
        }
        return lines.joined(separator: "\n")
    }

    /// The same text as ``description``.
    public var debugDescription: String { description }

    private static func count(_ listings: [RegistrationListing]) -> String {
        switch listings.count {
        case 0: "no registrations"
        case 1: "1 registration"
        case let count: "\(count) registrations"
        }
    }

    private static func line(_ listing: RegistrationListing) -> String {
        var subject = listing.typeName
        if let tag = listing.tag { subject += " tagged '\(tag.name)'" }
        if let argument = listing.argumentTypeName { subject += " with argument \(argument)" }
        var facts: [String] = []
        if let implementation = listing.forwardsTo {
            facts.append("forwards to \(implementation)")
        } else {
            facts.append(listing.instanceScope.map { "\(listing.lifecycle) in instance scope '\(UserText.escaped($0.name))'" } ?? listing.lifecycle.description)
        }
        if listing.runsOnMainActor { facts.append("on the main actor") }
        if listing.hasCompletion { facts.append("with a completion hook") }
        if !listing.forwardedAs.isEmpty { facts.append("forwarded as \(listing.forwardedAs.joined(separator: ", "))") }
        return "  \(subject): \(facts.joined(separator: ", ")) (\(listing.origin))"
    }
}
