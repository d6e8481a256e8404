import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Categories are a taxonomy beside tags: read from Jekyll's and Zola's keys, with pages of
/// their own, shown on posts, in the sitemap and in the feeds.
@Suite struct TaxonomyTests {
    static let files = [
        "posts/2019-10-01-list.md": TestBlog.post("title: List\ncategories: [Release, News]\ntags: [swift]"),
        "posts/2019-10-02-text.md": TestBlog.post("title: Text\ncategories: release news"),
        "posts/2019-10-03-one.md": TestBlog.post("title: One\ncategory: Big Deal"),
        "posts/2019-10-04-both.md": TestBlog.post("title: Both\ncategories: [a, b]\ncategory: c"),
        "posts/2019-10-05-zola.md": "+++\ntitle = \"Zola\"\n[taxonomies]\ncategories = [\"Release\"]\ntags = [\"rust\"]\n+++\n\nText.\n",
        "posts/2019-10-06-none.md": TestBlog.post("title: None"),
    ]

    func compile(_ files: [String: String]) throws -> Site {
        var all = files
        all["galley.yml"] = TestBlog.config
        return try SiteBuilder(source: MemorySource(all), options: TestBlog().options()).compile().site
    }

    @Test func categoriesAreReadUnderEveryName() throws {
        let site = try compile(Self.files)
        let categories = Dictionary(uniqueKeysWithValues: site.posts.map { ($0.document.title, $0.document.categories) })
        #expect(categories["List"] == ["Release", "News"])
        // Text is split at spaces, as Jekyll splits it; `category` is one name however written.
        #expect(categories["Text"] == ["release", "news"])
        #expect(categories["One"] == ["Big Deal"])
        #expect(categories["Both"] == ["a", "b", "c"])
        #expect(categories["Zola"] == ["Release"])
        #expect(categories["None"] == [])
        // One term for names that differ only in case, named as the newest post spells it.
        #expect(site.categories.terms.map(\.name) == ["a", "b", "Big Deal", "c", "news", "Release"])
        #expect(site.categories.terms.first { $0.slug == "release" }?.posts.map { site.posts[$0].document.title } == ["Zola", "Text", "List"])
        #expect(site.tags.terms.map(\.name) == ["rust", "swift"])
    }

    @Test(arguments: [
        ("categories: [[nested]]", 3, "each category must be text"),
        ("category: [a, b]", 3, "'category' must be one name; list several under 'categories'"),
        ("categories: {a: b}", 3, "'categories' must be a list"),
        ("categories: [\"!!\"]", 3, "category '!!' needs at least one letter or digit"),
        ("categories: [\(String(repeating: "a", count: 256))]", 3, "category of 256 characters makes a folder name longer than"),
        ("tags: [x, \(String(repeating: "b", count: 300))]", 3, "tag of 300 characters makes a folder name longer than"),
        // Told at the first one past the limit: twenty thousand tags on a post took minutes.
        ("tags:\n" + (0...500).map { "- t\($0)" }.joined(separator: "\n"), 504, "more than 500 tags: each one's page lists this post"),
    ])
    func badCategoriesAreErrorsAtTheirLine(field: String, line: Int, words: String) throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-01-bad.md": TestBlog.post("title: Bad\n\(field)")])
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.path == "posts/2019-10-01-bad.md" && diagnostics.first?.line == line, "\(diagnostics)")
        #expect(diagnostics.first?.message.contains(words) == true, "\(diagnostics)")
    }

    /// Names that make one slug count once toward the limit.
    @Test func fiveHundredTagsSpelledTwiceEachAreKept() throws {
        let names = (0..<500).flatMap { ["t\($0)", "T\($0)"] }
        let site = try compile(["posts/2019-10-01-many.md": TestBlog.post("title: Many\ntags: [\(names.joined(separator: ", "))]")])
        #expect(site.posts.first?.document.tags.count == 500)
    }

    @Test func categoriesHavePagesLinksAndFeedEntries() throws {
        let blog = try TestBlog(TestBlog.config, Self.files)
        try blog.build()
        let index = try #require(blog.page("categories/index.html"))
        #expect(index.contains(#"<li><a href="/categories/big-deal/">Big Deal</a> <small>1</small></li>"#))
        #expect(index.contains(#"<li><a href="/categories/release/">Release</a> <small>3</small></li>"#))
        let release = try #require(blog.page("categories/release/index.html"))
        #expect(release.contains("<h1>Posts in <span class=\"category\">Release</span></h1>"))
        #expect(release.contains("<title>Posts in “Release” · Test Blog</title>"))
        let order = ["/2019/10/05/zola/", "/2019/10/02/text/", "/2019/10/01/list/"].map { release.range(of: "href=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! }, "newest first")
        #expect(!release.contains("/2019/10/03/one/"))
        // The post shows its categories where it shows its tags, and the header links the index.
        let post = try #require(blog.page("2019/10/01/list/index.html"))
        #expect(post.contains(#"<li><a href="/categories/release/">Release</a></li><li><a href="/categories/news/">News</a></li>"#))
        #expect(post.contains(#"<a href="/categories/">Categories</a>"#))
        let home = try #require(blog.page("index.html"))
        #expect(home.contains(#"<ul class="categories" aria-label="Categories">"#))
        let sitemap = try #require(blog.page("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.com/categories/</loc>"))
        #expect(sitemap.contains("<loc>https://example.com/categories/big-deal/</loc>"))
        let rss = try #require(blog.page("feed.xml"))
        #expect(rss.contains("<category>Release</category>\n<category>News</category>\n<category>swift</category>\n"))
        #expect(try #require(blog.page("atom.xml")).contains(#"<category term="Big Deal"/>"#))
        #expect(try #require(blog.page("feed.json")).contains(#""Release""#))
    }

    /// A blog without categories gets no category pages: its own page may be at /categories/.
    @Test func aBlogWithoutCategoriesHasNoCategoryPages() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-a.md": TestBlog.post("title: A\ntags: [x]"),
            "pages/categories.md": TestBlog.post("title: My categories"),
        ])
        try blog.build()
        #expect(blog.page("categories/index.html")?.contains("My categories") == true)
        #expect(try blog.outputFiles().filter { $0.hasPrefix("categories/") } == ["categories/index.html"])
        #expect(blog.page("index.html")?.contains("/categories/") == true, "the page is in the navigation")
        #expect(blog.page("index.html")?.contains(">Categories</a>") == false)
    }

    /// A theme of a blog's own that has tag layouts but none for categories still builds:
    /// the category pages use the built-in layouts, inside the blog's own base.
    @Test func aThemeWithoutCategoryLayoutsFallsBackToTheBuiltInOnes() throws {
        var files = Self.files
        files["layouts/base.mustache"] = "<html><body class=\"mine\">{{$main}}{{/main}}</body></html>"
        files["layouts/tag.mustache"] = "{{tag.name}}: {{#posts}}{{title}} {{/posts}}"
        let blog = try TestBlog(TestBlog.config, files)
        try blog.build()
        #expect(blog.page("tags/swift/index.html") == "swift: List ")
        let page = try #require(blog.page("categories/news/index.html"))
        #expect(page.contains("<body class=\"mine\">") && page.contains(">Text</a>") && page.contains(">List</a>"))
    }

    /// Layouts see each post's categories on its page and in lists.
    @Test func layoutsSeeCategories() throws {
        var files = Self.files
        files["layouts/post.mustache"] = "{{#page.categories}}{{name}}={{url}};{{/page.categories}}"
        files["layouts/archive.mustache"] = "{{#posts}}{{title}}:{{#categories}}{{slug}},{{/categories}}|{{/posts}}"
        let blog = try TestBlog(TestBlog.config, files)
        try blog.build()
        #expect(blog.page("2019/10/03/one/index.html") == "Big Deal=/categories/big-deal/;")
        #expect(blog.page("archive/index.html") == "None:|Zola:release,|Both:a,b,c,|One:big-deal,|Text:release,news,|List:release,news,|")
    }

    /// Under `slugs: hugo` a tag's page is where Hugo put it: dots and accents kept, a `/` a
    /// folder, and names that differ in accents two tags, as in Hugo.
    @Test func hugosRuleNamesTagPagesAsHugoDid() throws {
        let files = [
            "posts/2019-10-01-a.md": TestBlog.post("title: A\ntags: [.NET, SSL/TLS, Café, Cafe]"),
            "posts/2019-10-02-b.md": TestBlog.post("title: B\ntags: [.net]"),
        ]
        let blog = try TestBlog(TestBlog.config + "slugs: hugo\n", files)
        try blog.build()
        #expect(try blog.outputFiles().filter { $0.hasPrefix("tags/") && $0.hasSuffix("index.html") } == [
            "tags/.net/index.html", "tags/cafe/index.html", "tags/café/index.html", "tags/index.html", "tags/ssl/tls/index.html",
        ])
        #expect(blog.page("tags/.net/index.html")?.contains(">A</a>") == true)
        #expect(blog.page("2019/10/01/a/index.html")?.contains("href=\"/tags/.net/\"") == true)
    }

    /// A tag Hugo's rule makes no safe folder of stops the build at the post's line.
    @Test(arguments: ["..", "a//b", "/x"])
    func hugosRuleRefusesATagThatLeavesItsFolder(tag: String) throws {
        let blog = try TestBlog(TestBlog.config + "slugs: hugo\n", ["posts/2019-10-01-a.md": TestBlog.post("title: A\ntags: [\"\(tag)\"]")])
        let messages = blog.failure().map(\.description)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("posts/2019-10-01-a.md:3: tag '\(tag)' makes the address part") == true, "\(messages)")
    }
}
