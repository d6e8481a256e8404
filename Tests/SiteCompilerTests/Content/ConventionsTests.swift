import Foundation
import Highlighting
import Testing

@testable import SiteCompiler

/// Posts written for Jekyll, Hugo and Zola read as their generator read them, by galley.yml's
/// conventions.
@Suite struct ConventionsTests {
    @Test func anAliasWithoutALeadingSlashIsFromTheRootAsInJekyllAndZola() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-new-name.md": TestBlog.post("title: New\nredirect_from: 2016/05/02/old-name/"),
            "posts/2019-03-02-other.md": "+++\ntitle = \"Other\"\naliases = [\"2019/03/01/old-name.html\", \"./notes/../kept/\"]\n+++\nText\n",
        ])
        try blog.build()
        #expect(blog.page("2016/05/02/old-name/index.html")?.contains("https://example.com/2019/03/01/new-name/") == true)
        #expect(blog.page("2019/03/01/old-name.html")?.contains("https://example.com/2019/03/02/other/") == true)
        #expect(blog.page("kept/index.html")?.contains("https://example.com/2019/03/02/other/") == true)
    }

    @Test func hugosRelativeAliasesAreBesideThePage() throws {
        let blog = try TestBlog(TestBlog.config + "permalink: /posts/:slug/\nrelative_aliases: page\n", [
            "posts/2019-03-01-new-name.md": TestBlog.post("title: New\naliases: [old-name, ../top-level, /absolute/]"),
            "pages/about.md": "---\ntitle: About\naliases: [who]\n---\nMe.\n",
        ])
        try blog.build()
        #expect(blog.page("posts/old-name/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("top-level/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("absolute/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("who/index.html")?.contains("https://example.com/about/") == true)
    }

    @Test func anAliasThatClimbsAboveTheRootIsAnErrorAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config + "relative_aliases: page\n", [
            "posts/2019-03-01-new.md": TestBlog.post("title: New\naliases:\n  - ../../../../../etc/x"),
        ])
        #expect(blog.failure().map(\.description) == ["posts/2019-03-01-new.md:4: alias '../../../../../etc/x' climbs above the site's root"])
    }

    @Test func anAliasWhoseLastNameHoldsADotIsAFolderUnlessItIsAPageEnding() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-release.md": TestBlog.post("title: Release\naliases: [/releases/2.4.0, /notes/node.js, /old/page.php, /feed-old.xml, /OLD.HTML]"),
        ])
        try blog.build()
        for file in ["releases/2.4.0/index.html", "notes/node.js/index.html", "old/page.php", "feed-old.xml", "OLD.HTML"] {
            #expect(blog.page(file)?.contains("https://example.com/2019/03/01/release/") == true, "\(file)")
        }
        #expect(blog.page("releases/2.4.0") == nil)
    }

    @Test func aBadRelativeAliasesValueIsAnErrorAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config + "relative_aliases: section\n")
        let found = blog.failure().map(\.description)
        #expect(found.count == 1 && found[0].hasPrefix("galley.yml:7: relative_aliases must be 'root'"), "\(found)")
    }

    @Test func anEmptyTagInAListIsSkippedWithAWarning() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-tagged.md": "---\ntitle: Tagged\ntags:\n- \n- swift\n---\nText\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == ["posts/2019-03-01-tagged.md:4: an empty tag in the list (a '-' with nothing after it) is skipped"])
        #expect(blog.page("tags/swift/index.html") != nil)
        // Said again by a build that takes the post from the cache.
        #expect(try blog.build().warnings.map(\.description) == report.warnings.map(\.description))
    }

    @Test func aJekyllPostWithoutATitleTakesItFromItsFileName() throws {
        let blog = try TestBlog(TestBlog.config + "titles_from_file_names: true\n", [
            "posts/2016-05-02-my-OLD-name.md": "---\nlayout: post\n---\nText\n",
            "pages/about.md": "---\nlayout: page\n---\nMe.\n",
        ])
        #expect(blog.failure().map(\.description) == ["pages/about.md:1: missing title: add `title: …` to the front matter"])
        try blog.write("pages/about.md", "---\ntitle: About\n---\nMe.\n")
        try blog.build()
        #expect(blog.page("2016/05/02/my-OLD-name/index.html")?.contains("<title>My Old Name · Test Blog</title>") == true)
    }

    @Test func withoutTheSettingAMissingTitleStaysAnError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2016-05-02-name.md": "---\nlayout: post\n---\nText\n"])
        #expect(blog.failure().map(\.description) == ["posts/2016-05-02-name.md:1: missing title: add `title: …` to the front matter"])
    }

    @Test func liquidRunsUnlessTheSettingOrTOMLFrontMatterSaysOtherwise() throws {
        let sample = "`{{ site.title }}` and {{ site.title }}\n\n{% for x in (1..2) %}[{{ x }}]{% endfor %}\n\n{{< youtube abc >}}\n"
        let files = [
            "posts/2019-03-01-yaml.md": TestBlog.post("title: YAML", sample),
            "posts/2019-03-02-toml.md": "+++\ntitle = \"TOML\"\n+++\n" + sample,
        ]
        let unset = try TestBlog(TestBlog.config, files)
        try unset.build()
        let yaml = try #require(unset.page("2019/03/01/yaml/index.html"))
        #expect(yaml.contains("and Test Blog") && yaml.contains("[1][2]"))
        let toml = try #require(unset.page("2019/03/02/toml/index.html"))
        #expect(toml.contains("and {{ site.title }}") && toml.contains("{% for x in (1..2) %}[{{ x }}]{% endfor %}"))
        #expect(toml.contains("youtube-nocookie.com/embed/abc"))

        let off = try TestBlog(TestBlog.config + "liquid: false\n", files)
        try off.build()
        #expect(off.page("2019/03/01/yaml/index.html")?.contains("{% for x in (1..2) %}") == true)
        let on = try TestBlog(TestBlog.config + "liquid: true\n", files)
        try on.build()
        #expect(on.page("2019/03/02/toml/index.html")?.contains("[1][2]") == true)
    }
}

/// A page of the blog at an address Galley fills itself wins, as in Jekyll and Hugo.
@Suite struct OwnPagesAtGeneratedAddressesTests {
    @Test func theBlogsOwn404AndArchivePagesArePublishedWithANote() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": TestBlog.post("title: One"),
            "pages/404.md": "---\ntitle: Lost\npermalink: /404.html\n---\nNothing here, friend.\n",
            "pages/archive.md": "---\ntitle: Everything\n---\nMy own archive.\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description).sorted() == [
            "pages/404.md: published at /404.html, where Galley would put the 404 page; this page is published instead",
            "pages/archive.md: published at /archive/index.html, where Galley would put the archive page; this page is published instead",
        ])
        #expect(blog.page("404.html")?.contains("Nothing here, friend.") == true)
        #expect(blog.page("archive/index.html")?.contains("My own archive.") == true)
        #expect(blog.page("2019/03/01/one/index.html") != nil)
    }

    @Test func twoOfTheBlogsOwnFilesAtOneAddressStayAnError() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": TestBlog.post("title: One\naliases: [/archive/]"),
            "pages/archive.md": "---\ntitle: Everything\n---\nMine.\n",
        ])
        #expect(blog.failure().count == 1)
    }
}

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

/// A shortcode Galley does not have is printed as written and said once for its name.
@Suite struct UnknownShortcodeTests {
    @Test func itIsPrintedAsWrittenAndSaidOncePerNameWithThreePlaces() throws {
        var files: [String: String] = [:]
        for day in 1...5 {
            files["posts/2019-03-0\(day)-p.md"] = TestBlog.post("title: P\(day)", "{{< notice kind=\"warning note\" id='x' >}}Careful{{< /notice >}}\n\n{{% plotly  a=\"1\"  %}}\n")
        }
        let blog = try TestBlog(TestBlog.config, files)
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "posts/2019-03-01-p.md:5: the shortcode 'notice' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/notice.mustache to give it one) (and 4 other places: posts/2019-03-02-p.md:5, posts/2019-03-03-p.md:5, …)",
            "posts/2019-03-01-p.md:7: the shortcode 'plotly' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/plotly.mustache to give it one) (and 4 other places: posts/2019-03-02-p.md:7, posts/2019-03-03-p.md:7, …)",
        ])
        let page = try #require(blog.page("2019/03/01/p/index.html"))
        #expect(page.contains("{{&lt; notice kind=&quot;warning note&quot; id='x' &gt;}}Careful{{&lt; /notice &gt;}}")
            || page.contains("{{&lt; notice kind=\"warning note\" id='x' &gt;}}Careful{{&lt; /notice &gt;}}"))
        #expect(page.contains("{{% plotly  a=\"1\"  %}}") || page.contains("{{% plotly  a=&quot;1&quot;  %}}"))
    }
}

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

/// A post or page folder that gives itself an address takes its files there.
@Suite struct BundleAddressTests {
    @Test func theFilesOfAFolderWithItsOwnAddressArePublishedBesideIt() throws {
        let blog = try TestBlog(TestBlog.config + "lowercase_addresses: true\n", [
            "pages/projects/index.md": "+++\ntitle = \"Work\"\npath = \"work\"\n+++\n![a](Photo.PNG)\n",
            "pages/projects/Photo.PNG": "png",
            "pages/projects/shots/b.png": "png",
            "pages/plain/index.md": "---\ntitle: Plain\n---\nText\n",
            "pages/plain/C.png": "png",
            "pages/loose.txt": "text",
            "posts/trip/index.md": "---\ntitle: Trip\ndate: 2020-01-01\npermalink: /travel/trip/\n---\n![x](x.jpg)\n",
            "posts/trip/x.jpg": "jpg",
        ])
        try blog.build()
        #expect(blog.page("work/photo.png") == "png")
        #expect(blog.page("work/shots/b.png") == "png")
        #expect(blog.page("projects/photo.png") == nil && blog.page("projects/Photo.PNG") == nil)
        #expect(blog.page("plain/c.png") == "png")
        #expect(blog.page("loose.txt") == "text")
        #expect(blog.page("travel/trip/x.jpg") == "jpg")
        #expect(blog.page("trip/x.jpg") == nil)
        try blog.write("pages/projects/Photo.PNG", "new")
        try blog.build()
        #expect(blog.page("work/photo.png") == "new")
    }
}

/// One build names every error of every kind.
@Suite struct EveryErrorAtOnceTests {
    @Test func frontMatterLinksAndClashesAreReportedByOneBuild() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2020-01-01-broken.md": "---\ntitle: Broken\ndate: someday\n---\nText\n",
            "posts/2020-01-02-links.md": TestBlog.post("title: Links", "[gone]({{< relref \"nowhere.md\" >}}) and [broken]({{< relref \"2020-01-01-broken\" >}})"),
            "posts/2020-01-03-one.md": TestBlog.post("title: One\npermalink: /same/"),
            "posts/2020-01-04-two.md": TestBlog.post("title: Two\npermalink: /same/"),
        ])
        let found = blog.failure().map(\.description)
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.hasPrefix("posts/2020-01-01-broken.md:3: 'date' is not a date") })
        #expect(found.contains { $0.hasPrefix("posts/2020-01-02-links.md:5:") && $0.contains("nowhere.md") })
        #expect(found.contains { $0.contains("/same/index.html") })
        // Nothing was published, and a later build that mends them all goes through.
        #expect(blog.page("index.html") == nil)
        try blog.write("posts/2020-01-01-broken.md", TestBlog.post("title: Broken"))
        try blog.write("posts/2020-01-02-links.md", TestBlog.post("title: Links", "[broken]({{< relref \"2020-01-01-broken\" >}})"))
        try blog.write("posts/2020-01-04-two.md", TestBlog.post("title: Two"))
        try blog.build()
        #expect(blog.page("2020/01/02/links/index.html")?.contains("href=\"/2020/01/01/broken/\"") == true)
    }
}

/// A date written with an offset shows the day its address names, as Hugo prints it.
@Suite struct WrittenDateTests {
    static let config = "title: T\nbase_url: https://example.com/\ntimezone: UTC\n"
    static let post = "---\ntitle: Late\ndate: 2019-02-22T20:43:14-05:00\n---\nText\n"

    @Test func theDateShowsInTheOffsetItWasWrittenWithAlsoFromTheCache() throws {
        let blog = try TestBlog(Self.config, ["posts/late.md": Self.post, "posts/2019-01-01-other.md": TestBlog.post("title: Other")])
        let cache = blog.root.appending(path: ".galley-cache")
        for round in 1...2 {
            if round == 2 { try blog.write("posts/2019-01-01-other.md", TestBlog.post("title: Other again")) }
            _ = try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
            let page = try #require(blog.page("2019/02/22/late/index.html"))
            #expect(page.contains("22 February 2019") && !page.contains("23 February 2019"), "round \(round)")
            #expect(page.contains("2019-02-22T20:43:14-05:00"), "round \(round)")
            #expect(blog.page("index.html")?.contains("22 February 2019") == true, "round \(round)")
        }
    }

    @Test func withTheSitesDaysTheDateShowsInTheSitesZone() throws {
        let blog = try TestBlog(Self.config + "permalink_dates: site\n", ["posts/late.md": Self.post])
        try blog.build()
        #expect(blog.page("2019/02/23/late/index.html")?.contains("23 February 2019") == true)
    }
}

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

/// `:ship:` made an emoji, as jemoji and Hugo's enableEmoji do.
@Suite struct EmojiTests {
    struct Table: EmojiSource {
        func names() throws(EmojiUnavailable) -> [String: String] { ["ship": "🚢", "+1": "👍"] }
    }

    static let body = "All :ship: shape :+1::ship:, not :nope: nor `:ship:` nor 10:30:45.\n\n```\n:ship:\n```\n"

    @Test func knownNamesOutsideCodeBecomeEmoji() throws {
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        var options = blog.options()
        options.emoji = Table()
        let report = try blog.build(options)
        #expect(report.warnings.isEmpty)
        let page = try #require(blog.page("2019/03/01/e/index.html"))
        #expect(page.contains("All 🚢 shape 👍🚢, not :nope: nor <code>:ship:</code> nor 10:30:45."))
        #expect(page.contains("<code>:ship:\n</code>"))
    }

    @Test func withoutTheSettingNamesStayAsWritten() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        var options = blog.options()
        options.emoji = Table()
        try blog.build(options)
        #expect(blog.page("2019/03/01/e/index.html")?.contains("All :ship: shape") == true)
    }

    @Test func withoutNamesTheBuildSaysSoOnce() throws {
        let blog = try TestBlog(TestBlog.config + "emoji: true\n", ["posts/2019-03-01-e.md": TestBlog.post("title: E", Self.body)])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "galley.yml: emoji: true, but this build has no emoji names; :names: are left as written: install Debian's python3-emoji, or set emoji: false"
        ])
        #expect(blog.page("2019/03/01/e/index.html")?.contains("All :ship: shape") == true)
    }
}

/// Hugo makes a path of a front matter slug as it does of a title.
@Suite struct HugoSlugTests {
    @Test func aSlugWithSpacesIsMadeAPathUnderHugosRule() throws {
        let post = TestBlog.post("title: OCSP\nslug: Ending OCSP")
        let hugo = try TestBlog(TestBlog.config + "slugs: hugo\n", ["posts/2024-12-05-x.md": post])
        try hugo.build()
        #expect(hugo.page("2024/12/05/ending-ocsp/index.html") != nil)
        let galley = try TestBlog(TestBlog.config, ["posts/2024-12-05-x.md": post])
        #expect(galley.failure().first?.message.hasPrefix("slug 'Ending OCSP' may only hold") == true)
    }
}
