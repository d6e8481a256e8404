import Foundation

/// Formats dates with Unicode (CLDR) patterns as DateFormatter users know them, plus `do` for a
/// day with its English ordinal (`30th`):
///
/// | pattern | gives |
/// | --- | --- |
/// | `EEE, dd MMM yyyy 'at' hh:mm a` | `Tue, 08 Oct 2019 at 01:34 AM` |
/// | `d MMM yyyy` | `10 Apr 2014` |
/// | `MMMM do, yyyy` | `September 30th, 2024` |
///
/// Letters: `yyyy` `yy` year; `M` `MM` `MMM` `MMMM` month; `d` `dd` day, `do` ordinal day;
/// `E`…`EEE` `EEEE` weekday; `H` `HH` 24-hour, `h` `hh` 12-hour; `m` `mm`; `s` `ss`; `a` AM/PM;
/// `Z` `+0200`, `ZZZZZ` / `xxx` `+02:00`, `z` zone abbreviation. Text in single quotes is kept
/// as it is (`''` is a quote); other letters print as themselves.
public struct DatePattern: Sendable {
    let calendar: Calendar
    let months: [String]
    let shortMonths: [String]
    let weekdays: [String]
    let shortWeekdays: [String]
    let amPM: (String, String)

    /// A formatter for dates in the calendar's timezone, with its locale's month and day names.
    public init(calendar: Calendar) {
        self.calendar = calendar
        months = calendar.monthSymbols
        shortMonths = calendar.shortMonthSymbols
        weekdays = calendar.weekdaySymbols
        shortWeekdays = calendar.shortWeekdaySymbols
        amPM = (calendar.amSymbol, calendar.pmSymbol)
    }

    /// `date` written out in `pattern`.
    public func format(_ date: Date, _ pattern: String) -> String {
        format(date, DateFormat(pattern))
    }

    /// `date` written out in a pattern read before: the dates of every post of a big blog are
    /// printed in the same few patterns.
    func format(_ date: Date, _ format: DateFormat) -> String {
        let offset = calendar.timeZone.secondsFromGMT(for: date)
        let time = CivilTime(date, offset: offset)
        var output = ""
        for token in format.tokens {
            switch token {
            case .text(let text): output += text
            case .ordinalDay: output += Self.ordinal(time.day)
            case .field(let letter, let width): output += field(letter, width, time, offset: offset, date)
            }
        }
        return output
    }

    private func field(_ letter: Character, _ width: Int, _ time: CivilTime, offset: Int, _ date: Date) -> String {
        let number = CivilTime.digits
        let hour = time.hour
        switch letter {
        case "y", "u": return width == 2 ? number(time.year % 100, 2) : number(time.year, width)
        case "M", "L":
            switch width {
            case 1, 2: return number(time.month, width)
            case 3: return shortMonths[time.month - 1]
            default: return months[time.month - 1]
            }
        case "d": return number(time.day, width)
        case "E", "e", "c": return width >= 4 ? weekdays[time.weekday - 1] : shortWeekdays[time.weekday - 1]
        case "H": return number(hour, width)
        case "h": return number(hour % 12 == 0 ? 12 : hour % 12, width)
        case "k": return number(hour == 0 ? 24 : hour, width)
        case "m": return number(time.minute, width)
        case "s": return number(time.second, width)
        case "a": return hour < 12 ? amPM.0 : amPM.1
        case "Z", "x", "X":
            if letter == "X", offset == 0 { return "Z" }
            let sign = offset < 0 ? "-" : "+"
            let hours = number(abs(offset) / 3600, 2), minutes = number(abs(offset) % 3600 / 60, 2)
            let colon = (letter == "Z" && width == 5) || (letter != "Z" && width >= 3)
            return sign + hours + (colon ? ":" : "") + minutes
        case "z": return calendar.timeZone.abbreviation(for: date) ?? calendar.timeZone.identifier
        default: return String(repeating: letter, count: width)
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`…
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// RFC 822 dates, as RSS wants them: `Tue, 08 Oct 2019 01:34:00 +0200`. Use an ``english(_:)`` pattern.
    public func rfc822(_ date: Date) -> String {
        format(date, DateFormat.rfc822)
    }

    /// RFC 3339 dates, as Atom, JSON Feed and sitemaps want them: `2019-10-08T01:34:00+02:00`.
    public func rfc3339(_ date: Date) -> String {
        format(date, DateFormat.rfc3339)
    }

    /// A formatter with English names, for the machine-read dates of feeds and HTTP.
    public static func english(_ timeZone: TimeZone) -> DatePattern {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = timeZone
        return DatePattern(calendar: calendar)
    }
}

/// Year, month, day and time of day for a moment at a fixed offset from UTC, worked out with
/// integer arithmetic (the days-to-civil-date algorithm for the proleptic Gregorian calendar).
/// Foundation's Calendar gives the same answer at many times the cost, which shows when a big
/// blog prints tens of thousands of dates.
struct CivilTime {
    let year: Int, month: Int, day: Int
    let hour: Int, minute: Int, second: Int
    /// 1 for Sunday to 7 for Saturday, as Calendar numbers them.
    let weekday: Int

    init(_ date: Date, offset: Int) {
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
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.utf8.count >= width ? text : String(repeating: "0", count: width - text.utf8.count) + text
    }
}
