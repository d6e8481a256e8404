import Foundation
@testable import SiteContent
import Testing

@testable import Dates
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

    /// `:categories` as Jekyll makes it: lower-cased, one folder each, and nothing at all (not an
    /// empty folder name) for a post without any.
    @Test(arguments: [
        ("/:categories/:year/:slug/", ["Release", "News"], "/release/news/2019/hello/"),
        ("/:categories/:year/:slug/", [], "/2019/hello/"),
        ("/blog/:categories/:slug.html", [], "/blog/hello.html"),
        ("/:year/:categories/:slug/", ["v1.0", "V1.0", "Team_B"], "/2019/v1.0/team_b/hello/"),
        // Names that are no safe folder name as they are become slugs; none leaves the site.
        ("/:categories/:slug/", ["Big Deal", "..", "../../etc", "a/b", "%2e%2e"], "/big-deal/etc/a-b/2e-2e/hello/"),
    ])
    func placesCategories(pattern: String, categories: [String], expected: String) throws {
        let permalink = try Permalink(validating: pattern)
        let moment = try #require(ContentDate.parse("2019-10-08", in: .gmt))
        #expect(permalink.path(date: moment, in: calendar("UTC"), slug: "hello", title: "", categories: categories) == expected)
    }

    /// A post's own pattern needs no `:slug` (it names one post) and may end as it likes: the
    /// address it makes is checked whole.
    @Test func aPostsOwnPatternNeedsNoSlug() throws {
        #expect(throws: ConfigMessage.self) { try Permalink(validating: "/own/:year/") }
        let own = try Permalink(validating: "/own/:year/:categories", ofOnePost: true)
        let moment = try #require(ContentDate.parse("2019-10-08", in: .gmt))
        #expect(own.path(date: moment, in: calendar("UTC"), slug: "x", title: "", categories: ["A"]) == "/own/2019/a")
        #expect(throws: ConfigMessage.self) { try Permalink(validating: "/own/:nope/", ofOnePost: true) }
    }

    /// Patterns whose addresses no link reaches: the build wrote `posts/one/?q=1#x/index.html`
    /// while every page linked `/posts/one/?q=1#x/`, which browsers ask for as `/posts/one/`.
    @Test(arguments: [
        ("/posts/:slug/?q=1#x/", "must not contain '?'"), ("/:slug/#frag/", "must not contain '#'"), ("/%2e%2e/:slug/", "'%'"),
        ("/:year//:slug/", "empty folder name"), ("/a\\b/:slug/", "backslashes"), ("/a\u{1B}b/:slug/", "'/a\\u{1B}b/:slug/' must not contain control"),
    ])
    func addressesNoLinkReachesAreRefused(pattern: String, words: String) {
        for ofOnePost in [false, true] {
            do {
                _ = try Permalink(validating: pattern, ofOnePost: ofOnePost)
                Issue.record("'\(pattern)' was taken")
            } catch {
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
    }
}
