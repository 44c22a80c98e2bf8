import Foundation

/// The forecast part of an answer.
struct ForecastService: Sendable {
    /// How long a forecast stays valid.
    var validity: TimeInterval = 3 * 60 * 60

    func forecast(for city: String, in work: RequestWork) async throws -> (conditions: Conditions, issuedAt: Date, validUntil: Date) {
        let conditions = try await work.conditions(in: city)
        return (conditions, work.startedAt, work.startedAt.addingTimeInterval(validity))
    }
}

/// The advice part of an answer, from the same conditions.
struct AdviceService: Sendable {
    func advice(for city: String, in work: RequestWork) async throws -> String {
        let conditions = try await work.conditions(in: city)
        switch (conditions.isWet, conditions.temperatureCelsius) {
        case (true, ..<2): return "Boots and a warm coat."
        case (true, _): return "Take an umbrella."
        case (false, 20...): return "Sunglasses weather."
        case (false, ..<5): return "Wrap up warm."
        default: return "A light jacket will do."
        }
    }
}
