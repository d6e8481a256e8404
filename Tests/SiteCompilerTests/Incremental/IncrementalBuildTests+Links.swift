import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// `{% link static/… %}` leads to the static file when the blog publishes one, and is left
    /// as written when not: a file that comes or goes renders the body again.
    @Test func aLinkToAStaticFileFollowsTheFileComingAndGoing() throws {
        try blog.write("posts/2019-10-20-linked.md", TestBlog.post("title: Linked", "See [the file]({% link static/files/notes.pdf %})."))
        try incremental()
        try edit("static/files/notes.pdf", "a document", "the linked file added")
        #expect(blog.page("2019/10/20/linked/index.html")?.contains(#"<a href="/files/notes.pdf">the file</a>"#) == true)

        try blog.remove("static/files/notes.pdf")
        try incremental()
        try blog.expectSameAsFullBuild("the linked file removed")
        #expect(blog.page("2019/10/20/linked/index.html")?.contains(#"<a href="/static/files/notes.pdf">the file</a>"#) == true)
    }
}
