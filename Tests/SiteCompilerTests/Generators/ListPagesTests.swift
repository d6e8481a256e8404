import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct ListPagesTests {
    func blog(posts count: Int) throws -> TestBlog {
        var files: [String: String] = [:]
        for day in 1...count {
            let name = String(format: "posts/2019-%02d-%02d-post-%d.md", day % 2 == 0 ? 10 : 11, day, day)
            files[name] = TestBlog.post("title: Post \(day)\ntags: [\(day % 2 == 0 ? "even" : "odd"), All]")
        }
        files["posts/2018-05-05-old.md"] = TestBlog.post("title: Old one")
        return try TestBlog(TestBlog.config, files)
    }

    @Test func theHomePageIsPaginatedByPerPage() throws {
        let blog = try blog(posts: 4)  // five posts, two per page
        try blog.build()
        let first = try #require(blog.page("index.html"))
        let second = try #require(blog.page("page/2/index.html"))
        let third = try #require(blog.page("page/3/index.html"))
        #expect(blog.page("page/4/index.html") == nil)
        #expect(first.contains(">Post 3</a></h2>") && first.contains(">Post 1</a></h2>"))
        #expect(second.contains(">Post 4</a></h2>") && second.contains(">Post 2</a></h2>"))
        #expect(third.contains(">Old one</a></h2>"))
        #expect(first.contains(#"<a rel="next" href="/page/2/">"#) && !first.contains(#"rel="prev""#))
        #expect(second.contains(#"<a rel="prev" href="/">"#) && second.contains(#"<a rel="next" href="/page/3/">"#))
        #expect(third.contains("Page 3 of 3"))
        #expect(blog.page("page/1/index.html")?.contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/">"#) == true)
    }

    @Test func anEmptyBlogStillHasAHomePage() throws {
        let blog = try TestBlog()
        let report = try blog.build()
        #expect(report.posts == 0)
        #expect(blog.page("index.html")?.contains("Nothing published yet.") == true)
        #expect(blog.page("feed.xml") != nil)
    }

    @Test func theArchiveGroupsByYear() throws {
        let blog = try blog(posts: 2)
        try blog.build()
        let archive = try #require(blog.page("archive/index.html"))
        let y2019 = try #require(archive.range(of: "<h2>2019 <small>2</small></h2>"))
        let y2018 = try #require(archive.range(of: "<h2>2018 <small>1</small></h2>"))
        #expect(y2019.lowerBound < y2018.lowerBound)
        #expect(archive.contains(#"<time datetime="2018-05-05T00:00:00+02:00">5 May 2018</time> <a href="/2018/05/05/old/">Old one</a>"#))
    }

    @Test func tagPagesListTheirPosts() throws {
        let blog = try blog(posts: 3)
        try blog.build()
        let index = try #require(blog.page("tags/index.html"))
        #expect(index.contains(#"<a href="/tags/all/">#All</a> <small>3</small>"#))
        #expect(index.contains(#"<a href="/tags/odd/">#odd</a> <small>2</small>"#))
        let odd = try #require(blog.page("tags/odd/index.html"))
        #expect(odd.contains(">Post 1</a>") && odd.contains(">Post 3</a>") && !odd.contains(">Post 2</a>"))
        #expect(odd.contains("<title>Posts tagged “odd” · Test Blog</title>"))
    }

    /// The default index of tags is made without each tag's posts; a theme's own index that
    /// lists them still has them, as do the archive's and a tag page's lists of many posts.
    @Test func anIndexOfTagsThatListsPostsHasThem() throws {
        var files: [String: String] = [
            "layouts/tags.mustache": "{{#tags}}{{name}}: {{#posts}}<{{title}}|{{date.compact}}>{{/posts}};\n{{/tags}}",
        ]
        for day in 1...12 {
            files[String(format: "posts/2019-10-%02d-post-%d.md", day, day)] = TestBlog.post("title: Post \(day)\ntags: [\(day % 3 == 0 ? "third" : "other")]")
        }
        let blog = try TestBlog(TestBlog.config, files)
        try blog.build()
        let index = try #require(blog.page("tags/index.html"))
        #expect(index.contains("third: <Post 12|12 Oct 2019><Post 9|9 Oct 2019><Post 6|6 Oct 2019><Post 3|3 Oct 2019>;"), "\(index)")
        #expect(index.contains("other: <Post 11|11 Oct 2019><Post 10|10 Oct 2019><Post 8|8 Oct 2019>"), "\(index)")
        let other = try #require(blog.page("tags/other/index.html"))
        #expect((1...12).filter { $0 % 3 != 0 }.allSatisfy { other.contains(">Post \($0)</a>") })
        let archive = try #require(blog.page("archive/index.html"))
        #expect((1...12).allSatisfy { archive.contains(">Post \($0)</a>") })
    }

    @Test func tagsThatDifferOnlyInCaseAreOneTag() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-a.md": TestBlog.post("title: A\ntags: [Swift]"),
            "posts/2019-10-09-b.md": TestBlog.post("title: B\ntags: [swift]"),
        ])
        try blog.build()
        #expect(try blog.outputFiles().filter { $0.hasPrefix("tags/") } == ["tags/index.html", "tags/swift/index.html"])
        #expect(blog.page("tags/index.html")?.contains("<small>2</small>") == true)
    }

    @Test func the404PageAndRedirects() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-a.md": TestBlog.post("title: A\naliases: [/old/a, /old/b.html]")
        ])
        try blog.build()
        #expect(blog.page("404.html")?.contains("<h1>Page not found</h1>") == true)
        for path in ["old/a/index.html", "old/b.html"] {
            let page = try #require(blog.page(path))
            #expect(page.contains(#"<link rel="canonical" href="https://example.com/2019/10/08/a/">"#))
            #expect(page.contains(#"<meta http-equiv="refresh" content="0; url=https://example.com/2019/10/08/a/">"#))
            // The part after `#` of the old address goes along, where scripts run.
            #expect(page.contains(#"<script>location.replace("https://example.com/2019/10/08/a/" + location.hash)</script>"#))
        }
    }
}

extension ListPagesTests {
    /// The header's navigation lists the top-level pages by weight, unweighted ones last (as in
    /// Hugo), and leaves out the not-found page (which once came first in it, as "Not found")
    /// and pages that say `nav: false`.
    @Test func theNavigationOrdersByWeightAndLeavesOutThe404AndHiddenPages() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-hello.md": TestBlog.post("title: Hello"),
            "pages/missing.md": TestBlog.post("title: Not found\npermalink: /404.html"),
            "pages/thanks.md": TestBlog.post("title: Thanks\nNav: false"),
            "pages/quoted.md": TestBlog.post("title: Quoted\nnav: \"false\""),
            // At /404/, not the page for missing addresses: listed as any page.
            "pages/404.md": TestBlog.post("title: Four oh four"),
            "pages/about.md": TestBlog.post("title: About\nweight: 2"),
            "pages/projects.md": TestBlog.post("title: Projects\nweight: 1"),
            "pages/colophon.md": TestBlog.post("title: Colophon"),
            "pages/now.md": TestBlog.post("title: Now\nnav: true"),
        ])
        try blog.build()
        let home = try #require(blog.page("index.html"))
        let start = try #require(home.range(of: "<nav aria-label="))
        let nav = String(home[start.lowerBound...]).components(separatedBy: "</nav>")[0]
        // The pages' links come first, each `<a href="/slug/">Title</a>`, then the archive's and the rest.
        let pages = nav.components(separatedBy: "<a href=\"/").dropFirst().map { $0.components(separatedBy: "\"")[0] }
        #expect(Array(pages.prefix(5)) == ["projects/", "about/", "colophon/", "404/", "now/"], "\(nav)")
        #expect(!nav.contains("404.html") && !nav.contains("thanks") && !nav.contains("quoted"), "\(nav)")
        // Hidden from the navigation, still published.
        #expect(blog.page("thanks/index.html") != nil && blog.page("404.html")?.contains("Not found") == true)
    }
}
