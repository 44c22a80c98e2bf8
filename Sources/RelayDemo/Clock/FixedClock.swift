import Foundation

/// A ``Clock`` fixture that always says 2025-03-14 12:00:00 UTC, so the recipe of the day
/// and the printed date never change. Selected by `factory=RelayDemo.Clock.Fixed`.
struct FixedClock: Clock {
    /// 2025-03-14T12:00:00Z.
    static let date = Date(timeIntervalSince1970: 1_741_953_600)

    var now: Date { Self.date }
}
