import Foundation
@testable import Layouts
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// What an axe run in Chromium found missing in the default theme, and the ways a blog changes
/// the theme without copying it: each checked on built pages.
extension DefaultThemeTests {
    @Test func aBlogsCustomStylesheetAndHeadExtraComeLastInTheHead() throws {
        let plain = try Self.blog()
        try plain.build()
        let page = try #require(plain.page("2019/10/08/one/index.html"))
        #expect(!page.contains("custom.css"))
        #expect(page.contains(##"<meta name="theme-color" content="#fdfcfa" media="(prefers-color-scheme: light)">"##))
        #expect(page.contains(##"<meta name="theme-color" content="#1b1a18" media="(prefers-color-scheme: dark)">"##))
        let css = try #require(plain.page("style.css"))
        #expect(css.contains("--background: #fdfcfa;") && css.contains("--background: #1b1a18;"), "theme-color is the page's own background")

        let custom = try Self.blog(TestBlog.config, [
            "static/custom.css": ":root { --accent: teal; }\n",
            "layouts/head-extra.mustache": "<meta name=\"mine\" content=\"{{page.title}}\">\n",
        ])
        try custom.build()
        let own = try #require(custom.page("2019/10/08/one/index.html"))
        let theme = try #require(own.range(of: #"<link rel="stylesheet" href="/style.css">"#))
        let mine = try #require(own.range(of: #"<link rel="stylesheet" href="/custom.css">"#))
        #expect(theme.upperBound < mine.lowerBound, "custom.css comes after the theme's stylesheet, so its rules win")
        #expect(own.contains("<meta name=\"mine\" content=\"One\">\n</head>"), "head-extra ends the head")
        #expect(custom.page("custom.css") == ":root { --accent: teal; }\n")
    }

    @Test func codeBlocksCanBeReachedByKeyboardAndAreLabelledInTheSitesLanguage() throws {
        let post = ["posts/2019-10-10-code.md": TestBlog.post("title: Code", "```\nlet a = 1\n```\n")]
        let english = try Self.blog(TestBlog.config, post)
        try english.build()
        #expect(english.page("2019/10/10/code/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Code"><code>let a = 1"#) == true)
        #expect(english.page("feed.xml")?.contains("tabindex") == false, "feeds keep the body as written")
        let spanish = try Self.blog(TestBlog.config + "language: es\n", post)
        try spanish.build()
        #expect(spanish.page("2019/10/10/code/index.html")?.contains(#"<pre tabindex="0" role="group" aria-label="Código">"#) == true)
        // Every language of the theme has the word.
        let strings = try Theme.load(from: english.source).strings
        for (language, table) in strings.tables { #expect(table["code"]?.isEmpty == false, "\(language)") }
    }

    @Test func footnoteLinksAreUnderlinedAndThePagePositionIsCentred() throws {
        let blog = try Self.blog()
        try blog.build()
        let css = try #require(blog.page("style.css"))
        #expect(css.contains("sup a, .footnote-backref { text-decoration: underline; }"))
        #expect(!css.contains("text-decoration: none; }\nh2[id]:target"))
        #expect(css.contains(".pagination { display: grid; grid-template-columns: 1fr auto 1fr;"))
        #expect(css.contains(".pagination .position { text-align: center; }"))
    }

    @Test func theHomePagesAreNumberedWithGapsAroundTheCurrentOne() throws {
        var posts: [String: String] = [:]
        for day in 10...25 { posts["posts/2019-10-\(day)-p.md"] = TestBlog.post("title: Post \(day)") }
        let blog = try Self.blog(TestBlog.config, posts)
        try blog.build()
        // 18 posts, two a page: nine pages.
        let fifth = try #require(blog.page("page/5/index.html"))
        let numbers = try #require(fifth.firstMatch(of: try Regex(#"<ol class="page-numbers">\s*(.*?)\s*</ol>"#)))
        let shown = String(numbers.output[1].substring!)
            .replacing(try Regex(#"<li><a href="[^"]*"( aria-current="page")?><span class="visually-hidden">Page </span>(\d+)</a></li>"#)) { match in
                match.output[1].substring == nil ? "\(match.output[2].substring!) " : "[\(match.output[2].substring!)] "
            }
            .replacingOccurrences(of: #"<li class="gap" aria-hidden="true">…</li>"#, with: "… ")
        #expect(shown == "1 … 3 4 [5] 6 7 … 9 ", "\(shown)")
        #expect(fifth.contains(#"<a href="/page/5/" aria-current="page">"#))
        #expect(fifth.contains(#"<span class="position">Page 5 of 9</span>"#))
        let first = try #require(blog.page("index.html"))
        #expect(first.contains(#"<a href="/" aria-current="page"><span class="visually-hidden">Page </span>1</a></li><li><a href="/page/2/">"#))
        #expect(first.contains(#"3</a></li><li class="gap" aria-hidden="true">…</li><li><a href="/page/9/">"#))
    }

    @Test func theBlogsOwnPicturesGetTheirSizeAndWaitToLoad() throws {
        let blog = try Self.blog(TestBlog.config, [
            "posts/2019-10-10-photos/index.md": TestBlog.post("title: Photos", """
                ![Wide](/images/wide.png) ![Tall](tall.gif) ![Far](https://example.org/far.png)

                <img src="/images/wide.png" alt="Small" width="300">
                """),
        ])
        try blog.write("static/images/wide.png", Data(TestPictures.png(1200, 600)))
        try blog.write("posts/2019-10-10-photos/tall.gif", Data(Array("GIF89a".utf8) + [40, 0, 80, 0, 0, 0, 0]))
        try blog.build()
        let page = try #require(blog.page("2019/10/10/photos/index.html"))
        #expect(page.contains(#"<img src="/images/wide.png" alt="Wide" width="1200" height="600" loading="lazy" />"#), "\(page)")
        #expect(page.contains(#"<img src="tall.gif" alt="Tall" width="40" height="80" loading="lazy" />"#))
        #expect(page.contains(#"<img src="https://example.org/far.png" alt="Far" loading="lazy" />"#))
        #expect(page.contains(#"<img src="/images/wide.png" alt="Small" width="300" height="150" loading="lazy">"#))
    }

    @Test func aPostCarriesItsStructuredDataWhateverItsTitle() throws {
        let blog = try Self.blog(TestBlog.config, [
            "posts/2019-10-10-tricky.md": TestBlog.post("title: \"</script><script>alert(1)</script>\"\nupdated: 2019-10-11"),
        ])
        try blog.build()
        let page = try #require(blog.page("2019/10/10-tricky/index.html") ?? blog.page("2019/10/10/tricky/index.html"))
        #expect(page.components(separatedBy: "</script>").count == 2, "only the JSON-LD's own end tag")
        let json = try #require(page.firstMatch(of: try Regex(#"<script type="application/ld\+json">(.*?)</script>"#)))
        let read = try #require(try JSONSerialization.jsonObject(with: Data(String(json.output[1].substring!).utf8)) as? [String: Any])
        #expect(read["@type"] as? String == "BlogPosting")
        #expect(read["headline"] as? String == "</script><script>alert(1)</script>")
        #expect(read["datePublished"] as? String == "2019-10-10T00:00:00+02:00")
        #expect(read["dateModified"] as? String == "2019-10-11T00:00:00+02:00")
        #expect((read["author"] as? [String: Any])?["name"] as? String == "Tess Ter")
        #expect(read["url"] as? String == "https://example.com/2019/10/10/tricky/")
        #expect(blog.page("about/index.html")?.contains("application/ld+json") == false, "a page is no BlogPosting")
    }

    @Test func aPostAsksForItsTableOfContents() throws {
        let body = "## First\n\nText.\n\n### Inner\n\nMore.\n\n## Second\n\nEnd."
        let blog = try Self.blog(TestBlog.config, [
            "posts/2019-10-10-long.md": TestBlog.post("title: Long\ntoc: true", body),
            "posts/2019-10-11-short.md": TestBlog.post("title: Short", body),
        ])
        try blog.build()
        let long = try #require(blog.page("2019/10/10/long/index.html"))
        #expect(long.contains("""
            <nav class="toc" aria-labelledby="toc-title">
                <h2 id="toc-title">Contents</h2>
            <ol>
            <li><a href="#first">First</a>
            <ol>
            <li><a href="#inner">Inner</a></li>
            </ol>
            </li>
            <li><a href="#second">Second</a></li>
            </ol>
              </nav>
            """), "\(long)")
        #expect(blog.page("2019/10/11/short/index.html")?.contains("class=\"toc\"") == false)
    }
}
