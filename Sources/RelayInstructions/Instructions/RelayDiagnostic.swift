import RelayContainer
/// A message about an instruction source: what is wrong, where, and how to fix it.
///
/// ``description`` uses the GNU format that editors and CI logs understand:
///
/// ```text
/// config/ui.relay:7:1: error: duplicate instruction for MyApp.X in scope global; …
/// config/ui.relay:3:1: note: previous instruction for MyApp.X is here
/// ```
public struct RelayDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        /// The source cannot be used as written.
        case error
        /// The source works, but probably not as intended.
        case warning
        /// Extra context attached to another diagnostic.
        case note
    }

    /// Where the problem is.
    public let origin: InstructionOrigin
    /// How serious it is.
    public let severity: Severity
    /// What is wrong and what would fix it.
    public let message: String
    /// Related places, such as the earlier instruction a duplicate collides with.
    public let notes: [RelayDiagnostic]

    /// Creates a diagnostic.
    package init(origin: InstructionOrigin, severity: Severity = .error, message: String, notes: [RelayDiagnostic] = []) {
        self.origin = origin
        self.severity = severity
        self.message = message
        self.notes = notes
    }

    /// An error diagnostic at `origin`.
    public static func error(_ message: String, at origin: InstructionOrigin, notes: [RelayDiagnostic] = []) -> RelayDiagnostic {
        RelayDiagnostic(origin: origin, severity: .error, message: message, notes: notes)
    }

    /// A note, for use in another diagnostic's ``notes``.
    public static func note(_ message: String, at origin: InstructionOrigin) -> RelayDiagnostic {
        RelayDiagnostic(origin: origin, severity: .note, message: message)
    }

    /// `origin: severity: message`, then one `origin: note: message` line per note.
    public var description: String {
        var lines = ["\(origin): \(severity.rawValue): \(message)"]
        for note in notes {
            lines.append("\(note.origin): note: \(note.message)")
        }
        return lines.joined(separator: "\n")
    }
}

#if RELAY_DRIVABLE
// As JSON only in builds with dynamic injection, where the report that holds it is written
// (DynamicInjectionReport.swift).
extension RelayDiagnostic: Codable {}
extension RelayDiagnostic.Severity: Codable {}
#endif
