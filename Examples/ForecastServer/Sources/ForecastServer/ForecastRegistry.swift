import Relay

/// The real implementations: what the server uses unless an instruction replaces them.
struct ForecastRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.global.register(WeatherProvider.self) { _ in OpenMeteoWeatherProvider() }
        DependencyContainer.global.register(WallClock.self) { _ in SystemWallClock() }
        DependencyContainer.global.register(ForecastRoutes.self, lifecycle: .transient) { c in
            ForecastRoutes(container: c)
        }
    }
}
