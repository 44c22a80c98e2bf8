import Relay
import Vapor

/// Runs each request in a unit of work of its own: everything resolved while handling it
/// shares one `PriceQuotes` (registered `.unitOfWork`), and the next request gets a new one.
///
/// `PriceQuotes`' factory resolves the price API, so the API is looked up once per request
/// — at the edge — rather than when the application is configured: a driver that
/// re-injects the running server (`RunningProgram.reinject`) reaches the next request.
struct UnitOfWorkMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await DependencyContainer.withUnitOfWork { try await next.respond(to: request) }
    }
}
