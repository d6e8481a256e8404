import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// The default theme as readers get it: every kind of page, its stylesheet, its icons and its
/// link previews.
@Suite struct DefaultThemeTests {
    /// A blog with a page of every kind: posts with tags and categories, a page, a bundle post.
    static func blog(_ config: String = TestBlog.config, _ more: [String: String] = [:]) throws -> TestBlog {
        var files: [String: String] = [
            "pages/about.md": TestBlog.post("title: About", "## Who\n\nMe.\n\n## Who\n\nStill me."),
            "posts/2019-10-08-one.md": TestBlog.post("title: One\ntags: [swift]\ncategories: [Notes]", "Text[^1].\n\n[^1]: A note."),
            "posts/2019-10-09-two/index.md": TestBlog.post("title: Two\ntags: [ipad]\nimage: hill.png", "![Hill](hill.png)"),
            "posts/2019-10-09-two/hill.png": "not really a picture",
        ]
        files.merge(more) { $1 }
        return try TestBlog(config, files)
    }

    /// Every page kind's output file.
    static let pagesByKind = [
        "home": "index.html", "post": "2019/10/08/one/index.html", "page": "about/index.html", "tags": "tags/index.html",
        "tag": "tags/swift/index.html", "categories": "categories/index.html", "category": "categories/notes/index.html",
        "archive": "archive/index.html", "not_found": "404.html",
    ]

    /// The class names a stylesheet's selectors use (`.tags`, `.post > header`), outside
    /// declarations and comments.
    static func selectorClasses(in css: String) throws -> Set<String> {
        var text = css.replacing(try Regex(#"/\*[\s\S]*?\*/"#), with: "")
        // Innermost blocks first, so that a block inside @media goes before the @media's own.
        while let block = text.firstRange(of: try Regex(#"\{[^{}]*\}"#)) {
            text.replaceSubrange(block, with: ",")
        }
        return Set(text.matches(of: try Regex(#"\.([A-Za-z_][A-Za-z0-9_-]*)"#)).map { String($0.output[1].substring!) })
    }

    static func bodyClasses(of html: String) throws -> [String] {
        let match = try #require(html.firstMatch(of: try Regex(#"<body class="([^"]*)">"#)))
        return String(match.output[1].substring!).split(separator: " ").map(String.init)
    }

    @Test func noPageKindsClassOnBodyIsAClassTheStylesheetGivesAComponent() throws {
        let blog = try Self.blog()
        try blog.build()
        let css = try #require(blog.page("style.css"))
        let classes = try Self.selectorClasses(in: css)
        #expect(classes.contains("tags") && classes.contains("post"), "the stylesheet reading found \(classes.sorted())")
        for (kind, path) in Self.pagesByKind {
            let page = try #require(blog.page(path), "no \(path)")
            let body = try Self.bodyClasses(of: page)
            #expect(body == ["page-\(kind)"], "\(path)")
            for name in body {
                #expect(!classes.contains(name), "<body class=\"\(name)\"> on \(path) takes the style of .\(name)")
            }
        }
    }

    @Test func aTablesColumnAlignmentIsNotOverriddenByTheStylesheet() throws {
        let blog = try Self.blog(TestBlog.config, ["posts/2019-10-10-table.md": TestBlog.post("title: Table", "| a | b |\n|---|--:|\n| 1 | 2 |")])
        try blog.build()
        let page = try #require(blog.page("2019/10/10/table/index.html"))
        #expect(page.contains(#"<td style="text-align: right">2</td>"#))
        let css = try #require(blog.page("style.css"))
        #expect(!css.contains("!important"), "a rule with !important beats a cell's own style")
    }

    @Test func footnoteMarksDoNotOpenUpTheirLine() throws {
        let blog = try Self.blog()
        try blog.build()
        let css = try #require(blog.page("style.css"))
        let rule = try #require(css.firstMatch(of: try Regex(#"(?m)^sup, sub \{[^}]*\}"#)).map { String(css[$0.range]) })
        #expect(rule.contains("line-height: 0") && rule.contains("vertical-align: baseline"))
    }

    @Test func theHomePageHasOneFirstLevelHeadingAndEveryOtherPageOneToo() throws {
        let blog = try Self.blog()
        try blog.build()
        for (_, path) in Self.pagesByKind {
            let page = try #require(blog.page(path))
            #expect(page.matches(of: try Regex("<h1[ >]")).count == 1, "\(path)")
        }
        #expect(try #require(blog.page("index.html")).contains(#"<h1 class="site-title"><a href="/" aria-current="page">Test Blog</a></h1>"#))
    }

    @Test func theThemeShipsAFaviconAndLinksIt() throws {
        let blog = try Self.blog()
        try blog.build()
        let icon = try #require(FileManager.default.contents(atPath: blog.output.appending(path: "favicon.ico").path))
        #expect(Array(icon.prefix(4)) == [0, 0, 1, 0], "an ICO file starts with 00 00 01 00")
        #expect(blog.page("favicon.svg")?.hasPrefix("<svg") == true)
        let home = try #require(blog.page("index.html"))
        #expect(home.contains(#"<link rel="icon" href="/favicon.ico" sizes="32x32">"#))
        #expect(home.contains(#"<link rel="icon" href="/favicon.svg" type="image/svg+xml">"#))
    }

    @Test func aBlogsOwnFaviconWinsOverTheThemes() throws {
        let blog = try Self.blog(TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/"),
                                 ["static/favicon.ico": "my own icon"])
        try blog.build()
        #expect(blog.page("favicon.ico") == "my own icon")
        let home = try #require(blog.page("index.html"))
        #expect(home.contains(#"<link rel="icon" href="/blog/favicon.ico" sizes="32x32">"#))
        // The theme's SVG would be chosen over the blog's own icon.
        #expect(!home.contains("favicon.svg"))
    }

    @Test func frontMatterAndSettingsGiveLinkPreviewsAPicture() throws {
        let blog = try Self.blog(TestBlog.config + "image: /images/cover.png\n")
        #expect(try blog.build().warnings.isEmpty)
        let two = try #require(blog.page("2019/10/09/two/index.html"))
        #expect(two.contains(#"<meta property="og:image" content="https://example.com/2019/10/09/two/hill.png">"#))
        #expect(two.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        let one = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(one.contains(#"<meta property="og:image" content="https://example.com/images/cover.png">"#))
        #expect(try #require(blog.page("tags/index.html")).contains(#"content="https://example.com/images/cover.png""#))
    }

    /// A relative image of a post that is a single file is read from the blog's root, as
    /// jekyll-seo-tag and Hugo read it; of a post that is a folder, from beside it.
    @Test func aRelativeImageIsBesideAFolderPostAndFromTheRootOtherwise() throws {
        let blog = try Self.blog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One\nimage: images/c.png"),
                                                   "pages/gallery/index.md": TestBlog.post("title: Gallery\nimage: wall.jpg"),
                                                   "pages/gallery/wall.jpg": "not really a picture"])
        #expect(try blog.build().warnings.isEmpty)
        let one = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(one.contains(#"<meta property="og:image" content="https://example.com/images/c.png">"#))
        let two = try #require(blog.page("2019/10/09/two/index.html"))
        #expect(two.contains(#"<meta property="og:image" content="https://example.com/2019/10/09/two/hill.png">"#))
        let gallery = try #require(blog.page("gallery/index.html"))
        #expect(gallery.contains(#"<meta property="og:image" content="https://example.com/gallery/wall.jpg">"#))
    }

    @Test func aPageWithoutAPictureGetsTheSmallCard() throws {
        let blog = try Self.blog(TestBlog.config, ["posts/2019-10-09-two/index.md": TestBlog.post("title: Two")])
        try blog.build()
        let one = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(one.contains(#"<meta name="twitter:card" content="summary">"#))
        #expect(!one.contains("og:image"))
    }

    @Test func aPictureOutsideTheSiteIsLeftOut() throws {
        let config = TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/")
        for written in ["javascript:alert(1)", "JavaScript:alert(1)", "data:image/png;base64,AAAA", "//elsewhere.example/x.png",
                        "../../../../../x.png", "file:///etc/passwd"] {
            let blog = try Self.blog(config, ["posts/2019-10-09-two/index.md": TestBlog.post("title: Two\nimage: '\(written.replacingOccurrences(of: "'", with: "''"))'")])
            let report = try blog.build()
            let two = try #require(blog.page("2019/10/09/two/index.html"))
            #expect(!two.contains("og:image"), "\(written)")
            // Left out, and said so at its line.
            #expect(report.warnings.map(\.description).contains {
                $0.hasPrefix("posts/2019-10-09-two/index.md:3: image '") && $0.contains("is not a picture a link preview can show")
            }, "\(written): \(report.warnings)")
        }
        let blog = try Self.blog(config, ["posts/2019-10-09-two/index.md": TestBlog.post("title: Two\nimage: '\"><script>x</script>'")])
        try blog.build()
        let two = try #require(blog.page("2019/10/09/two/index.html"))
        #expect(two.contains(#"content="https://example.com/blog/2019/10/09/two/%22%3E%3Cscript%3Ex%3C/script%3E""#))
    }

    @Test func theCurrentPagesLinkInTheNavigationIsMarked() throws {
        let blog = try Self.blog()
        try blog.build()
        let about = try #require(blog.page("about/index.html"))
        #expect(about.contains(#"<a href="/about/" aria-current="page">About</a>"#))
        let archive = try #require(blog.page("archive/index.html"))
        #expect(archive.contains(#"<a href="/archive/" aria-current="page">Archive</a>"#))
        #expect(archive.contains(#"<a href="/about/">About</a>"#))
        #expect(try #require(blog.page("tags/index.html")).contains(#"<a href="/tags/" aria-current="page">Tags</a>"#))
        #expect(try #require(blog.page("categories/index.html")).contains(#"<a href="/categories/" aria-current="page">Categories</a>"#))
        let post = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(!post.contains("aria-current"))
        // Page 2 of the home page is not the home page: only its own number is marked.
        let blogOfThree = try Self.blog(TestBlog.config, ["posts/2019-10-10-three.md": TestBlog.post("title: Three")])
        try blogOfThree.build()
        let second = try #require(blogOfThree.page("page/2/index.html"))
        #expect(second.components(separatedBy: "aria-current").count == 2, "\(second)")
        #expect(second.contains(#"<a href="/page/2/" aria-current="page"><span class="visually-hidden">Page </span>2</a>"#))
    }

    @Test func headingsInAPostLinkToThemselvesAndFeedsKeepThemPlain() throws {
        let blog = try Self.blog()
        try blog.build()
        let about = try #require(blog.page("about/index.html"))
        #expect(about.contains(##"<h2 id="who"><a class="anchor" href="#who">Who</a></h2>"##))
        #expect(about.contains(##"<h2 id="who-1"><a class="anchor" href="#who-1">Who</a></h2>"##))
        let css = try #require(blog.page("style.css"))
        #expect(css.contains(".content .anchor:focus-visible::after"), "the # shows for keyboard users too")
        let feed = try #require(blog.page("feed.xml"))
        #expect(!feed.contains("anchor"))
    }

    @Test func theSampleBlogBuildsWithEveryThemeFeature() throws {
        let blog = try TestBlog()
        let site = try blog.copyOfSampleBlog()
        let output = blog.root.appending(path: "sample-out")
        _ = try SiteBuilder(source: DirectorySource(root: site), options: blog.options(drafts: true)).build(into: output)
        let walk = try String(contentsOf: output.appending(path: "2024/10/12/a-walk-in-photos/index.html"), encoding: .utf8)
        #expect(walk.contains(#"<meta property="og:image" content="https://blog.example.com/2024/10/12/a-walk-in-photos/hill.png">"#))
        let home = try String(contentsOf: output.appending(path: "index.html"), encoding: .utf8)
        #expect(home.contains("Read on<span class=\"visually-hidden\">"), "galley.yml's strings: reach the theme")
    }
}
