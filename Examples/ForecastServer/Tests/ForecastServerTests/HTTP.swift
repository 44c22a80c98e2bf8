import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

struct UnexpectedStatus: Error, CustomStringConvertible {
    let status: UInt
    let body: String
    var description: String { "HTTP \(status): \(body)" }
}

/// `GET url` over loopback with the shared AsyncHTTPClient: the status and the body.
func get(_ url: String) async throws -> (status: UInt, body: String) {
    let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 20)
    return (response.status.code, String(buffer: body))
}

/// `GET url`, expecting 200 and JSON of type `Answer`.
func get<Answer: Decodable>(_ type: Answer.Type, _ url: String) async throws -> Answer {
    let (status, body) = try await get(url)
    guard status == 200 else { throw UnexpectedStatus(status: status, body: body) }
    return try JSONDecoder().decode(Answer.self, from: Data(body.utf8))
}
