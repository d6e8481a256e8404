import Foundation

/// Year, month, day and time of day for a moment at a fixed offset from UTC, worked out with
/// integer arithmetic (the days-to-civil-date algorithm for the proleptic Gregorian calendar).
/// Foundation's Calendar gives the same answer at many times the cost, which shows when a big
/// blog prints tens of thousands of dates.
///
/// Before 1583 the calendar counts in Julian dates (it follows the switch of 1582), and it is
/// asked: a date is read with the calendar, so `date: 1500-03-01` must be shown as the 1st of
/// March too, not as the proleptic Gregorian 11th.
package struct CivilTime {
    package private(set) var year: Int, month: Int, day: Int
    package let hour: Int, minute: Int, second: Int
    /// 1 for Sunday to 7 for Saturday, as Calendar numbers them.
    package let weekday: Int

    /// 1583-01-01, a little after the calendar's switch from Julian to Gregorian dates.
    private static let gregorianAdoption = Date(timeIntervalSince1970: -12_212_553_600)

    package init(_ date: Date, offset: Int) {
        self.init(arithmetic: date, offset: offset)
        guard date < Self.gregorianAdoption, let zone = TimeZone(secondsFromGMT: offset) else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        if let year = parts.year, let month = parts.month, let day = parts.day {
            (self.year, self.month, self.day) = (year, month, day)
        }
    }

    private init(arithmetic date: Date, offset: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // 1970-01-01 was a Thursday.
        weekday = ((days % 7) + 7 + 4) % 7 + 1
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// `value` in decimal, with zeros in front up to `width` digits: `07`, `2019`.
    package static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.utf8.count >= width ? text : String(repeating: "0", count: width - text.utf8.count) + text
    }
}
