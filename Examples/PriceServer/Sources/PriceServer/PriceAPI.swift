import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// An amount of money in the smallest unit of its currency.
struct Price: Codable, Equatable, Sendable {
    var cents: Int
    var currency: String
}

/// The outside price API the server asks for today's price of a product: the dependency
/// tests replace.
protocol PriceAPI: Sendable {
    func price(of sku: String) async throws -> Price
}

/// The real API: `GET {baseURL}/prices/{sku}`, answering `{"cents": 450, "currency": "EUR"}`.
struct HTTPPriceAPI: PriceAPI {
    var client: HTTPClient = .shared   // the process-wide client, which never needs shutting down
    var baseURL: String

    struct BadAnswer: Error, CustomStringConvertible {
        var status: UInt
        var description: String { "the price API answered HTTP \(status)" }
    }

    func price(of sku: String) async throws -> Price {
        let response = try await client.execute(HTTPClientRequest(url: "\(baseURL)/prices/\(sku)"), timeout: .seconds(5))
        guard response.status == .ok else { throw BadAnswer(status: response.status.code) }
        return try JSONDecoder().decode(Price.self, from: try await response.body.collect(upTo: 1 << 16))
    }
}
