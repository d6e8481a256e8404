import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// A post's file renamed or moved with its bytes unchanged is another post: the date and
    /// slug its name gives, whether its body is Markdown and whether it is a folder of its own
    /// all come from where it is. Its page and the feeds that show it follow.
    @Test func aPostRenamedOrMovedWithTheSameBytesIsRenderedAgain() throws {
        let post = TestBlog.post("title: Walk\nimage: cover.png", "Hello *there*, with a [link](#below).\n\n## Below")
        var current = "posts/2019-10-20-walk.md"
        try blog.write(current, post)
        try incremental()
        let moves = [
            (to: "posts/2019-10-21-walk.md", step: "a file renamed to another date", page: "feed.xml", shows: "2019/10/21/walk/"),
            (to: "posts/2019-10-21-stroll.md", step: "a file renamed to another slug", page: "feed.xml", shows: "2019/10/21/stroll/"),
            // A relative picture is the post's folder's, once it has one.
            (to: "posts/2019-10-21-stroll/index.md", step: "a file moved into a folder of its own", page: "2019/10/21/stroll/index.html",
             shows: "/2019/10/21/stroll/cover.png"),
            (to: "posts/2019-10-21-stroll.html", step: "a Markdown file renamed to HTML", page: "2019/10/21/stroll/index.html", shows: "Hello *there*"),
        ]
        for move in moves {
            try blog.remove(current)
            try blog.write(move.to, post)
            current = move.to
            try incremental()
            try blog.expectSameAsFullBuild(move.step)
            #expect(blog.page(move.page)?.contains(move.shows) == true, "\(move.step)")
        }
    }
}
