@testable import SiteContent
import Testing

@testable import SiteCompiler

/// A document's own address is content, and so hostile: only a path inside the site, naming a
/// folder or an `.html` file, comes through.
@Suite struct SitePathTests {
    @Test(arguments: [
        ("/about/", "/about/"),
        ("/about", "/about/"),
        ("about/me", "/about/me/"),
        ("/news/2016/v1.0", "/news/2016/v1.0/"),
        ("/old.html", "/old.html"),
        ("/Old/Page.HTM", "/Old/Page.HTM"),
        ("/", "/"),
    ])
    func givesTheSitePath(written: String, expected: String) throws {
        #expect(try SitePath.ownAddress(written).get() == expected)
    }

    @Test(arguments: [
        "", "//evil.example.com/", "/../../etc/", "/a/../../b/", "../x/", "/./", "/a/./b/", "/a\\..\\b/", "/%2e%2e/x/",
        "/%2E%2E%2Fetc/", "/a//b/", "/a\u{0}b/", "/line\nbreak/", "/tab\there/", "/del\u{7F}/", "/q?x=1", "/frag#x",
    ])
    func refusesWhatCouldLeaveTheSite(written: String) {
        #expect(throws: SitePath.AddressProblem.self, "\(written.debugDescription)") { try SitePath.ownAddress(written).get() }
    }
}
