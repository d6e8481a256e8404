import Foundation
import Testing

import Dates

@Suite struct ContentDateTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func iso(_ date: Date?) -> String? {
        date.map { DatePattern.english(.gmt).rfc3339($0) }
    }

    @Test(arguments: [
        ("2019-10-08", "2019-10-07T22:00:00+00:00"),
        ("2019-10-08 01:34", "2019-10-07T23:34:00+00:00"),
        ("2019-10-08T01:34", "2019-10-07T23:34:00+00:00"),
        ("2019-10-08 01:34:56", "2019-10-07T23:34:56+00:00"),
        ("2019-12-08 01:34", "2019-12-08T00:34:00+00:00"),
        ("2019-10-08T01:34:00+02:00", "2019-10-07T23:34:00+00:00"),
        ("2019-10-08T01:34:00-0500", "2019-10-08T06:34:00+00:00"),
        ("2019-10-08T01:34:00Z", "2019-10-08T01:34:00+00:00"),
        ("2019-10-08 01:34:00.250 +01:00", "2019-10-08T00:34:00+00:00"),
        // Forms Jekyll's Ruby takes, from real posts.
        ("2019-04-25 9:00:00", "2019-04-25T07:00:00+00:00"),
        ("2014-04-10 12:00:00 -0700", "2014-04-10T19:00:00+00:00"),
        ("2023-01-29 18:30:22 2023 -0800", "2023-01-30T02:30:22+00:00"),
        ("2014-11-18 10:00:00 UTC", "2014-11-18T10:00:00+00:00"),
        ("2014-11-18 10:00:00 PST", "2014-11-18T18:00:00+00:00"),
        ("2014-07-18 10:00 edt", "2014-07-18T14:00:00+00:00"),
        ("2014-1-8", "2014-01-07T23:00:00+00:00"),
        ("2014-1-8 9:05", "2014-01-08T08:05:00+00:00"),
    ])
    func readsTheFormsBloggersWrite(text: String, expected: String) {
        #expect(iso(ContentDate.parse(text, in: berlin)) == expected)
    }

    @Test(arguments: ["", "2019", "2019-13-01", "2019-02-30", "2019-10-08 25:00", "08/10/2019", "2019-10-08 01", "2019-10-08 01:34 tomorrow", "yesterday",
                        "2023-01-29 18:30:22 2022 -0800", "2023-01-29 18:30:22 2023", "2019-10-08 123:00",
                        "2019-10-08 01:34 CEST", "2019-10-08 01:34:00Zulu", "2019-10-08 01:34 UTC+2", "2019-1-123"])
    func rejectsWhatIsNotADate(text: String) {
        #expect(ContentDate.parse(text, in: berlin) == nil)
    }

    @Test func fileNamesGiveADateAndTheRest() {
        let parsed = ContentDate.fromFileName("2019-10-08-hello-world", in: berlin)
        #expect(iso(parsed?.date) == "2019-10-07T22:00:00+00:00")
        #expect(parsed?.rest == "hello-world")
        #expect(ContentDate.fromFileName("hello-world", in: berlin) == nil)
    }
}
