import Foundation
import Relay

/// The forecast part of an answer.
struct ForecastService: Sendable {
    /// Where this request's `RequestWork` comes from.
    let container: DependencyContainer
    /// How long a forecast stays valid.
    var validity: TimeInterval = 3 * 60 * 60

    func forecast(for city: String) async throws -> (conditions: Conditions, issuedAt: Date, validUntil: Date) {
        let work = try container.tryResolve(RequestWork.self)   // this request's
        let conditions = try await work.conditions(in: city)
        return (conditions, work.startedAt, work.startedAt.addingTimeInterval(validity))
    }
}

/// The advice part of an answer, from the same conditions.
struct AdviceService: Sendable {
    /// Where this request's `RequestWork` comes from.
    let container: DependencyContainer

    /// The advice, and the unit of work it was given (the forecast's: the same request).
    func advice(for city: String) async throws -> (advice: String, requestID: UUID) {
        let work = try container.tryResolve(RequestWork.self)   // the same one
        let conditions = try await work.conditions(in: city)
        switch (conditions.isWet, conditions.temperatureCelsius) {
        case (true, ..<2): return ("Boots and a warm coat.", work.id)
        case (true, _): return ("Take an umbrella.", work.id)
        case (false, 20...): return ("Sunglasses weather.", work.id)
        case (false, ..<5): return ("Wrap up warm.", work.id)
        default: return ("A light jacket will do.", work.id)
        }
    }
}
