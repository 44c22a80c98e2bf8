import Relay
import Vapor

/// Runs each request inside the overrides that were in force when the application was
/// configured: a test's `.injecting(…)` or `withInjectedDependencies` stubs.
///
/// Vapor serves a socket's requests on SwiftNIO's event loops, which do not inherit the
/// test's task-local overrides, so without this a `.running` test's requests would resolve
/// the live price API. In production nothing is in force: the value is empty and `run`
/// just calls the next responder.
struct InjectedDependenciesMiddleware: AsyncMiddleware {
    /// Read once, where `configure(_:database:)` runs.
    let injected = InjectedDependencies.current

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await injected.run { try await next.respond(to: request) }
    }
}
