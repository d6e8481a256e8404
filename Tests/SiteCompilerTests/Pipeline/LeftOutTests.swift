import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// The summary counts what the build left out, and says which flag publishes it.
@Suite struct LeftOutTests {
    @Test func draftsAndFuturePostsAreCountedAlsoWhenNothingChanged() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-a.md": TestBlog.post("title: A"),
            "posts/2020-01-02-b.md": TestBlog.post("title: B\ndraft: true"),
            "posts/2999-01-01-c.md": TestBlog.post("title: C"),
            "posts/2999-01-02-d.md": TestBlog.post("title: D"),
            "pages/wip.md": TestBlog.post("title: WIP\ndraft: true"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let first = try builder.build(into: blog.output, cache: cache)
        #expect(first.leftOut.drafts == 2 && first.leftOut.future == 2)
        #expect(first.description.hasSuffix("; left out 2 drafts (--drafts) and 2 future posts (--future)"))
        Thread.sleep(forTimeInterval: 0.03)
        let again = try builder.build(into: blog.output, cache: cache)
        #expect(again.upToDate)
        #expect(again.leftOut.drafts == 2 && again.leftOut.future == 2)

        let everything = try blog.build(blog.options(drafts: true, future: true))
        #expect(everything.leftOut.drafts == 0 && everything.leftOut.future == 0)
        #expect(!everything.description.contains("left out"))
    }

    @Test func aProductionBuildNeedsABaseURL() throws {
        let blog = try TestBlog("title: T\n", ["posts/2020-01-01-a.md": TestBlog.post("title: A")])
        var options = blog.options()
        options.requireBaseURL = true
        #expect(blog.failure(options).map(\.description) == [
            "galley.yml: missing 'base_url': a published blog needs the address it is published at, for its feeds, sitemap and canonical links (base_url: https://example.com/)"
        ])
        // A new blog's settings hold it commented out: the error is at that line.
        let new = try TestBlog("# Settings.\ntitle: T\n# base_url: https://example.com/\n", ["posts/2020-01-01-a.md": TestBlog.post("title: A")])
        #expect(new.failure(options).map(\.description).first?.hasPrefix("galley.yml:3: missing 'base_url' (it is commented out here): ") == true)
        options.baseURL = URL(string: "https://given.example.com/")
        let report = try blog.build(options)
        #expect(report.baseURLIsSet)
        #expect(blog.page("feed.xml")?.contains("https://given.example.com/") == true)
    }
}
