import Foundation
import Testing

import Dates

@Suite struct DatePatternTests {
    let pattern: DatePattern = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        calendar.locale = Locale(identifier: "en")
        return DatePattern(calendar: calendar)
    }()
    let zone = TimeZone(identifier: "Europe/Berlin")!

    @Test(arguments: [
        ("2019-10-08 01:34", "EEE, dd MMM yyyy 'at' hh:mm a", "Tue, 08 Oct 2019 at 01:34 AM"),
        ("2014-04-10", "d MMM yyyy", "10 Apr 2014"),
        ("2024-09-30", "MMMM do, yyyy", "September 30th, 2024"),
        ("2024-09-01", "MMMM do", "September 1st"),
        ("2024-09-22", "do", "22nd"),
        ("2024-09-13", "do 'of' MMMM", "13th of September"),
        ("2024-09-30 15:07:09", "EEEE HH:mm:ss h a", "Monday 15:07:09 3 PM"),
        ("2024-01-30 15:07", "yy-M-d Z xxx", "24-1-30 +0100 +01:00"),
        ("2024-01-30", "'It''s' yyyy", "It's 2024"),
        ("2024-01-30", "''yyyy''", "'2024'"),
        ("2024-01-30", "yyyy 'unclosed MM", "2024 unclosed MM"),
        ("2024-01-30", "dd.MM.yyyy – é", "30.01.2024 – é"),
        ("2024-01-03", "d'o' do dd", "3o 3rd 03"),
        ("2024-01-30", "yyyyy qq", "02024 qq"),
        // Dates are read by the calendar, Julian before its switch in 1582, and shown the same:
        // the 1st of March 1500 was shown as the 11th.
        ("1500-03-01 12:00", "EEEE d MMMM yyyy HH:mm", "Sunday 1 March 1500 12:00"),
        ("1582-10-04", "d MMM yyyy", "4 Oct 1582"),
        ("1582-10-15", "EEE d MMM yyyy", "Fri 15 Oct 1582"),
        ("0001-01-01", "d MMM yyyy", "1 Jan 0001"),
    ])
    func formats(date: String, format: String, expected: String) throws {
        let moment = try #require(ContentDate.parse(date, in: zone))
        #expect(pattern.format(moment, format) == expected)
    }

    /// A pattern is read once into text and fields; neighbouring text is one piece.
    @Test func readsPatternsIntoTokens() {
        #expect(DateFormat("d MMM yyyy").tokens == [.field("d", width: 1), .text(" "), .field("M", width: 3), .text(" "), .field("y", width: 4)])
        #expect(DateFormat("'at' ''h'' do").tokens == [.text("at '"), .field("h", width: 1), .text("' "), .ordinalDay])
        #expect(DateFormat("").tokens == [])
    }

    @Test func machineFormats() throws {
        let moment = try #require(ContentDate.parse("2019-10-08 01:34", in: zone))
        let english = DatePattern.english(zone)
        #expect(english.rfc822(moment) == "Tue, 08 Oct 2019 01:34:00 +0200")
        #expect(english.rfc3339(moment) == "2019-10-08T01:34:00+02:00")
    }

    /// Offsets west of UTC and UTC itself, and the hour counted from 1 to 24.
    @Test func offsetsWestAndAtUTC() throws {
        for (zoneName, date, format, expected) in [
            ("America/New_York", "2024-01-30 15:07", "yyyy-MM-dd'T'HH:mm:ssxxx Z ZZZZZ X k", "2024-01-30T15:07:00-05:00 -0500 -05:00 -0500 15"),
            ("UTC", "2024-01-30 00:05", "X xxx Z kk:mm", "Z +00:00 +0000 24:05"),
        ] {
            let zone = try #require(TimeZone(identifier: zoneName))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = Locale(identifier: "en")
            let moment = try #require(ContentDate.parse(date, in: zone))
            #expect(DatePattern(calendar: calendar).format(moment, format) == expected, "\(zoneName)")
        }
    }

    @Test func monthNamesFollowTheSiteLanguage() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "de")
        let moment = try #require(ContentDate.parse("2019-03-08", in: zone))
        #expect(DatePattern(calendar: calendar).format(moment, "d. MMMM yyyy") == "8. März 2019")
    }

    /// Numbers come out with zeros in front up to their width, as ``CivilTime/digits(_:_:)``
    /// writes them; a date longer than the room it is first written in (a long quoted text, a
    /// field many letters wide, names of many bytes) comes out whole all the same, at every
    /// length around that room's end.
    @Test func widthsAndDatesOfAnyLength() throws {
        let moment = try #require(ContentDate.parse("2024-01-03 04:05:06", in: zone))
        for (letter, value) in [("d", 3), ("H", 4), ("m", 5), ("s", 6), ("y", 2024)] {
            for width in [1, 2, 3, 4, 5, 9] where !(letter == "y" && width == 2) {
                #expect(pattern.format(moment, String(repeating: letter, count: width)) == CivilTime.digits(value, width), "\(letter) × \(width)")
            }
        }
        for length in 55...70 {
            let text = String(repeating: "x", count: length)
            #expect(pattern.format(moment, "'\(text)' yyyy") == text + " 2024", "\(length) letters of text")
        }
        #expect(pattern.format(moment, String(repeating: "y", count: 300)) == String(repeating: "0", count: 296) + "2024")
        let accents = String(repeating: "é", count: 40)
        #expect(pattern.format(moment, accents + " d MMMM") == accents + " 3 January")
    }
}

@Suite struct CivilTimeTests {
    /// The integer arithmetic must agree with Foundation's calendar, across centuries, leap days,
    /// both sides of 1970 and offsets east and west.
    @Test func agreesWithFoundation() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let seconds = Double(Int64.random(in: -5_000_000_000...10_000_000_000, using: &random))
            let offset = Int.random(in: -14...14, using: &random) * 1800
            let date = Date(timeIntervalSince1970: seconds)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offset)!
            let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let actual = CivilTime(date, offset: offset)
            let parts: [Int?] = [actual.year, actual.month, actual.day, actual.hour, actual.minute, actual.second, actual.weekday]
            #expect(parts == [expected.year, expected.month, expected.day, expected.hour, expected.minute, expected.second, expected.weekday],
                    "\(seconds) at \(offset)")
        }
        let leap = CivilTime(ContentDate.parse("2024-02-29T23:59:59Z", in: .gmt)!, offset: 0)
        let leapParts: [Int] = [leap.year, leap.month, leap.day, leap.hour, leap.minute, leap.second]
        #expect(leapParts == [2024, 2, 29, 23, 59, 59])
    }
}
