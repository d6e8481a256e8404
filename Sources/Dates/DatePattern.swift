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
///
/// A class: a build prints every post's date on many threads at once, and a struct of this many
/// parts, copied for each date, had them all adding to the same few reference counts.
package final class DatePattern: Sendable {
    package let calendar: Calendar
    /// The calendar's zone, kept apart: Calendar hands it out behind a lock each time it is asked.
    package let timeZone: TimeZone
    package let months: [String]
    package let shortMonths: [String]
    package let weekdays: [String]
    package let shortWeekdays: [String]
    package let amPM: (String, String)

    /// A formatter for dates in the calendar's timezone, with its locale's month and day names.
    package init(calendar: Calendar) {
        self.calendar = calendar
        timeZone = calendar.timeZone
        months = calendar.monthSymbols
        shortMonths = calendar.shortMonthSymbols
        weekdays = calendar.weekdaySymbols
        shortWeekdays = calendar.shortWeekdaySymbols
        amPM = (calendar.amSymbol, calendar.pmSymbol)
    }

    /// The letters a pattern prints a date's part for; any other letter prints as itself.
    package static let letters: Set<Character> = ["y", "u", "M", "L", "d", "E", "e", "c", "H", "h", "k", "m", "s", "a", "Z", "x", "X", "z"]

    /// The letters of `pattern` outside quotes that print as themselves rather than a part of
    /// the date (`B` and `Y` in strftime's `%B %d, %Y`), in the order they come.
    package static func unknownLetters(in pattern: String) -> [Character] {
        var found: [Character] = []
        for case .field(let letter, _) in DateFormat(pattern).tokens where !letters.contains(letter) && !found.contains(letter) {
            found.append(letter)
        }
        return found
    }

    /// `date` written out in `pattern`.
    package func format(_ date: Date, _ pattern: String) -> String {
        format(date, DateFormat(pattern))
    }

    /// `date` written out in a pattern read before: the dates of every post of a big blog are
    /// printed in the same few patterns.
    package func format(_ date: Date, _ format: DateFormat) -> String {
        let offset = offset(at: date)
        return self.format(CivilTime(date, offset: offset), format, offset: offset, date)
    }

    /// The zone's offset from UTC at `date`, in seconds: worked out once for the several forms
    /// of one date (a named zone asks ICU, behind a lock that every thread shares).
    package func offset(at date: Date) -> Int {
        timeZone.secondsFromGMT(for: date)
    }

    /// `date` written out in `format`, where `time` is its civil time at the zone's `offset` (see
    /// ``offset(at:)``), worked out once for the several forms of one date. Written as bytes on
    /// the stack, and made a string once: a list page prints ten thousand dates three ways each.
    package func format(_ time: CivilTime, _ format: DateFormat, offset: Int, _ date: Date) -> String {
        // Room for any usual date; a pattern that prints more (long quoted text, a field many
        // letters wide) is written again in more.
        var room = 64
        while true {
            let made = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { room -> String? in
                var output = DateBytes(room)
                for piece in format.pieces {
                    switch piece {
                    case .text(let text): output.append(text)
                    case .ordinalDay: output.append(Self.ordinal(time.day))
                    case .field(let letter, let width): field(letter, width, time, offset: offset, date, into: &output)
                    }
                }
                return output.overflowed ? nil : output.string
            }
            if let made { return made }
            room *= 8
        }
    }

    private func field(_ letter: UInt8, _ width: Int, _ time: CivilTime, offset: Int, _ date: Date, into output: inout DateBytes) {
        let hour = time.hour
        switch letter {
        case UInt8(ascii: "y"), UInt8(ascii: "u"): width == 2 ? output.append(time.year % 100, width: 2) : output.append(time.year, width: width)
        case UInt8(ascii: "M"), UInt8(ascii: "L"):
            switch width {
            case 1, 2: output.append(time.month, width: width)
            case 3: output.append(shortMonths[time.month - 1])
            default: output.append(months[time.month - 1])
            }
        case UInt8(ascii: "d"): output.append(time.day, width: width)
        case UInt8(ascii: "E"), UInt8(ascii: "e"), UInt8(ascii: "c"):
            output.append(width >= 4 ? weekdays[time.weekday - 1] : shortWeekdays[time.weekday - 1])
        case UInt8(ascii: "H"): output.append(hour, width: width)
        case UInt8(ascii: "h"): output.append(hour % 12 == 0 ? 12 : hour % 12, width: width)
        case UInt8(ascii: "k"): output.append(hour == 0 ? 24 : hour, width: width)
        case UInt8(ascii: "m"): output.append(time.minute, width: width)
        case UInt8(ascii: "s"): output.append(time.second, width: width)
        case UInt8(ascii: "a"): output.append(hour < 12 ? amPM.0 : amPM.1)
        case UInt8(ascii: "Z"), UInt8(ascii: "x"), UInt8(ascii: "X"):
            if letter == UInt8(ascii: "X"), offset == 0 {
                output.append(UInt8(ascii: "Z"))
                return
            }
            output.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            output.append(abs(offset) / 3600, width: 2)
            if (letter == UInt8(ascii: "Z") && width == 5) || (letter != UInt8(ascii: "Z") && width >= 3) { output.append(UInt8(ascii: ":")) }
            output.append(abs(offset) % 3600 / 60, width: 2)
        case UInt8(ascii: "z"): output.append(timeZone.abbreviation(for: date) ?? timeZone.identifier)
        default: output.append(letter, times: width)
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`…
    package static func ordinal(_ number: Int) -> String {
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
    package func rfc822(_ date: Date) -> String {
        format(date, DateFormat.rfc822)
    }

    /// RFC 3339 dates, as Atom, JSON Feed and sitemaps want them: `2019-10-08T01:34:00+02:00`.
    package func rfc3339(_ date: Date) -> String {
        format(date, DateFormat.rfc3339)
    }

    /// A formatter with English names, for the machine-read dates of feeds and HTTP.
    package static func english(_ timeZone: TimeZone) -> DatePattern {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = timeZone
        return DatePattern(calendar: calendar)
    }
}
