import Foundation

/// The UTC calendar day of an instant: what picks the recipe of the day and how the date
/// is printed. UTC and fixed English names keep the output independent of the machine's
/// time zone and locale.
struct CalendarDay: Hashable, Sendable {
    /// Whole days since 1970-01-01 (UTC).
    let number: Int
    /// `2025-03-14`.
    let isoDate: String
    /// `Friday`.
    let weekday: String

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The day that contains `date`, in UTC.
    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        number = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        isoDate = [(parts.year ?? 0, 4), (parts.month ?? 0, 2), (parts.day ?? 0, 2)]
            .map { value, width in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
            .joined(separator: "-")
        weekday = Self.weekdays[((parts.weekday ?? 1) - 1) % 7]
    }
}
