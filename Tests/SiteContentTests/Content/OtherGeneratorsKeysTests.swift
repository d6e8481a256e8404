import Foundation
import SiteTestSupport
import TestThreads
import Testing

@testable import SiteCompiler

/// Front matter keys that Jekyll and Hugo blogs use for what Galley has its own names for.
@Suite(.onBlockingPool) struct OtherGeneratorsKeysTests {
    @Test func publishedFalseIsADraft() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-hidden.md": TestBlog.post("title: Hidden\npublished: false"),
            "posts/2019-10-09-shown.md": TestBlog.post("title: Shown\npublished: true"),
        ])
        try blog.build()
        #expect(blog.page("2019/10/08/hidden/index.html") == nil)
        #expect(blog.page("2019/10/09/shown/index.html") != nil)
        try blog.build(blog.options(drafts: true))
        #expect(blog.page("2019/10/08/hidden/index.html") != nil)
    }

    @Test func aPublishedFlagThatIsNotABooleanIsAnError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-odd.md": TestBlog.post("title: Odd\npublished: soon")])
        #expect(blog.failure().map(\.description) == ["posts/2019-10-08-odd.md:3: 'published' must be true or false"])
    }

    @Test func theAuthorsExcerptWinsOverTheFirstParagraph() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\nexcerpt: The *author's* excerpt.", "The first paragraph."),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two\nsummary: A summary.\nexcerpt: Not this one.", "Another paragraph."),
        ])
        try blog.build()
        let home = try #require(blog.page("index.html"))
        #expect(home.contains("<p>The <em>author's</em> excerpt.</p>"))
        #expect(!home.contains("The first paragraph."))
        #expect(home.contains("<p>A summary.</p>"))
        #expect(!home.contains("Not this one."))
    }

    @Test(arguments: ["updated", "lastmod", "last_modified_at"])
    func theLastChangeGoesByEveryName(key: String) throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One\n\(key): 2019-11-02")])
        try blog.build()
        #expect(blog.page("2019/10/08/one/index.html")?.contains("updated <time datetime=\"2019-11-02T00:00:00+01:00\">") == true)
    }

    @Test func aStringOfTagsSplitsAtCommasOrElseAtSpaces() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-jekyll.md": TestBlog.post("title: Jekyll style\ntags: ruby jekyll web"),
            "posts/2019-10-09-galley.md": TestBlog.post("title: Galley style\ntags: open source, swift"),
        ])
        try blog.build()
        for tag in ["ruby", "jekyll", "web", "open-source", "swift"] {
            #expect(blog.page("tags/\(tag)/index.html") != nil, "tag page \(tag)")
        }
        #expect(blog.page("tags/open/index.html") == nil)
    }
}

extension OtherGeneratorsKeysTests {
    @Test func hugosSectionIndexIsNotAPost() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/_index.md": "---\ntitle: Blog\nurl: \"/blog/\"\n---\n",
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "posts/2019/_index.md": "---\ntitle: The posts of 2019\n---\n",
        ])
        let report = try blog.build()
        #expect(report.posts == 1)
        #expect(report.warnings.isEmpty)
        #expect(blog.page("index.html")?.contains(">Blog<") == false)
        // The address Hugo gave the list of posts leads home.
        #expect(blog.page("blog/index.html")?.contains("url=https://example.com/") == true)
        #expect(blog.page("2019/index.html") == nil)
    }

    @Test func aSectionAddressIsCheckedLikeAnAlias() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/_index.md": "---\ntitle: Blog\naliases:\n  - /ok/\n  - /../../etc/\n---\n",
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.map(\.path) == ["posts/_index.md"])
        #expect(diagnostics.first?.line == 5)
    }
}

extension OtherGeneratorsKeysTests {
    @Test func redirectFromAddsAliases() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\naliases: [/first/]\nredirect_from:\n  - /old/one/\n  - /older.html"),
        ])
        try blog.build()
        for alias in ["first/index.html", "old/one/index.html", "older.html"] {
            #expect(blog.page(alias)?.contains("url=https://example.com/2019/10/08/one/") == true, "\(alias)")
        }
    }

    @Test func zolasTaxonomiesGiveTags() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": "+++\ntitle = \"One\"\n[taxonomies]\ntags = [\"rust\", \"zola\"]\n+++\nText.\n",
        ])
        try blog.build()
        #expect(blog.page("tags/rust/index.html")?.contains("One") == true)
        #expect(blog.page("tags/zola/index.html") != nil)
    }
}

extension OtherGeneratorsKeysTests {
    // 23:30 in California is already the next day in Berlin, the test blog's timezone.
    static let lateInCalifornia = TestBlog.post("title: Late\ndate: 2019-10-08T23:30:00-07:00")

    @Test func aDateWithAnOffsetKeepsTheDayItWasWrittenOnInTheAddress() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/late.md": Self.lateInCalifornia])
        try blog.build()
        let page = try #require(blog.page("2019/10/08/late/index.html"))
        // The moment is the same; it shows in the offset it was written with, on the address's day.
        #expect(page.contains("<time datetime=\"2019-10-08T23:30:00-07:00\">8 October 2019</time>"))
    }

    @Test func permalinkDatesSiteUsesTheDayInTheSitesTimezone() throws {
        let blog = try TestBlog(TestBlog.config + "\npermalink_dates: site\n", ["posts/late.md": Self.lateInCalifornia])
        try blog.build()
        #expect(blog.page("2019/10/09/late/index.html") != nil)
        #expect(blog.page("2019/10/08/late/index.html") == nil)
    }

    @Test func aPermalinkDatesValueThatIsNeitherIsAnError() throws {
        let blog = try TestBlog(TestBlog.config + "\npermalink_dates: local\n", ["posts/late.md": Self.lateInCalifornia])
        let found = blog.failure().map(\.description)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("galley.yml:") == true)
        #expect(found.first?.hasSuffix("permalink_dates must be 'written' (the day as a post's date is written) or 'site' (the day in the site's timezone), not 'local'") == true)
    }
}

extension OtherGeneratorsKeysTests {
    static let htmlPost = """
        ---
        title: Written in HTML
        ---
        <figure><img src="/a.png" alt=""></figure>
        <p class="lead">The *first* paragraph, kept as it is.</p>
        <pre>  spaced   text  </pre>
        <p>More.</p>
        """

    @Test func anHTMLPostWithFrontMatterIsPublishedAsItIs() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-html.html": Self.htmlPost,
            "posts/2019-10-09-stray.html": "<p>No front matter: not a post.</p>",
        ])
        let report = try blog.build()
        #expect(report.posts == 1)
        #expect(report.warnings.map(\.path) == ["posts/2019-10-09-stray.html"])
        let page = try #require(blog.page("2019/10/08/html/index.html"))
        // As it is but for the code block, which the keyboard can reach in every post.
        #expect(page.contains("<pre tabindex=\"0\" role=\"group\" aria-label=\"Code\">  spaced   text  </pre>\n<p>More.</p>"))
        #expect(page.contains("<p class=\"lead\">The *first* paragraph, kept as it is.</p>"))
        let home = try #require(blog.page("index.html"))
        #expect(home.contains("<p class=\"lead\">The *first* paragraph, kept as it is.</p>"))
        #expect(!home.contains("More."))
    }

    @Test func anEditedHTMLPostRebuildsAsAFullBuildWould() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-html.html": Self.htmlPost])
        let cache = blog.root.appending(path: ".galley-cache")
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        try blog.write("posts/2019-10-08-html.html", Self.htmlPost.replacingOccurrences(of: "More.", with: "Much more."))
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        #expect(blog.page("2019/10/08/html/index.html")?.contains("Much more.") == true)
        try blog.expectSameAsFullBuild("after an HTML edit")
    }
}

extension OtherGeneratorsKeysTests {
    @Test func anAddressWithCapitalsIsAlsoAnsweredLowerCased() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2024-12-05-a.md": TestBlog.post("title: A\nslug: Ending-OCSP"),
            "posts/2024-12-06-b.md": TestBlog.post("title: B\nslug: Both"),
            "posts/2024-12-06-c.md": TestBlog.post("title: C\nslug: both"),
        ])
        try blog.build()
        #expect(blog.page("2024/12/05/Ending-OCSP/index.html")?.contains("<h1") == true)
        #expect(blog.page("2024/12/05/ending-ocsp/index.html")?.contains("url=https://example.com/2024/12/05/Ending-OCSP/") == true)
        // An address another post has is left to it.
        #expect(blog.page("2024/12/06/both/index.html")?.contains(">C<") == true)
    }
}
