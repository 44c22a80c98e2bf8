import Relay

extension DependencyTypeKey {
    static let weatherProvider = DependencyTypeKey("ForecastServer.WeatherProvider")
    static let wallClock = DependencyTypeKey("ForecastServer.WallClock")
}

extension DependencyFactoryKey {
    /// Sunny and 24 °C everywhere.
    static let weatherSunny = DependencyFactoryKey("ForecastServer.WeatherProvider.Sunny")
    /// Rain and 11 °C everywhere.
    static let weatherRainy = DependencyFactoryKey("ForecastServer.WeatherProvider.Rainy")
    /// Every lookup fails, as when the weather service is down: the server answers 502.
    static let weatherFailing = DependencyFactoryKey("ForecastServer.WeatherProvider.Failing")
    /// Always 2025-03-14T09:26:53Z.
    static let wallClockFixed = DependencyFactoryKey("ForecastServer.WallClock.Fixed")
}

extension DynamicDependencyIndex {
    /// Everything a driver may inject into the forecast server. Filled once, on first use.
    static let forecast = DynamicDependencyIndex { index in
        try ForecastRegistry().registerDependencies()   // the defaults that instructions replace
        #if DEBUG
        index.add(type: .weatherProvider, WeatherProvider.self)
        index.add(factory: .weatherSunny, producing: WeatherProvider.self) { _ in
            FixedWeather(conditions: Conditions(summary: "sunny", temperatureCelsius: 24, isWet: false))
        }
        index.add(factory: .weatherRainy, producing: WeatherProvider.self) { _ in
            FixedWeather(conditions: Conditions(summary: "rain", temperatureCelsius: 11, isWet: true))
        }
        index.add(factory: .weatherFailing, producing: WeatherProvider.self) { _ in UnavailableWeather() }
        index.add(type: .wallClock, WallClock.self)
        index.add(factory: .wallClockFixed, producing: WallClock.self) { _ in FixedWallClock() }
        #endif
    }
}
