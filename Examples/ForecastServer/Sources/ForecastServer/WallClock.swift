import Foundation

/// What time it is. Not `Clock`, which is the standard library's protocol for measuring
/// durations; this one tells the date, which is what a test needs to fix.
protocol WallClock: Sendable {
    var now: Date { get }
}

/// The system's clock.
struct SystemWallClock: WallClock {
    var now: Date { Date() }
}

/// A clock that always shows the same moment.
struct FixedWallClock: WallClock {
    let now: Date

    init(now: Date = FixedWallClock.piDay) {
        self.now = now
    }

    /// 2025-03-14T09:26:53Z, the moment the `ForecastServer.WallClock.Fixed` stub shows.
    static let piDay = Date(timeIntervalSince1970: 1_741_944_413)
}
