import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// The people a post is by, however the old generator wrote them.
@Suite struct AuthorsTests {
    @Test func authorsFromJekyllHugoAndZolaReachThePageAndTheFeeds() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-zola.md": "+++\ntitle = \"Zola\"\nauthors = [\"Ada\", \"Grace\"]\n+++\nText\n",
            "posts/2019-03-02-hugo.md": "---\ntitle: Hugo\nauthor: Linus\n---\nText\n",
            "posts/2019-03-03-jekyll.md": "---\ntitle: Jekyll\nauthor:\n  name: Tom\n  email: tom@example.com\n---\nText\n",
            "posts/2019-03-04-mine.md": TestBlog.post("title: Mine"),
        ])
        try blog.build()
        #expect(blog.page("2019/03/01/zola/index.html")?.contains("by Ada and Grace") == true)
        #expect(blog.page("2019/03/03/jekyll/index.html")?.contains("by Tom") == true)
        #expect(blog.page("2019/03/04/mine/index.html")?.contains("class=\"author\"") == false)
        let atom = try #require(blog.page("atom.xml"))
        #expect(atom.contains("<title>Zola</title>") && atom.contains("<author><name>Ada</name></author>\n<author><name>Grace</name></author>"))
        let rss = try #require(blog.page("feed.xml"))
        #expect(rss.contains("<dc:creator>Linus</dc:creator>") && rss.contains("<dc:creator>Tom</dc:creator>"))
        let json = try #require(blog.page("feed.json"))
        let compact = json.filter { !$0.isWhitespace }
        #expect(compact.contains("\"authors\":[{\"name\":\"Ada\"},{\"name\":\"Grace\"}]"))
    }

    @Test func anAuthorThatIsNoNameIsAnErrorAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-03-01-x.md": "---\ntitle: X\nauthors: [[nested]]\n---\nText\n"])
        #expect(blog.failure().map(\.description) == ["posts/2019-03-01-x.md:3: 'authors' must be a name, a list of names, or a mapping with a name"])
    }
}
