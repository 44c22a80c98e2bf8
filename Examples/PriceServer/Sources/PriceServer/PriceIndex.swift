import Relay

extension DependencyTypeKey {
    static let priceAPI = DependencyTypeKey("PriceServer.PriceAPI")
}

extension DependencyFactoryKey {
    /// 0.99 EUR for everything.
    static let priceCheap = DependencyFactoryKey("PriceServer.PriceAPI.Cheap")
    /// The seeded products' list prices: tea 4.50, coffee 12.90, honey 7.25 (EUR).
    static let priceList = DependencyFactoryKey("PriceServer.PriceAPI.List")
    /// Every request fails, as when the price API is down: the server answers 502.
    static let priceUnavailable = DependencyFactoryKey("PriceServer.PriceAPI.Unavailable")
}

extension DynamicDependencyIndex {
    /// Everything a driver may inject into the price server. Filled once, on first use.
    static let prices = DynamicDependencyIndex { index in
        try PriceRegistry().registerDependencies()   // the defaults that instructions replace
        #if DEBUG
        index.add(type: .priceAPI, PriceAPI.self)
        index.add(factory: .priceCheap, producing: PriceAPI.self) { _ in FixedPriceAPI(price: Price(cents: 99, currency: "EUR")) }
        index.add(factory: .priceList, producing: PriceAPI.self) { _ in ListPriceAPI() }
        index.add(factory: .priceUnavailable, producing: PriceAPI.self) { _ in UnavailablePriceAPI() }
        #endif
    }
}
