import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A post dated only by the address it gives itself.
@Suite struct DateFromAddressTests {
    @Test func aPostWithoutADateTakesTheDayOfItsOwnAddress() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/some-post.md": "+++\ntitle = \"Some\"\npath = \"2023/07/14/some-post\"\n+++\nText\n",
            "posts/other.md": "---\ntitle: Other\npermalink: /notes/2022/13/40/other/\n---\nText\n",
        ])
        #expect(blog.failure().map(\.description) == [
            "posts/other.md:1: no date: add `date: 2019-10-08` to the front matter or start the file name with the date (2019-10-08-other.md)"
        ])
        try blog.remove("posts/other.md")
        try blog.build()
        #expect(blog.page("2023/07/14/some-post/index.html")?.contains("2023-07-14") == true)
    }
}
