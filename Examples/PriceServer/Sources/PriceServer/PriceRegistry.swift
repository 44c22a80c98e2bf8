import Foundation
import Relay

/// The real implementations: what the server uses unless an instruction replaces them.
struct PriceRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        let baseURL = ProcessInfo.processInfo.environment["PRICE_API_URL"] ?? "https://prices.example.com/v1"
        DependencyContainer.global.register(PriceAPI.self) { _ in HTTPPriceAPI(baseURL: baseURL) }
        // One per request: UnitOfWorkMiddleware runs each request in a unit of work.
        DependencyContainer.global.register(PriceQuotes.self, lifecycle: .unitOfWork) { c in
            PriceQuotes(api: try c.tryResolve())
        }
    }
}
