import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// A post's file renamed or moved with its bytes unchanged is another post: the date and
    /// slug its name gives, whether its body is Markdown and whether it is a folder of its own
    /// all come from where it is. Its page and the feeds that show it follow.
    @Test func aPostRenamedOrMovedWithTheSameBytesIsRenderedAgain() throws {
        let body = "Hello *there*, with a [link](#below).\n\n## Below"
        try blog.write("posts/2019-10-20-walk.md", TestBlog.post("title: Walk\nimage: cover.png", body))
        try incremental()

        // The date its name gives.
        try blog.remove("posts/2019-10-20-walk.md")
        try blog.write("posts/2019-10-21-walk.md", TestBlog.post("title: Walk\nimage: cover.png", body))
        try incremental()
        try blog.expectSameAsFullBuild("a file renamed to another date")
        #expect(blog.page("feed.xml")?.contains("2019/10/21/walk/") == true)

        // The slug its name gives.
        try blog.remove("posts/2019-10-21-walk.md")
        try blog.write("posts/2019-10-21-stroll.md", TestBlog.post("title: Walk\nimage: cover.png", body))
        try incremental()
        try blog.expectSameAsFullBuild("a file renamed to another slug")

        // A post of its own folder, where a relative picture is the folder's.
        try blog.remove("posts/2019-10-21-stroll.md")
        try blog.write("posts/2019-10-21-stroll/index.md", TestBlog.post("title: Walk\nimage: cover.png", body))
        try incremental()
        try blog.expectSameAsFullBuild("a file moved into a folder of its own")
        #expect(blog.page("2019/10/21/stroll/index.html")?.contains("/2019/10/21/stroll/cover.png") == true)

        // HTML rather than Markdown.
        try blog.remove("posts/2019-10-21-stroll/index.md")
        try blog.write("posts/2019-10-21-stroll.html", TestBlog.post("title: Walk\nimage: cover.png", body))
        try incremental()
        try blog.expectSameAsFullBuild("a Markdown file renamed to HTML")
        #expect(blog.page("2019/10/21/stroll/index.html")?.contains("Hello *there*") == true)
    }
}
