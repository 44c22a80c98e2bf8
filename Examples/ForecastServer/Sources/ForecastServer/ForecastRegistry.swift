import Relay

/// The real implementations: what the server uses unless an instruction replaces them.
struct ForecastRegistry: DependencyRegistryType {
    func registerDependencies() throws {
        DependencyContainer.global.register(WeatherProvider.self) { _ in OpenMeteoWeatherProvider() }
        DependencyContainer.global.register(WallClock.self) { _ in SystemWallClock() }
        // One per request: RequestWorkMiddleware runs each request in a unit of work.
        DependencyContainer.global.register(RequestWork.self, lifecycle: .unitOfWork) { c in
            RequestWork(provider: try c.tryResolve(), startedAt: try c.tryResolve(WallClock.self).now)
        }
        DependencyContainer.global.register(ForecastRoutes.self, lifecycle: .transient) { c in ForecastRoutes(container: c) }
    }
}
