import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// A page's date shows in the zone it was written in whatever zones the posts' dates were
    /// written in: a post's edit leaves the page as it was.
    @Test func aPagesDateKeepsItsZoneWhateverThePostsAreIn() throws {
        try blog.write("pages/event.md", TestBlog.post("title: Event\nlayout: post\ndate: 2024-03-01T20:00:00-05:00", "An event."))
        try incremental()
        try edit("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ndate: 2019-10-05T10:00:00-05:00\ntags: [alpha, odd, other]",
                                                          "Opening of 5.\n\nMore of 5."), "a post's date written in the page's zone")
        #expect(blog.page("event/index.html")?.contains(#"<time datetime="2024-03-01T20:00:00-05:00">"#) == true)
    }
}
