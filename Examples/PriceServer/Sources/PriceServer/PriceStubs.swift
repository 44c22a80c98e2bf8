#if DEBUG
/// One price for every product. Compiled into debug builds only.
struct FixedPriceAPI: PriceAPI {
    var price: Price
    func price(of sku: String) async throws -> Price { price }
}

/// The list prices of the seeded products (tea 4.50 EUR, coffee 12.90 EUR, honey 7.25
/// EUR). Compiled into debug builds only.
struct ListPriceAPI: PriceAPI {
    struct NoPrice: Error, CustomStringConvertible {
        var sku: String
        var description: String { "no list price for '\(sku)'" }
    }
    static let cents = ["tea": 450, "coffee": 1290, "honey": 725]

    func price(of sku: String) async throws -> Price {
        guard let cents = Self.cents[sku] else { throw NoPrice(sku: sku) }
        return Price(cents: cents, currency: "EUR")
    }
}

/// A price API that is down. Compiled into debug builds only.
struct UnavailablePriceAPI: PriceAPI {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the price API is unavailable" }
    }
    func price(of sku: String) async throws -> Price { throw Unavailable() }
}
#endif
