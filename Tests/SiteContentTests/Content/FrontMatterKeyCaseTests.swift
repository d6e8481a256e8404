import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Hugo reads front matter keys in any case.
@Suite struct FrontMatterKeyCaseTests {
    @Test func knownKeysAreReadInAnyCaseAndTheKeyAsWrittenWins() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": "---\nTitle: Capital\nDate: 2019-03-01\nAliases: [/old-one/]\nTags: [Swift]\nCustomKey: kept\n---\nText\n",
            "posts/2019-03-02-two.md": "---\ntitle: Lower\nTITLE: Upper\n---\nText\n",
        ])
        try blog.build()
        #expect(blog.page("2019/03/01/one/index.html")?.contains("<title>Capital · Test Blog</title>") == true)
        #expect(blog.page("old-one/index.html") != nil)
        #expect(blog.page("tags/swift/index.html") != nil)
        #expect(blog.page("2019/03/02/two/index.html")?.contains("<title>Lower · Test Blog</title>") == true)
    }
}
