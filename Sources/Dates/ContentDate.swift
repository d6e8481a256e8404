import Foundation
import Text

/// Reads the dates bloggers write: `2019-10-08`, `2019-10-08 01:34`, `2019-10-08T01:34:56`, and
/// full ISO 8601 with an offset (`2019-10-08T01:34:00+02:00`, `…Z`). A date without an offset is
/// a wall-clock time in the site's timezone.
///
/// Also the looser forms Jekyll's Ruby accepts in real posts: a one-digit hour
/// (`2019-04-25 9:00:00`), an offset after a space (`2014-04-10 12:00:00 -0700`), and the year
/// said again before the offset, as `date` prints it (`2023-01-29 18:30:22 2023 -0800`); a
/// one-digit month or day (`2014-1-8`); and a zone by name after the time, `UTC`, `GMT` or one of
/// North America's (`2014-11-18 10:00:00 PST`), the names Ruby's `Time.parse` knows.
package enum ContentDate {
    /// The zones a date may name, and their offsets from UTC in hours.
    package static let zoneNames: [String: Int] = [
        "UTC": 0, "UT": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    /// The moment `text` names, or nil when it is not a date in one of the accepted forms.
    package static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        parseWritten(text, in: timeZone)?.date
    }

    /// The moment `text` names, and the offset from UTC it was written with (in seconds; nil for
    /// a date written without one, which is in `timeZone`).
    package static func parseWritten(_ text: String, in timeZone: TimeZone) -> (date: Date, offset: Int?)? {
        var scanner = DateScanner(Array(text.trimmingSpaces().utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2) ?? scanner.digits(1), scanner.take(UInt8(ascii: "-")),
            let day = scanner.digits(2) ?? scanner.digits(1)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var offset: Int?

        if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.skipSpaces() {
            if let hour = scanner.digits(2) ?? scanner.digits(1) {
                guard scanner.take(UInt8(ascii: ":")), let minute = scanner.digits(2) else { return nil }
                components.hour = hour
                components.minute = minute
                if scanner.take(UInt8(ascii: ":")) {
                    guard let second = scanner.digits(2) else { return nil }
                    components.second = second
                    if scanner.take(UInt8(ascii: ".")) {
                        let fraction = scanner.allDigits()
                        guard !fraction.isEmpty else { return nil }
                        let nanos = Int(String(fraction.prefix(9)).padding(toLength: 9, withPad: "0", startingAt: 0)) ?? 0
                        components.nanosecond = nanos
                    }
                }
                _ = scanner.skipSpaces()
                // The year again, only where a space and an offset follow it.
                if let again = scanner.yearBeforeOffset() {
                    guard again == year else { return nil }
                }
                if let letters = scanner.letters() {
                    guard let hours = ContentDate.zoneNames[letters.uppercased()] ?? (letters.uppercased() == "Z" ? 0 : nil) else { return nil }
                    offset = hours * 3600
                } else if let sign = scanner.sign() {
                    guard let hours = scanner.digits(2) else { return nil }
                    _ = scanner.take(UInt8(ascii: ":"))
                    let minutes = scanner.digits(2) ?? 0
                    guard hours <= 18, minutes < 60 else { return nil }
                    offset = sign * (hours * 3600 + minutes * 60)
                }
            }
        }
        guard scanner.atEnd else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), (components.hour ?? 0) < 24,
            (components.minute ?? 0) < 60, (components.second ?? 0) < 61
        else { return nil }

        var calendar = Calendar(identifier: .gregorian)
        if let offset {
            guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
            calendar.timeZone = zone
        } else {
            calendar.timeZone = timeZone
        }
        // Reject dates the calendar would roll over (February 30th becoming March 2nd).
        guard let date = calendar.date(from: components) else { return nil }
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        guard check.year == year, check.month == month, check.day == day else { return nil }
        return (date, offset)
    }

    /// The date at the start of a file name such as `2019-10-08-hello.md`, and the rest of the name.
    /// The day an address names in three folders in a row (`2023/07/14/some-post`), as Zola
    /// blogs that set each post's `path` and no `date` give it; nil when it names none.
    package static func fromAddress(_ address: String, in timeZone: TimeZone) -> Date? {
        let names = address.split(separator: "/")
        guard names.count >= 3 else { return nil }
        for start in 0...(names.count - 3) {
            let (year, month, day) = (names[start], names[start + 1], names[start + 2])
            guard year.count == 4, month.count == 2, day.count == 2, [year, month, day].allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { continue }
            if let date = parse("\(year)-\(month)-\(day)", in: timeZone) { return date }
        }
        return nil
    }

    package static func fromFileName(_ name: String, in timeZone: TimeZone) -> (date: Date, rest: String)? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 10 else { return nil }
        let prefix = String(decoding: bytes[0..<10], as: UTF8.self)
        guard let date = parse(prefix, in: timeZone) else { return nil }
        var rest = String(decoding: bytes[10...], as: UTF8.self)
        if rest.hasPrefix("-") || rest.hasPrefix("_") { rest.removeFirst() }
        return (date, rest)
    }
}

private struct DateScanner {
    package let bytes: [UInt8]
    package var index = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var atEnd: Bool { index == bytes.count }

    package mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    package mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index > start
    }

    package mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// The ASCII letters from here on, or nil when there are none.
    package mutating func letters() -> String? {
        let start = index
        while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") { index += 1 }
        return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
    }

    package mutating func allDigits() -> String {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Four digits followed by spaces and a signed offset, taken up to the offset.
    package mutating func yearBeforeOffset() -> Int? {
        let start = index
        guard let year = digits(4), skipSpaces(), index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
            index = start
            return nil
        }
        return year
    }

    package mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
