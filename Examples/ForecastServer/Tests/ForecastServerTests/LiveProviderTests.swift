import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import ForecastServer

/// The live provider's real code, against a stand-in for Open-Meteo on loopback: the two
/// requests it makes and how it reads the answers. (No test reaches the real service.)
@Test func liveProviderReadsOpenMeteoAnswers() async throws {
    let router = Router()
    router.get("v1/search") { request, _ in
        let name = request.uri.queryParameters["name"].map(String.init) ?? ""
        let results = name == "Atlantis" ? "" : #""results":[{"name":"Oslo","latitude":59.91,"longitude":10.75}]"#
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: "{\(results)}")))
    }
    router.get("v1/forecast") { request, _ in
        #expect(request.uri.queryParameters["latitude"] == "59.91")
        #expect(request.uri.queryParameters["current"] == "temperature_2m,weather_code")
        let body = #"{"current":{"time":"2025-03-14T09:15","temperature_2m":3.5,"weather_code":61}}"#
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
    try await Application(router: router).test(.live) { client in
        let base = "http://localhost:\(try #require(client.port))/v1"
        let provider = OpenMeteoWeatherProvider(geocodingURL: "\(base)/search", forecastURL: "\(base)/forecast")
        #expect(try await provider.conditions(in: "Oslo") == Conditions(summary: "rain", temperatureCelsius: 3.5, isWet: true))
        await #expect(throws: WeatherProviderError.unknownCity("Atlantis")) { try await provider.conditions(in: "Atlantis") }
    }
}
