import Foundation

/// The live ``Clock``: the system clock.
struct SystemClock: Clock {
    var now: Date { Date() }
}
