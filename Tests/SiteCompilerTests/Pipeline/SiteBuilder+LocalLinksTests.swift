import Foundation
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

/// Images and links in a body that name files the blog does not have are said at their lines.
@Suite struct LocalLinksTests {
    static let body = """
        Intro.

        ![a missing picture](nothere.png)

        A [missing file](/images/missing.png) and a [present one](/images/photo.jpg).
        To [about](/about/), [about bare](/about), [the first post](/2019/10/08/first/#part), [its file](/2019/10/08/first.html) and [home](/).
        Elsewhere: [site](https://example.org/x.png), [mail](mailto:a@b.c), [top](#top), [wider site](/projects/thing/).

            ![in code](code.png)

        `![inline code](nope.png)` and ![ok](../../08/first/beside.png)
        """

    func blog() throws -> TestBlog {
        try TestBlog(TestBlog.config, [
            "posts/2019-10-08-first.md": TestBlog.post("title: First"),
            "posts/2019-10-09-second.md": TestBlog.post("title: Second", Self.body),
            "pages/about.md": TestBlog.post("title: About"),
            "static/images/photo.jpg": "jpeg",
            "static/2019/10/08/first/beside.png": "png",
        ])
    }

    @Test func missingFilesAreWarnedOfAtTheirLines() throws {
        let blog = try blog()
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "posts/2019-10-09-second.md:7: the image 'nothere.png' names a file this blog does not have (/2019/10/09/second/nothere.png)",
            "posts/2019-10-09-second.md:9: the link '/images/missing.png' names a file this blog does not have (/images/missing.png)",
        ])
        #expect(report.warnings.map(\.column) == [1, 3])
    }

    /// A file can go while the post that names it stays the same: a build from the cache says so,
    /// and says the warnings it said before again.
    @Test func checkedOnEveryBuildFromTheCacheToo() throws {
        let blog = try blog()
        let cache = blog.root.appending(path: ".galley-cache")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let first = try builder.build(into: blog.output, cache: cache)
        #expect(first.warnings.count == 2)
        Thread.sleep(forTimeInterval: 0.03)
        try blog.remove("static/images/photo.jpg")
        try blog.write("static/images/other.jpg", "jpeg")
        let second = try builder.build(into: blog.output, cache: cache)
        #expect(second.warnings.map(\.description) == [
            "posts/2019-10-09-second.md:7: the image 'nothere.png' names a file this blog does not have (/2019/10/09/second/nothere.png)",
            "posts/2019-10-09-second.md:9: the link '/images/missing.png' names a file this blog does not have (/images/missing.png)",
            "posts/2019-10-09-second.md:9: the link '/images/photo.jpg' names a file this blog does not have (/images/photo.jpg)",
        ])
        Thread.sleep(forTimeInterval: 0.03)
        try blog.write("static/2019/10/09/second/nothere.png", "png")
        let third = try builder.build(into: blog.output, cache: cache)
        #expect(third.warnings.count == 2)
        #expect(third.warnings.first?.excerpt?.text.contains(">  9 | A [missing file](/images/missing.png)") == true)
    }

    /// A picture beside a post in its own folder travels with it, and is found there.
    @Test func aPictureBesideABundledPostIsFound() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/trip/index.md": "---\ntitle: Trip\ndate: 2020-01-01\n---\n![x](x.jpg) ![y](./sub/y.png) ![z](z.jpg)\n",
            "posts/trip/x.jpg": "jpeg",
            "posts/trip/sub/y.png": "png",
        ])
        #expect(try blog.build().warnings.map(\.description) == [
            "posts/trip/index.md:5: the image 'z.jpg' names a file this blog does not have (/2020/01/01/trip/z.jpg)"
        ])
    }

    /// A post that could not be read is not in the output: a link to it is not called missing
    /// beside the error that says why.
    @Test func aLinkToAnUnreadPostIsNotWarnedOf() throws {
        let blog = try blog()
        try blog.write("posts/2019-10-10-third.md", "---\ntitle: Third\n---\nSee [it](/2019/10/11/broken/).\n")
        try blog.write("posts/2019-10-11-broken.md", "---\ntitle: [Broken\n---\nText.\n")
        do {
            try blog.build()
            Issue.record("the build succeeded")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.path) == ["posts/2019-10-11-broken.md"])
            #expect(!failure.warnings.contains { $0.message.contains("names a file") }, "\(failure.warnings)")
        }
    }

    /// Under a base URL with a path, a link written with that path finds the same file.
    @Test func aLinkUnderTheBasePathIsFound() throws {
        let blog = try TestBlog("title: T\nbase_url: https://example.com/blog/\n", [
            "posts/2019-10-08-first.md": TestBlog.post("title: First", "![here](/blog/images/photo.jpg) ![also](/images/photo.jpg)"),
            "static/images/photo.jpg": "jpeg",
        ])
        #expect(try blog.build().warnings.isEmpty)
    }
}
