import Foundation
import Testing

@testable import SiteCompiler

@Suite struct PermalinkTests {
    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test(arguments: [
        ("/:year/:month/:day/:slug/", "2019-10-08 01:34", "/2019/10/08/hello/"),
        ("/:year/:slug.html", "2019-10-08 01:34", "/2019/hello.html"),
        ("/posts/:title/", "2019-10-08 01:34", "/posts/cafe-creme/"),
        ("/:year-:month-:day-:hour:minute:second/:slug/", "2019-01-02 03:04:05", "/2019-01-02-030405/hello/"),
        // A placeholder takes the whole word after its colon.
        ("/:years/:slug/", "2019-10-08", "/2019/hello/"),
    ])
    func makesPaths(pattern: String, date: String, expected: String) throws {
        let permalink = try Permalink(validating: pattern)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let moment = try #require(ContentDate.parse(date, in: zone))
        #expect(permalink.path(date: moment, in: calendar("Europe/Berlin"), slug: "hello", title: "Café & Crème!") == expected)
    }

    /// Dates are read in the site's zone, as Foundation's calendar reads them, on both sides of
    /// the year 1583 where the arithmetic takes over from the calendar.
    @Test func agreesWithTheCalendar() throws {
        let permalink = try Permalink(validating: "/:year/:month/:day/:hour/:minute/:second/:slug/")
        var random = SystemRandomNumberGenerator()
        for zone in ["UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati"] {
            let calendar = calendar(zone)
            var moments = [Date.distantPast, Date(timeIntervalSince1970: -12_212_553_601), Date(timeIntervalSince1970: -12_212_553_600)]
            for _ in 0..<300 { moments.append(Date(timeIntervalSince1970: Double(Int64.random(in: -20_000_000_000...5_000_000_000, using: &random)))) }
            for moment in moments {
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: moment)
                let expected = String(format: "/%04d/%02d/%02d/%02d/%02d/%02d/a/", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
                #expect(permalink.path(date: moment, in: calendar, slug: "a", title: "") == expected, "\(moment) in \(zone)")
            }
        }
    }
}
