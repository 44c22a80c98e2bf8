import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat

/// The weather in one place at one moment.
struct Conditions: Codable, Equatable, Sendable {
    /// A word or two: "sunny", "rain", "snow".
    var summary: String
    var temperatureCelsius: Double
    /// Whether rain, drizzle, showers or snow are falling.
    var isWet: Bool
}

/// Where the server gets the weather: the outside world, which tests replace.
protocol WeatherProvider: Sendable {
    func conditions(in city: String) async throws -> Conditions
}

/// Why a provider gave no conditions.
enum WeatherProviderError: Error, Equatable, CustomStringConvertible {
    /// The provider knows no place of that name (the server answers 404).
    case unknownCity(String)
    /// The provider answered, but not with what was asked (the server answers 502).
    case badResponse(String)

    var description: String {
        switch self {
        case let .unknownCity(city): "no place called '\(city)'"
        case let .badResponse(what): "the weather service answered badly: \(what)"
        }
    }
}

/// The real provider: Open-Meteo's free geocoding and forecast APIs, over AsyncHTTPClient.
/// Two GETs per lookup: the city's coordinates, then the current weather there.
struct OpenMeteoWeatherProvider: WeatherProvider {
    var client: HTTPClient = .shared   // the process-wide client, which never needs shutting down
    var geocodingURL = "https://geocoding-api.open-meteo.com/v1/search"
    var forecastURL = "https://api.open-meteo.com/v1/forecast"
    var timeout: TimeAmount = .seconds(10)

    func conditions(in city: String) async throws -> Conditions {
        let places: GeocodingAnswer = try await get(geocodingURL, query: ["name": city, "count": "1"])
        guard let place = places.results?.first else { throw WeatherProviderError.unknownCity(city) }
        let forecast: ForecastAnswer = try await get(forecastURL, query: [
            "latitude": "\(place.latitude)",
            "longitude": "\(place.longitude)",
            "current": "temperature_2m,weather_code",
        ])
        let (summary, isWet) = Self.describe(weatherCode: forecast.current.weather_code)
        return Conditions(summary: summary, temperatureCelsius: forecast.current.temperature_2m, isWet: isWet)
    }

    /// GETs `url` with `query` and decodes the JSON answer.
    private func get<Answer: Decodable>(_ url: String, query: [String: String]) async throws -> Answer {
        var components = URLComponents(string: url)
        components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard let address = components?.string else { throw WeatherProviderError.badResponse("cannot build a URL from \(url)") }
        var request = HTTPClientRequest(url: address)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else {
            throw WeatherProviderError.badResponse("HTTP \(response.status.code) from \(url)")
        }
        return try JSONDecoder().decode(Answer.self, from: body)
    }

    /// The summary and wetness of a WMO weather code, as Open-Meteo reports it.
    static func describe(weatherCode code: Int) -> (summary: String, isWet: Bool) {
        switch code {
        case 0: ("sunny", false)
        case 1...3: ("cloudy", false)
        case 45, 48: ("fog", false)
        case 51...67, 80...82: ("rain", true)
        case 71...77, 85, 86: ("snow", true)
        case 95...99: ("thunderstorm", true)
        default: ("unknown", false)
        }
    }

    // The parts of Open-Meteo's answers used here; the names are theirs.
    private struct GeocodingAnswer: Decodable {
        struct Place: Decodable { var latitude: Double; var longitude: Double }
        var results: [Place]?
    }
    private struct ForecastAnswer: Decodable {
        struct Current: Decodable { var temperature_2m: Double; var weather_code: Int }
        var current: Current
    }
}
