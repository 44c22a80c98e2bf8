import Foundation

/// Tells the time; the date picks the recipe of the day.
///
/// Inside this module the name shadows the standard library's `Swift.Clock`, which the
/// demo does not use; the type key is `RelayDemo.Clock`.
protocol Clock: Sendable {
    /// The current instant.
    var now: Date { get }
}
