import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// Why a request over loopback gave no answer of the expected type.
struct UnexpectedAnswer: Error, CustomStringConvertible {
    let status: UInt
    let body: String
    var description: String { "HTTP \(status): \(body)" }
}

/// `POST url` with a JSON body, over loopback with the shared AsyncHTTPClient: the status
/// and the body.
func post(_ url: String, json: some Encodable) async throws -> (status: UInt, body: String) {
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "Content-Type", value: "application/json")
    request.body = .bytes(ByteBuffer(data: try JSONEncoder().encode(json)))
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
    return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 20)))
}

/// `POST url` with `json`, expecting 200 and JSON of type `Answer`.
func post<Answer: Decodable>(_ type: Answer.Type, _ url: String, json: some Encodable) async throws -> Answer {
    let (status, body) = try await post(url, json: json)
    guard status == 200 else { throw UnexpectedAnswer(status: status, body: body) }
    return try JSONDecoder().decode(Answer.self, from: Data(body.utf8))
}
