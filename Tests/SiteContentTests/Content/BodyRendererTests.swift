import Foundation
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

/// Bodies with templates, math and root-relative links, through whole builds.
@Suite struct BodyRendererTests {
    /// Builds `blog` on top of its last build, as a save does, then lets the clock move on so
    /// that the next save is seen as one.
    static func incremental(_ blog: TestBlog, cache: URL) throws {
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        try builder.build(into: blog.output, cache: cache)
        Thread.sleep(forTimeInterval: 0.03)
    }

    static let subPathConfig = TestBlog.config.replacingOccurrences(of: "https://example.com/", with: "https://example.com/blog/")
        + "repository: https://github.com/o/r\n"

    @Test func linksUnderASubPathWorkOnPagesAndInFeeds() throws {
        let blog = try TestBlog(Self.subPathConfig, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", """
                ![x](/images/x.png) [two]({% post_url 2020-01-02-two %}) [about]({{ site.baseurl }}/about/) [repo]({{ site.repository }}/issues)
                """),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two", "[back]({{< relref \"2020-01-01-one.md\" >}})"),
        ])
        let report = try blog.build()
        #expect(report.warnings.isEmpty)
        let one = try #require(blog.page("2020/01/01/one/index.html"))
        #expect(one.contains(#"<img src="/blog/images/x.png""#))
        #expect(one.contains(#"<a href="/blog/2020/01/02/two/">two</a>"#))
        #expect(one.contains(#"<a href="/blog/about/">about</a>"#))
        #expect(one.contains(#"<a href="https://github.com/o/r/issues">repo</a>"#))
        #expect(try #require(blog.page("2020/01/02/two/index.html")).contains(#"<a href="/blog/2020/01/01/one/">back</a>"#))
        let feed = try #require(blog.page("feed.xml"))
        #expect(feed.contains("src=&quot;https://example.com/blog/images/x.png&quot;"))
        #expect(!feed.contains("blog/blog"))
        // The home page's excerpts, rebased once more for the list, stay under the sub-path.
        let home = try #require(blog.page("index.html"))
        #expect(home.contains(#"src="/blog/images/x.png""#))
        #expect(!home.contains("/blog/blog/"))
    }

    @Test func mathSurvivesTheWholeBuild() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-math.md": TestBlog.post("title: Math", "$$\na_1 \\\\ b_2 < c\n$$\n\nInline \\\\(x_i^2\\\\)."),
        ])
        try blog.build()
        let page = try #require(blog.page("2020/01/01/math/index.html"))
        #expect(page.contains("$$\na_1 \\\\ b_2 &lt; c\n$$"))
        #expect(page.contains("Inline \\(x_i^2\\)."))
    }

    @Test func aLinkToAMissingPostStopsTheBuildAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "Text.\n\nSee [it]({% post_url 2020-01-09-gone %})."),
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.path == "posts/2020-01-01-one.md")
        #expect(diagnostics.first?.line == 7)
        #expect(diagnostics.first?.message.contains("post_url 2020-01-09-gone") == true)
    }

    @Test func warningsAreSaidOnceForManyPlacesAndAgainByACachedBuild() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "{{ site.repository }} {{ site.repository }}"),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two", "{{ site.repository }}\n\n{{< plotly >}}"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        let first = try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        #expect(first.warnings.map(\.description) == [
            "posts/2020-01-01-one.md:5: 'site.repository' is not set: add `repository` to galley.yml; it prints nothing (and 2 other places: posts/2020-01-02-two.md:5, …)",
            "posts/2020-01-02-two.md:7: the shortcode 'plotly' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/plotly.mustache to give it one)",
        ])
        try blog.write("posts/2020-01-03-three.md", TestBlog.post("title: Three"))
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let second = try builder.build(into: blog.output, cache: cache)
        #expect(second.warnings == first.warnings)
    }

    @Test func aPageFollowsThePostItLinksToWhenThatMoves() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "See [two]({% post_url 2020-01-02-two %}) and [about]({{< ref \"about\" >}})."),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two"),
            "pages/about.md": TestBlog.post("title: About"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        try Self.incremental(blog, cache: cache)
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains(#"href="/2020/01/02/two/""#))
        // The linked post moves to another day; the post linking to it is not touched.
        try blog.write("posts/2020-01-02-two.md", TestBlog.post("title: Two\nslug: second"))
        try Self.incremental(blog, cache: cache)
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains(#"href="/2020/01/02/second/""#))
        try blog.expectSameAsFullBuild("after the linked post moved")
        try blog.write("pages/about.md", TestBlog.post("title: About\nslug: about-me"))
        try Self.incremental(blog, cache: cache)
        try blog.expectSameAsFullBuild("after the linked page moved")
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains(#"href="https://example.com/about-me/""#))
        // It goes away: the build stops, naming the post that links to it, and nothing changes.
        try blog.remove("posts/2020-01-02-two.md")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        #expect(throws: BuildFailure.self) { try builder.build(into: blog.output, cache: cache) }
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains(#"href="/2020/01/02/second/""#))
    }
}

extension BodyRendererTests {
    @Test func aThemesOwnShortcodeRendersAndARebuildFollowsIt() throws {
        let blog = try TestBlog(TestBlog.config, [
            "layouts/shortcodes/note.mustache": #"<aside class="{{args.kind}}">{{args.0}}: {{inner}} ({{page.title}})</aside>"#,
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "Read {{< note \"Tip\" kind=\"tip\" >}}a <b>{{< /note >}} first.\n\n{{< chart x >}}in{{< /chart >}}"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let report = try builder.build(into: blog.output, cache: cache)
        let page = try #require(blog.page("2020/01/01/one/index.html"))
        #expect(page.contains(#"<aside class="tip">Tip: a &lt;b&gt; (One)</aside>"#))
        // One the theme does not have is printed whole, closing tag and all, with a warning.
        #expect(page.contains("{{&lt; chart x &gt;}}in{{&lt; /chart &gt;}}"))
        #expect(report.warnings.map(\.message).contains { $0.contains("add layouts/shortcodes/chart.mustache") })
        Thread.sleep(forTimeInterval: 0.03)
        try blog.write("layouts/shortcodes/note.mustache", "<aside>{{inner}}</aside>")
        try builder.build(into: blog.output, cache: cache)
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains("<aside>a &lt;b&gt;</aside>"))
        // The home page's excerpt, kept by the cache, follows too.
        #expect(try #require(blog.page("index.html")).contains("<aside>a &lt;b&gt;</aside>"))
        try blog.expectSameAsFullBuild("after the shortcode changed")
    }
}

/// What posts moved from Zola and Hugo write, through whole builds.
extension BodyRendererTests {
    @Test func zolasLinksByFileLeadToTheirDocuments() throws {
        let blog = try TestBlog(Self.subPathConfig, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", """
                See [two](@/blog/2020-01-02-two.md#setup) and [about][a], [home](@/_index.md).

                Code keeps it: `[x](@/blog/2020-01-02-two.md)`. So does a mail: me@/x.

                [a]: @/about.md
                """),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two"),
            "pages/about.md": TestBlog.post("title: About"),
        ])
        let report = try blog.build()
        #expect(report.warnings.isEmpty)
        let one = try #require(blog.page("2020/01/01/one/index.html"))
        #expect(one.contains(#"<a href="/blog/2020/01/02/two/#setup">two</a>"#))
        #expect(one.contains(#"<a href="/blog/about/">about</a>"#))
        #expect(one.contains(#"<a href="/blog/">home</a>"#))
        #expect(one.contains("<code>[x](@/blog/2020-01-02-two.md)</code>"))
        #expect(one.contains("me@/x."))
    }

    /// The links are read as CommonMark reads them: in any of its spellings of a destination,
    /// and never in code, however the code block is made or ended.
    @Test func zolasLinksAreReadWhereMarkdownHasLinks() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", """
                [angle](<@/posts/2020-01-02-two.md>) [spaced]( @/posts/2020-01-02-two.md ) [broken](
                @/posts/2020-01-02-two.md) [ref][r] ![pic](@/posts/2020-01-02-two.md)

                [r]:
                  @/posts/2020-01-02-two.md

                    [indented](@/nope.md)

                > ```
                > [quoted](@/nope.md)

                - ```
                  [listed](@/nope.md)
                """),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two"),
        ])
        let report = try blog.build()
        #expect(report.warnings.isEmpty)
        let one = try #require(blog.page("2020/01/01/one/index.html"))
        for text in ["angle", "spaced", "broken", "ref"] {
            #expect(one.contains(#"<a href="/2020/01/02/two/">\#(text)</a>"#), "\(text)")
        }
        #expect(one.contains(#"<img src="/2020/01/02/two/" alt="pic""#))
        for kept in ["[indented](@/nope.md)", "[quoted](@/nope.md)", "[listed](@/nope.md)"] {
            #expect(one.contains(kept), "\(kept)")
        }
    }

    @Test func aZolaLinkToNothingStopsTheBuildAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "Text.\n\n{{ page.title }} [gone](@/blog/gone.md) {% post_url 2020-01-09-x %}"),
        ])
        let diagnostics = blog.failure().map(\.description)
        #expect(diagnostics == [
            "posts/2020-01-01-one.md:7: {% post_url 2020-01-09-x %} links to a post that is not in this blog (or not published by this build)",
            "posts/2020-01-01-one.md:7: the link @/blog/gone.md names no post or page of this blog (or one this build does not publish)",
        ])
    }

    @Test func aPageFollowsThePostItLinksToByFileWhenThatMoves() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", "See [two](@/posts/2020-01-02-two.md)."),
            "posts/2020-01-02-two.md": TestBlog.post("title: Two"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        try Self.incremental(blog, cache: cache)
        try blog.write("posts/2020-01-02-two.md", TestBlog.post("title: Two\nslug: second"))
        try Self.incremental(blog, cache: cache)
        #expect(try #require(blog.page("2020/01/01/one/index.html")).contains(#"href="/2020/01/02/second/""#))
        try blog.expectSameAsFullBuild("after the post linked by file moved")
    }

    @Test func zolasSpelledOutMoreLineEndsTheExcerpt() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One\ndescription: Meta text only", "First.\n\nSecond, still in the summary.\n\n<!-- more -->\n\nThe rest."),
        ])
        try blog.build()
        let home = try #require(blog.page("index.html"))
        #expect(home.contains("Second, still in the summary."))
        #expect(!home.contains("The rest."))
        #expect(!home.contains("Meta text only</"))
    }

    @Test func aFiguresCaptionIsMarkdown() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-one.md": TestBlog.post("title: One", #"{{< figure src="b.png" caption="**bold** cap [l](https://x.y/)" >}}"#),
        ])
        try blog.build()
        let page = try #require(blog.page("2020/01/01/one/index.html"))
        #expect(page.contains(#"<img src="b.png" alt="bold cap l" loading="lazy">"#))
        #expect(page.contains(#"<figcaption><strong>bold</strong> cap <a href="https://x.y/">l</a></figcaption>"#))
    }
}
