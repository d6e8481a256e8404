import Foundation
@testable import Layouts
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct ThemeTests {
    @Test func theDefaultThemeIsBuiltIn() throws {
        let theme = try Theme.load(from: TestBlog().source)
        for name in ["base", "post", "page", "home", "archive", "tags", "tag", "404", "head", "header", "footer"] {
            #expect(theme.layoutNames.contains(name), "missing layout \(name)")
        }
        #expect(theme.assets["style.css"] != nil)
    }

    @Test func theFooterLeavesOutADescriptionTheBlogDoesNotHave() throws {
        let without = try TestBlog(TestBlog.config.replacingOccurrences(of: "description: A blog made by a test.\n", with: ""), [
            "posts/2019-10-08-one.md": TestBlog.post("title: One")
        ])
        try without.build()
        #expect(try #require(without.page("index.html")).contains("<p>© 2025 Tess Ter</p>"))
        let with = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One")])
        try with.build()
        #expect(try #require(with.page("index.html")).contains("<p>© 2025 Tess Ter · A blog made by a test.</p>"))
    }

    @Test func aBlogOverridesOneLayoutAndKeepsTheRest() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\ntags: [a]"),
            "layouts/footer.mustache": "<footer>My own footer for {{site.title}}</footer>",
        ])
        try blog.build()
        let post = try #require(blog.page("2019/10/08/one/index.html"))
        #expect(post.contains("<footer>My own footer for Test Blog</footer>"))
        #expect(post.contains(#"<h1 class="p-name">One</h1>"#))
        #expect(!post.contains("Subscribe:"))
    }

    @Test func layoutsInheritAndChooseByFrontMatter() throws {
        let blog = try TestBlog(TestBlog.config, [
            "layouts/wide.mustache": "{{<base}}{{$main}}<div class=\"wide\">{{{page.content}}}</div>{{/main}}{{/base}}",
            "pages/gallery.md": TestBlog.post("title: Gallery\nlayout: wide", "Pictures."),
        ])
        try blog.build()
        let page = try #require(blog.page("gallery/index.html"))
        #expect(page.contains("<div class=\"wide\"><p>Pictures.</p>\n</div>"))
        #expect(page.contains("<title>Gallery · Test Blog</title>"))
    }

    @Test func everyVariableTheReadmePromisesIsThere() throws {
        let layout = """
            {{site.title}}|{{site.description}}|{{site.author.name}}|{{site.base_url}}|{{site.base_path}}|{{site.language}}|{{site.timezone}}|{{site.params.twitter}}
            {{page.title}}|{{page.url}}|{{page.permalink}}|{{page.kind}}|{{page.word_count}}|{{page.reading_time}}|{{page.source}}|{{page.params.mood}}
            {{page.date}}|{{page.date.iso8601}}|{{page.date.rfc822}}|{{page.date.year}}/{{page.date.month}}/{{page.date.day}}|{{page.date.month_name}}|{{page.date.weekday}}
            {{#page.date.format}}EEE, dd MMM yyyy 'at' hh:mm a{{/page.date.format}}|{{#page.date.format}}MMMM do, yyyy{{/page.date.format}}
            {{#page.tags}}[{{name}} {{slug}} {{url}}]{{/page.tags}}
            {{#page.previous}}older:{{title}} {{url}}{{/page.previous}}|{{#page.next}}newer:{{title}}{{/page.next}}
            {{#page.audio}}{{url}} {{length}} {{type}} {{duration}} {{duration_text}}{{/page.audio}}
            {{#site.pages}}({{title}} {{url}}){{/site.pages}}
            """
        let blog = try TestBlog(TestBlog.config + "twitter: tess\n", [
            "layouts/post.mustache": layout,
            "posts/2019-10-07-before.md": TestBlog.post("title: Before"),
            "posts/2019-10-08-middle.md": TestBlog.post(
                "title: Middle & more\ndate: 2019-10-08 13:34\ntags: [Swift, Café]\nmood: sunny\naudio:\n  url: /a.mp3\n  duration: 75",
                "One two three."),
            "posts/2019-10-09-after.md": TestBlog.post("title: After"),
            "pages/about.md": TestBlog.post("title: About"),
            "static/a.mp3": "12345",
        ])
        try blog.build()
        let lines = try #require(blog.page("2019/10/08/middle/index.html")).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "Test Blog|A blog made by a test.|Tess Ter|https://example.com/|/|en|Europe/Berlin|tess")
        #expect(lines[1] == "Middle &amp; more|/2019/10/08/middle/|https://example.com/2019/10/08/middle/|post|3|1|posts/2019-10-08-middle.md|sunny")
        #expect(lines[2] == "8 October 2019|2019-10-08T13:34:00+02:00|Tue, 08 Oct 2019 13:34:00 +0200|2019/10/08|October|Tuesday")
        #expect(lines[3] == "Tue, 08 Oct 2019 at 01:34 PM|October 8th, 2019")
        #expect(lines[4] == "[Swift swift /tags/swift/][Café cafe /tags/cafe/]")
        #expect(lines[5] == "older:Before /2019/10/07/before/|newer:After")
        #expect(lines[6] == "/a.mp3 5 audio/mpeg 75 1:15")
        #expect(lines[7] == "(About /about/)")
    }

    @Test func aBrokenLayoutIsReportedAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "layouts/post.mustache": "<h1>{{page.title}}</h1>\n{{#page.tags}}\n<p>never closed</p>\n"
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == "layouts/post.mustache")
        #expect(diagnostics.first?.message == "'{{#page.tags}}' opened here is never closed: add {{/page.tags}} where it ends")
        #expect(diagnostics.first?.line == 2)
    }

    @Test func aTagLeftOpenIsReportedAtItsOwnLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "layouts/post.mustache": "<h1>Title</h1>\n<p>{{page.title</p>\n<p>after</p>\n"
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.map(\.line) == [2])
        #expect(diagnostics.first?.message == "a tag is not closed with }}")
    }

    @Test(arguments: ["<p>{{#posts", "<p>{{{title", "{{! a comment", "{{#posts}}x{{/"])
    func aFileThatEndsInsideATagSaysSo(layout: String) throws {
        let blog = try TestBlog(TestBlog.config, ["layouts/post.mustache": layout])
        let diagnostics = blog.failure()
        #expect(diagnostics.map(\.path) == ["layouts/post.mustache"])
        #expect(diagnostics.first?.message == "the file ends inside a tag: it is not closed with }}")
    }

    @Test func variablesAreEscapedForHTMLAndTripleBracesAreNot() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: \"Fish & <Chips> \\\"café\\\" it's\""),
            "layouts/post.mustache": "[{{page.title}}]\n[{{{page.title}}}]\n{{> part}}",
            "layouts/part.mustache": "({{page.title}})\n",
        ])
        _ = try blog.build()
        let page = blog.page("2019/10/08/one/index.html")
        #expect(page == "[Fish &amp; &lt;Chips&gt; &quot;café&quot; it&#39;s]\n[Fish & <Chips> \"café\" it's]\n(Fish &amp; &lt;Chips&gt; &quot;café&quot; it&#39;s)\n")
    }

    @Test func aBaseURLWithAPathPrefixesEveryLink() throws {
        let blog = try TestBlog(TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/"), [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\ntags: [a]")
        ])
        try blog.build()
        let home = try #require(blog.page("index.html"))
        #expect(home.contains(#"href="/blog/2019/10/08/one/""#))
        #expect(home.contains(#"href="/blog/style.css""#))
        #expect(home.contains(#"href="/blog/tags/a/""#))
        #expect(blog.page("2019/10/08/one/index.html")?.contains("https://example.com/blog/2019/10/08/one/") == true)
    }
}

/// What a theme learns from reading its layouts when it is loaded (see ``LayoutReads``).
@Suite struct ThemeReadingTests {
    @Test func theDefaultListsShowWhatTheirLayoutsName() throws {
        let theme = try Theme.load(from: TestBlog().source)
        let archive = theme.fields(of: "archive")
        #expect(archive.isSuperset(of: [.title, .address, .date]))
        #expect(archive.isDisjoint(with: [.length, .readingTime, .excerpt, .tags, .audio, .draft]))
        #expect(theme.fields(of: "home").isSuperset(of: [.title, .address, .date, .readingTime, .excerpt, .tags, .audio, .draft]))
        // The default theme shows a reading time, never the word count it comes from.
        #expect(!theme.fields(of: "home").contains(.length))
        #expect(theme.fields(of: "no such layout") == .all)
    }

    @Test func theNamesALayoutReadsPickItsFields() {
        #expect(ListingFields(names: ["frame", "main", "posts", "page", "title", "url", "empty", "tags"]) == [.title, .address, .tags])
        #expect(ListingFields(names: nil) == .all)
        #expect(ListingFields(names: []) == [])
    }

    @Test func theDefaultFooterAndSiteLinksShowOnlySiteValues() throws {
        let theme = try Theme.load(from: TestBlog().source)
        // The header marks the page being shown in its navigation, so it reads `page`; the
        // empty head-extra reads nothing at all.
        #expect(theme.siteOnly == ["head-site", "head-extra", "footer"])
    }

    /// Rendering the site-only layouts once must change nothing: the sample blog and a blog whose
    /// front matter could shadow `site` build the same with and without it.
    @Test func renderingThemOnceChangesNoByte() throws {
        let sampleCopy = try TestBlog()
        let sample = try sampleCopy.copyOfSampleBlog()
        let shadowing = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\nparams:\n  site:\n    title: Not the site"),
            "pages/about.md": TestBlog.post("title: About"),
            "layouts/post.mustache": "{{#page.params}}{{> footer}}{{/page.params}}",
        ])
        for source in [DirectorySource(root: sample), shadowing.source] {
            try sampleCopy.expectSameBuilds(source, options: sampleCopy.options(), setting: \.renderSiteOnlyLayoutsOnce)
        }
    }
}
