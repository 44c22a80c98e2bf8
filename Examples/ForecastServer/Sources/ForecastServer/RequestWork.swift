import Foundation

/// The unit of work of one request: registered with the `.unitOfWork` lifecycle, so the
/// first service to resolve it during a request builds it, every other service (on any of
/// the request's tasks) gets the same one, and it is gone when the answer is written
/// (`RequestWorkMiddleware` runs each request in `DependencyContainer.withUnitOfWork`).
/// Everything in one request sees the same start time and the same weather, and the
/// provider is asked at most once per city per request, however many services want the
/// conditions.
actor RequestWork {
    /// Tells one request from another in answers and logs.
    nonisolated let id: UUID
    /// When the request arrived, by the server's `WallClock`.
    nonisolated let startedAt: Date
    private let provider: any WeatherProvider
    private var lookups: [String: Task<Conditions, any Error>] = [:]
    /// How many times this request has asked the provider.
    private(set) var providerCalls = 0

    init(provider: any WeatherProvider, startedAt: Date, id: UUID = UUID()) {
        self.provider = provider
        self.startedAt = startedAt
        self.id = id
    }

    /// The conditions in `city`, asked of the provider the first time only — also when two
    /// services ask at the same moment.
    func conditions(in city: String) async throws -> Conditions {
        if let lookup = lookups[city] { return try await lookup.value }
        providerCalls += 1
        let provider = provider
        let lookup = Task { try await provider.conditions(in: city) }
        lookups[city] = lookup
        return try await lookup.value
    }
}
