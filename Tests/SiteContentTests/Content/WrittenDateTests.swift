import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A date written with an offset shows the day its address names, as Hugo prints it.
@Suite struct WrittenDateTests {
    static let config = "title: T\nbase_url: https://example.com/\ntimezone: UTC\n"
    static let post = "---\ntitle: Late\ndate: 2019-02-22T20:43:14-05:00\n---\nText\n"

    @Test func theDateShowsInTheOffsetItWasWrittenWithAlsoFromTheCache() throws {
        let blog = try TestBlog(Self.config, ["posts/late.md": Self.post, "posts/2019-01-01-other.md": TestBlog.post("title: Other")])
        let cache = blog.root.appending(path: ".galley-cache")
        for round in 1...2 {
            if round == 2 { try blog.write("posts/2019-01-01-other.md", TestBlog.post("title: Other again")) }
            _ = try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
            let page = try #require(blog.page("2019/02/22/late/index.html"))
            #expect(page.contains("22 February 2019") && !page.contains("23 February 2019"), "round \(round)")
            #expect(page.contains("2019-02-22T20:43:14-05:00"), "round \(round)")
            #expect(blog.page("index.html")?.contains("22 February 2019") == true, "round \(round)")
        }
    }

    /// Whether an offset is the site zone's is asked of the date's day, not of the build's: in
    /// Berlin +01:00 is the zone's own in winter only. Built in any season, each post keeps the
    /// offset it was written with, on its page and in the lists.
    @Test func anOffsetTheSitesZoneHasInAnotherSeasonIsKept() throws {
        let blog = try TestBlog("title: T\nbase_url: https://example.com/\ntimezone: Europe/Berlin\n", [
            "posts/summer.md": "---\ntitle: Summer\ndate: 2019-07-01T12:00:00+01:00\n---\nText\n",
            "posts/winter.md": "---\ntitle: Winter\ndate: 2019-01-15T12:00:00+02:00\n---\nText\n",
            "posts/local.md": "---\ntitle: Local\ndate: 2019-07-02T12:00:00+02:00\n---\nText\n",
        ])
        try blog.build()
        for (page, written) in [("2019/07/01/summer/index.html", "2019-07-01T12:00:00+01:00"), ("2019/01/15/winter/index.html", "2019-01-15T12:00:00+02:00"),
                                ("2019/07/02/local/index.html", "2019-07-02T12:00:00+02:00")] {
            #expect(blog.page(page)?.contains("datetime=\"\(written)\"") == true, "\(page)")
            #expect(blog.page("archive/index.html")?.contains("datetime=\"\(written)\"") == true, "\(written) in the archive")
        }
    }

    @Test func withTheSitesDaysTheDateShowsInTheSitesZone() throws {
        let blog = try TestBlog(Self.config + "permalink_dates: site\n", ["posts/late.md": Self.post])
        try blog.build()
        #expect(blog.page("2019/02/23/late/index.html")?.contains("23 February 2019") == true)
    }
}
