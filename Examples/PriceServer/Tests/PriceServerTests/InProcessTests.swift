import Relay
import RelayTesting
import Testing
import VaporTesting
@testable import PriceServer

let listPrices = "type=PriceServer.PriceAPI,factory=PriceServer.PriceAPI.List"
let cheapPrices = "type=PriceServer.PriceAPI,factory=PriceServer.PriceAPI.Cheap"

/// A basket naming tea twice: two products, three items.
let teaCoffeeTea = BasketRequest(items: ["tea", "coffee", "tea"])

/// Runs `test` with a new application on an in-memory SQLite database, then shuts it down.
func withPriceServer<Result>(_ test: (Application) async throws -> Result) async throws -> Result {
    try await withApp(configure: { app in try await configure(app, database: .memory) }, test)
}

/// `POST /baskets` with `basket` through `tester`, decoded.
func priceBasket(_ basket: BasketRequest, with tester: some TestingApplicationTester) async throws -> BasketAnswer {
    var answer: BasketAnswer?
    try await tester.test(.POST, "baskets", beforeRequest: { try $0.content.encode(basket) }) { response in
        #expect(response.status == .ok, "\(response.body.string)")
        answer = try response.content.decode(BasketAnswer.self)
    }
    return try #require(answer)
}

// In memory, the request is handled on tasks started by the test's own task: they inherit
// the trait's layer.
@Test(.injecting(listPrices, index: .prices))
func inMemoryRequestSeesTheStub() async throws {
    try await withPriceServer { app in
        let answer = try await priceBasket(teaCoffeeTea, with: try app.testing())
        #expect(answer.lines.map(\.name) == ["Green tea, 100 g", "Coffee beans, 1 kg", "Green tea, 100 g"])
        #expect(answer.total == Price(cents: 450 + 1290 + 450, currency: "EUR"))
        #expect(answer.priceAPICalls == 2)   // three items, two products, one unit of work
    }
}

// A real server on a free port: Vapor serves the socket on NIO's event loops, whose
// handlers do not descend from the test's task; InjectedDependenciesMiddleware, added by
// configure inside the trait's layer, runs each request in it.
@Test(.injecting(cheapPrices, index: .prices))
func runningServerSeesTheStub() async throws {
    try await withPriceServer { app in
        let answer = try await priceBasket(teaCoffeeTea, with: try app.testing(method: .running(port: 0)))
        #expect(answer.lines.map(\.price) == Array(repeating: Price(cents: 99, currency: "EUR"), count: 3))
        #expect(answer.priceAPICalls == 2)
    }
}

// Two running servers at once, each configured inside its own layer: each sees only its
// own stub.
@Test func twoRunningServersEachSeeTheirOwnStub() async throws {
    @Sendable func total(with stub: String) async throws -> Int {
        try await withInjectedDependencies([stub], index: .prices) { () async throws in
            try await withPriceServer { app in
                try await priceBasket(teaCoffeeTea, with: try app.testing(method: .running(port: 0))).total.cents
            }
        }
    }
    async let listTotal = total(with: listPrices)
    async let cheapTotal = total(with: cheapPrices)
    #expect(try await [listTotal, cheapTotal] == [2190, 3 * 99])
}
