import Foundation
import Hummingbird
import Logging
import Relay

/// The request context: Hummingbird's core storage.
struct ForecastRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}

/// Runs each request in a unit of work of its own: everything resolved while handling it
/// shares one `RequestWork` (registered `.unitOfWork`), and the next request gets a new one.
///
/// `RequestWork`'s factory resolves the provider and the clock, so they are looked up once
/// per request — at the edge — rather than when the application is built: a driver that
/// re-injects the running server (`RunningProgram.reinject`) reaches the next request.
/// Resolving a singleton again costs a few loads, not a new provider.
struct RequestWorkMiddleware: RouterMiddleware {
    typealias Context = ForecastRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await DependencyContainer.withUnitOfWork { try await next(request, context) }
    }
}

/// Runs each request inside the overrides that were in force where the application was
/// built: a test's `.injecting(…)` or `withInjectedDependencies` layer, read when the
/// router is set up. Hummingbird's handlers run on tasks of the application's, which
/// inherit the layer when the application runs inside it; this middleware makes the
/// stubs follow the application instead, wherever it runs and whatever thread a request
/// arrives on (a framework serving requests from event-loop threads needs it). In
/// production nothing is in force: `injected` is empty and `run` just runs the request.
struct InjectedDependenciesMiddleware: RouterMiddleware {
    typealias Context = ForecastRequestContext

    let injected = InjectedDependencies.current

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await injected.run { try await next(request, context) }
    }
}

/// The answer to `GET /forecast/:city`.
struct ForecastAnswer: ResponseCodable, Equatable {
    var city: String
    var summary: String
    var temperatureCelsius: Double
    var advice: String
    /// When the request arrived, ISO 8601.
    var issuedAt: String
    var validUntil: String
    /// This request's unit of work, and how often it asked the provider.
    var requestID: String
    var providerCalls: Int
    /// The unit of work the advice service saw: the same as ``requestID``.
    var adviceRequestID: String
}

/// The routes, with the container each request resolves its `RequestWork` (and through it
/// the provider and the clock) from.
struct ForecastRoutes: Sendable {
    /// Where the handlers find this request's `RequestWork`.
    let container: DependencyContainer
    var forecasts: ForecastService
    var advisor: AdviceService

    init(container: DependencyContainer) {
        self.container = container
        forecasts = ForecastService(container: container)
        advisor = AdviceService(container: container)
    }

    func add(to router: Router<ForecastRequestContext>) {
        // First, so that the request's unit of work is made inside the overrides too.
        router.add(middleware: InjectedDependenciesMiddleware())
        router.add(middleware: RequestWorkMiddleware())
        router.get("health") { _, _ in "ok" }
        router.get("forecast/:city") { _, context in try await forecast(context) }
    }

    func forecast(_ context: ForecastRequestContext) async throws -> ForecastAnswer {
        let city = try context.parameters.require("city")
        do {
            // Two services, each resolving this request's RequestWork: the provider is asked once.
            async let forecast = forecasts.forecast(for: city)
            async let advice = advisor.advice(for: city)
            let work = try container.tryResolve(RequestWork.self)
            let (conditions, issuedAt, validUntil) = try await forecast
            let (advised, adviceWork) = try await advice
            return ForecastAnswer(
                city: city,
                summary: conditions.summary,
                temperatureCelsius: conditions.temperatureCelsius,
                advice: advised,
                issuedAt: issuedAt.formatted(.iso8601),
                validUntil: validUntil.formatted(.iso8601),
                requestID: work.id.uuidString,
                providerCalls: await work.providerCalls,
                adviceRequestID: adviceWork.uuidString
            )
        } catch let error as WeatherProviderError {
            if case .unknownCity = error { throw HTTPError(.notFound, message: "\(error)") }
            throw HTTPError(.badGateway, message: "\(error)")
        } catch {
            throw HTTPError(.badGateway, message: "weather provider failed: \(error)")
        }
    }
}

/// The server, wired from the dependency container.
///
/// Call it where the dependencies you want are in force: after `inject()` at start-up, or
/// inside a test's `.injecting(…)` / `withInjectedDependencies` — and run the application
/// there too: each request resolves its provider and clock on a task of the application's,
/// which sees the test's layer only if the application runs inside it.
func buildApplication(
    host: String = "127.0.0.1",
    port: Int = 0,
    onListening: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> some ApplicationProtocol {
    let routes = try DependencyContainer.global.tryResolve(ForecastRoutes.self)
    let router = Router(context: ForecastRequestContext.self)
    routes.add(to: router)
    return Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "forecast-server"),
        onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
        logger: Logger(label: "forecast-server")
    )
}
