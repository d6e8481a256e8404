import Foundation
@testable import SiteContent
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// One build names every error of every kind.
@Suite struct EveryErrorAtOnceTests {
    @Test func frontMatterLinksAndClashesAreReportedByOneBuild() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-broken.md": "---\ntitle: Broken\ndate: someday\n---\nText\n",
            "posts/2020-01-02-links.md": TestBlog.post("title: Links", "[gone]({{< relref \"nowhere.md\" >}}) and [broken]({{< relref \"2020-01-01-broken\" >}})"),
            "posts/2020-01-03-one.md": TestBlog.post("title: One\npermalink: /same/"),
            "posts/2020-01-04-two.md": TestBlog.post("title: Two\npermalink: /same/"),
        ])
        let found = blog.failure().map(\.description)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.hasPrefix("posts/2020-01-01-broken.md:3: 'date' is not a date") })
        #expect(found.contains { $0.hasPrefix("posts/2020-01-02-links.md:5:") && $0.contains("nowhere.md") })
        #expect(found.contains { $0.contains("/same/index.html") })
        // Nothing was published, and a later build that mends them all goes through.
        #expect(blog.page("index.html") == nil)
        try blog.write("posts/2020-01-01-broken.md", TestBlog.post("title: Broken"))
        try blog.write("posts/2020-01-02-links.md", TestBlog.post("title: Links", "[broken]({{< relref \"2020-01-01-broken\" >}})"))
        try blog.write("posts/2020-01-04-two.md", TestBlog.post("title: Two"))
        try blog.build()
        #expect(blog.page("2020/01/02/links/index.html")?.contains("href=\"/2020/01/01/broken/\"") == true)
    }
}
