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
///     try DynamicDependencyRegistry.standard().inject()
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

    /// The diagnostics, one per line (notes on their own lines), GNU style.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    /// The same text as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
