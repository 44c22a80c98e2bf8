import Relay
import Vapor

/// `POST /baskets`'s body: the SKUs, one per item (a SKU may repeat).
struct BasketRequest: Content {
    var items: [String]
}

/// One item of a basket, priced.
struct BasketLine: Content, Equatable {
    var sku: String
    var name: String
    var price: Price
}

/// The answer to `POST /baskets`.
struct BasketAnswer: Content, Equatable {
    var lines: [BasketLine]
    var total: Price
    /// This request's unit of work, and how often it asked the price API: once per
    /// distinct product, however many items name it.
    var requestID: String
    var priceAPICalls: Int
}

/// The routes. Each handler resolves what it needs from the container when the request
/// arrives, inside the request's unit of work.
func routes(_ app: Application) {
    app.get("health") { _ in "ok" }
    app.get("products", ":sku") { request async throws -> BasketLine in
        let sku = try request.parameters.require("sku")
        return try await price(BasketRequest(items: [sku]), on: request).lines[0]
    }
    app.post("baskets") { request async throws -> BasketAnswer in
        try await price(try request.content.decode(BasketRequest.self), on: request)
    }
}

/// Prices every item of `basket`: names from the database, prices from the price API, each
/// item on a task of its own — all of them sharing the request's `PriceQuotes`.
func price(_ basket: BasketRequest, on request: Request) async throws -> BasketAnswer {
    let products = try await Catalog(request.db).products(Set(basket.items))
    let items = try basket.items.map { sku in
        guard let product = products[sku] else { throw Abort(.notFound, reason: "no product '\(sku)'") }
        return product
    }
    let lines = try await withThrowingTaskGroup(of: (Int, BasketLine).self) { group in
        for (position, product) in items.enumerated() {
            group.addTask {
                let quotes = try DependencyContainer.global.tryResolve(PriceQuotes.self)
                do {
                    let price = try await quotes.price(of: product.sku)
                    return (position, BasketLine(sku: product.sku, name: product.name, price: price))
                } catch {
                    throw Abort(.badGateway, reason: "price API: \(error)")
                }
            }
        }
        return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
    let quotes = try DependencyContainer.global.tryResolve(PriceQuotes.self)
    return BasketAnswer(
        lines: lines,
        total: Price(cents: lines.reduce(0) { $0 + $1.price.cents }, currency: lines.first?.price.currency ?? "EUR"),
        requestID: quotes.requestID.uuidString,
        priceAPICalls: await quotes.apiCalls
    )
}
