import Foundation

/// Instructions that cannot be applied, every problem at once.
///
/// Thrown by ``DynamicDependencyRegistry`` before it registers anything: when it is
/// thrown, every container is exactly as it was. Each diagnostic says where the
/// instruction came from (`path:line:column`, `$RELAY_DEPENDENCIES:segment:column`,
/// `argv[N]`) and what would fix it.
public struct DynamicInjectionError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Every problem found, in source order.
    public var diagnostics: [RelayDiagnostic]

    public init(diagnostics: [RelayDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one per line (notes on their own lines), GNU style.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }

    public var errorDescription: String? { description }
}
