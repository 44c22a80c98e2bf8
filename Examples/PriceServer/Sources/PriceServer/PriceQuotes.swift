import Foundation

/// The prices one request has asked for: registered with the `.unitOfWork` lifecycle, so
/// every resolve while handling a request — on any of its tasks — gets the same instance,
/// and the next request a new one (`UnitOfWorkMiddleware` opens the unit). A basket naming
/// a product three times asks the price API once for it.
actor PriceQuotes {
    /// Tells one request from another in answers and logs.
    nonisolated let requestID = UUID()
    private let api: any PriceAPI
    /// One lookup per product, shared by everyone who asks for that product's price.
    private var pending: [String: Task<Price, any Error>] = [:]

    init(api: any PriceAPI) {
        self.api = api
    }

    /// How many times this request has asked the price API.
    var apiCalls: Int { pending.count }

    /// The price of `sku`, asked of the API the first time only — also when two tasks ask
    /// at the same moment.
    func price(of sku: String) async throws -> Price {
        if let lookup = pending[sku] { return try await lookup.value }
        let api = api
        let lookup = Task { try await api.price(of: sku) }
        pending[sku] = lookup
        return try await lookup.value
    }
}
