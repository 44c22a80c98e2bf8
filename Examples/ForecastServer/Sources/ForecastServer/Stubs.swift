#if DEBUG
/// The same conditions in every city.
struct FixedWeather: WeatherProvider {
    let conditions: Conditions
    func conditions(in city: String) async throws -> Conditions { conditions }
}

/// A weather service that is down.
struct UnavailableWeather: WeatherProvider {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the weather service is unavailable" }
    }
    func conditions(in city: String) async throws -> Conditions { throw Unavailable() }
}
#endif
