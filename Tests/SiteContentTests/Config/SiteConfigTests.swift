import Foundation
@testable import SiteContent
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import FrontMatter
@testable import SiteCompiler

@Suite struct SiteConfigTests {
    func load(_ text: String) throws(BuildFailure) -> SiteConfig {
        try SiteConfig.parse(try! YAMLValue.parse(text, path: "galley.yml"), path: "galley.yml")
    }

    @Test func readsEveryKey() throws {
        let config = try load("""
            title: Notes
            description: Things I noticed
            author:
              name: Ada
              email: ada@example.com
              url: https://ada.example.com/
            base_url: https://example.com/blog
            timezone: America/New_York
            permalink: /:year/:slug.html
            per_page: 7
            language: de
            feed_limit: 0
            date_format: dd.MM.yyyy
            twitter: ada
            """)
        #expect(config.title == "Notes")
        #expect(config.description == "Things I noticed")
        #expect(config.author == SiteConfig.Author(name: "Ada", email: "ada@example.com", url: "https://ada.example.com/"))
        #expect(config.baseURL.absoluteString == "https://example.com/blog/")
        #expect(config.timeZone.identifier == "America/New_York")
        #expect(config.permalink.pattern == "/:year/:slug.html")
        #expect(config.perPage == 7)
        #expect(config.language == "de")
        #expect(config.feedLimit == 0)
        #expect(config.dateFormat == "dd.MM.yyyy")
        #expect(config.params["twitter"]?.string == "ada")
    }

    /// The author's url goes into the feeds and layouts' links: a script there (`javascript:`)
    /// is left out with a warning at its line, as an image address of that kind is.
    @Test func anAuthorURLIsAWebOrMailAddress() throws {
        for (url, kept) in [("https://ada.example.com/", true), ("mailto:ada@example.com", true), ("/about/", true),
                            ("javascript:alert(1)", false), ("data:text/html,x", false), ("//evil.example.com/", false), ("ada.example.com", false)] {
            let config = try load("title: T\nbase_url: https://example.com/\nauthor:\n  name: Ada\n  url: \"\(url)\"\n")
            #expect(config.author.url == (kept ? url : nil), "\(url)")
            #expect(config.warnings.contains { $0.line == 5 && $0.message.hasPrefix("author url '\(url)' is not a web or mail address") } == !kept,
                    "\(url): \(config.warnings)")
        }
    }

    @Test func defaultsForWhatIsLeftOut() throws {
        let config = try load("title: T\nbase_url: https://example.com/")
        #expect(config.timeZone.secondsFromGMT() == 0)
        #expect(config.permalink.pattern == "/:year/:month/:day/:slug/")
        #expect(config.perPage == 10)
        #expect(config.language == "en")
        #expect(config.author.name == "T")
        #expect(config.lowercaseAddresses == false)
    }

    @Test func lowercaseAddressesIsAYesOrNo() throws {
        #expect(try load("title: T\nbase_url: https://example.com/\nlowercase_addresses: true").lowercaseAddresses)
        do {
            _ = try load("title: T\nbase_url: https://example.com/\nlowercase_addresses: sometimes")
            Issue.record("expected a failure")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "galley.yml:3: lowercase_addresses must be true (every address lower-case, as Hugo makes them) or false (as written, as Jekyll keeps them)"
            ])
        }
    }

    @Test func slugsIsGalleysRuleOrHugos() throws {
        #expect(try load("title: T\nbase_url: https://example.com/").slugs == .galley)
        #expect(try load("title: T\nbase_url: https://example.com/\nslugs: hugo").slugs == .hugo)
        do {
            _ = try load("title: T\nbase_url: https://example.com/\nslugs: jekyll")
            Issue.record("expected a failure")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "galley.yml:3: slugs must be 'galley' (Galley's rule: `Notes on .NET` is notes-on-net) or 'hugo' (Hugo's: notes-on-.net), not 'jekyll'"
            ])
        }
    }

    @Test func headingIDsNamesARule() throws {
        #expect(try load("title: T\nbase_url: https://example.com/").headingIDs == .galley)
        #expect(try load("title: T\nbase_url: https://example.com/\nheading_ids: kramdown").headingIDs == .kramdown)
        do {
            _ = try load("title: T\nbase_url: https://example.com/\nheading_ids: github")
            Issue.record("expected a failure")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "galley.yml:3: heading_ids must be one of 'galley', 'kramdown', 'goldmark', 'zola' (the rule of Galley, Jekyll, Hugo or Zola), not 'github'"
            ])
        }
    }

    @Test func everyBadKeyIsReportedAtItsLine() {
        do {
            _ = try load("""
                title: [not, text]
                base_url: example.com
                timezone: Mars/Olympus
                permalink: /:year/:nonsense/
                per_page: zero
                """)
            Issue.record("expected a failure")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "galley.yml:1: 'title' must be text",
                "galley.yml:2: base_url 'example.com' must be an absolute http or https address such as https://example.com/",
                "galley.yml:3: unknown timezone 'Mars/Olympus': use an IANA name such as Europe/Berlin or America/New_York",
                "galley.yml:4: permalink '/:year/:nonsense/' needs :slug or :title, or every post of a day would share one address",
                "galley.yml:5: 'per_page' must be a whole number from 1 to 100000",
            ].sorted())
        }
    }

    @Test func aMissingConfigFileSaysWhatIsNeeded() throws {
        let blog = try TestBlog()
        try blog.remove("galley.yml")
        #expect(blog.failure().map(\.description) == [
            "galley.yml: not found: a blog folder needs a galley.yml with at least a title (galley new site DIR writes a blog folder)"
        ])
    }

    /// A folder where galley.yml should be is not a missing file: the error says what is there.
    @Test func aFolderInPlaceOfTheConfigFileIsSaidToBeOne() throws {
        let blog = try TestBlog()
        try blog.remove("galley.yml")
        try FileManager.default.createDirectory(at: blog.root.appending(path: "galley.yml"), withIntermediateDirectories: false)
        #expect(blog.failure().map(\.description) == ["galley.yml: cannot be read: \(String(cString: strerror(EISDIR)))"])
    }

    @Test func malformedYAMLNamesTheLine() throws {
        let blog = try TestBlog("title: T\nbase_url: https://example.com/\nper_page: : 3\n")
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == "galley.yml")
        #expect(diagnostics.first?.line == 3)
    }

    @Test func permalinkPatternsShapePostAddresses() throws {
        let blog = try TestBlog(TestBlog.config + "permalink: /writing/:year/:title.html\n", [
            "posts/2019-10-08-x.md": TestBlog.post("title: Hello There\ndate: 2019-10-08 23:30")
        ])
        try blog.build()
        #expect(blog.page("writing/2019/hello-there.html") != nil)
    }

    @Test func theTimezoneDecidesTheDayInTheAddress() throws {
        // 23:30 in New York is already the next day in UTC; the address follows the site's zone.
        let blog = try TestBlog(TestBlog.config.replacingOccurrences(of: "Europe/Berlin", with: "America/New_York"), [
            "posts/late.md": TestBlog.post("title: Late\ndate: 2019-10-08 23:30")
        ])
        try blog.build()
        #expect(blog.page("2019/10/08/late/index.html")?.contains("2019-10-08T23:30:00-04:00") == true)
    }
}
