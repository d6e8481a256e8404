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
        let parts = CivilTime(date, offset: calendar.timeZone.secondsFromGMT(for: date)).components
        let characters = Array(pattern)
        var output = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted literal; `''` is one quote mark.
                var end = index + 1
                if end < characters.count, characters[end] == "'" {
                    output.append("'")
                    index = end + 1
                    continue
                }
                while end < characters.count {
                    if characters[end] == "'" {
                        if end + 1 < characters.count, characters[end + 1] == "'" {
                            output.append("'")
                            end += 2
                            continue
                        }
                        break
                    }
                    output.append(characters[end])
                    end += 1
                }
                index = end + 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                output.append(character)
                index += 1
                continue
            }
            var run = 1
            while index + run < characters.count, characters[index + run] == character { run += 1 }
            index += run
            if character == "d", run == 1, index < characters.count, characters[index] == "o" {
                index += 1
                output += Self.ordinal(parts.day ?? 0)
                continue
            }
            output += field(character, run, parts, date)
        }
        return output
    }

    private func field(_ letter: Character, _ width: Int, _ parts: DateComponents, _ date: Date) -> String {
        func number(_ value: Int, _ minimumWidth: Int) -> String {
            let text = String(value)
            return text.count >= minimumWidth ? text : String(repeating: "0", count: minimumWidth - text.count) + text
        }
        let year = parts.year ?? 0, month = parts.month ?? 1, day = parts.day ?? 1
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let weekday = (parts.weekday ?? 1) - 1
        switch letter {
        case "y", "u": return width == 2 ? number(year % 100, 2) : number(year, width)
        case "M", "L":
            switch width {
            case 1, 2: return number(month, width)
            case 3: return shortMonths[month - 1]
            default: return months[month - 1]
            }
        case "d": return number(day, width)
        case "E", "e", "c": return width >= 4 ? weekdays[weekday] : shortWeekdays[weekday]
        case "H": return number(hour, width)
        case "h": return number(hour % 12 == 0 ? 12 : hour % 12, width)
        case "k": return number(hour == 0 ? 24 : hour, width)
        case "m": return number(minute, width)
        case "s": return number(second, width)
        case "a": return hour < 12 ? amPM.0 : amPM.1
        case "Z", "x", "X":
            let offset = calendar.timeZone.secondsFromGMT(for: date)
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
        format(date, "EEE, dd MMM yyyy HH:mm:ss Z")
    }

    /// RFC 3339 dates, as Atom, JSON Feed and sitemaps want them: `2019-10-08T01:34:00+02:00`.
    public func rfc3339(_ date: Date) -> String {
        format(date, "yyyy-MM-dd'T'HH:mm:ssxxx")
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
    let components: DateComponents

    init(_ date: Date, offset: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // Weekday: 1970-01-01 was a Thursday; Calendar numbers Sunday as 1.
        let weekday = ((days % 7) + 7 + 4) % 7 + 1
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        components = DateComponents(year: year, month: month, day: day, hour: secondOfDay / 3600,
                                    minute: secondOfDay % 3600 / 60, second: secondOfDay % 60, weekday: weekday)
    }
}
