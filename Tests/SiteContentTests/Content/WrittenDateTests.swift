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

    @Test func withTheSitesDaysTheDateShowsInTheSitesZone() throws {
        let blog = try TestBlog(Self.config + "permalink_dates: site\n", ["posts/late.md": Self.post])
        try blog.build()
        #expect(blog.page("2019/02/23/late/index.html")?.contains("23 February 2019") == true)
    }
}
