import RelayContainer
import Foundation

/// Everything the dynamic-injection pipeline found wrong, every problem at once: in a
/// source (unreadable, malformed, too large), in an instruction's syntax, in repeats, or
/// against the index (unknown keys, a factory for another type).
///
/// It is the one error of the pipeline: instruction sources throw it, and so do
/// ``DynamicDependencyRegistry`` (before it registers anything: when it is thrown, every
/// container is exactly as it was), ``DependencyOverrides`` and `withInjectedDependencies`
/// (before the operation runs). Each diagnostic says where the instruction came from
/// (`path:line:column`, `$RELAY_DEPENDENCIES:segment:column`, `argv[N]`) and what would
/// fix it:
///
/// ```swift
/// do {
///     try DynamicDependencyRegistry.standard(index: .myApp).inject()
/// } catch {
///     FileHandle.standardError.write(Data((error.description + "\n").utf8))
///     exit(1)
/// }
/// ```
public struct DynamicInjectionError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Every problem found, in source order.
    public var diagnostics: [RelayDiagnostic]

    /// Creates an error from its diagnostics (for a source of your own).
    public init(diagnostics: [RelayDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// How many diagnostics ``description`` shows: the first 100. A source can hold tens
    /// of thousands of problems (a generated file gone wrong, a script passing `-d` in a
    /// loop), and printing them all buries the first one — usually the cause — under
    /// pages of repeats. ``diagnostics`` always holds every one.
    public static let descriptionLimit = 100

    /// The diagnostics, one per line (notes on their own lines), GNU style: the first
    /// ``descriptionLimit`` of them, then, if there are more, one line saying how many
    /// more there are (`… and 99900 more problems (100000 in all); …`).
    ///
    /// This is the one place that caps what Relay prints: the `relay` tool and
    /// `relay-demo` print this description too.
    public var description: String {
        var lines = diagnostics.prefix(Self.descriptionLimit).map(\.description)
        let hidden = diagnostics.count - Self.descriptionLimit
        if hidden > 0 {
            lines.append("… and \(hidden) more \(hidden == 1 ? "problem" : "problems") (\(diagnostics.count) in all); fix the ones above first, or read DynamicInjectionError.diagnostics for every one")
        }
        return lines.joined(separator: "\n")
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
