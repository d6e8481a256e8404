import Foundation
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

@Suite struct SiteBuilderTests {
    @Test func writesEveryOutputOfABlog() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-first.md": TestBlog.post("title: First\ntags: [swift, ipad]"),
            "posts/2019-10-09-second.md": TestBlog.post("title: Second\ntags: [swift]\naliases: [/old/second/, /second.html]"),
            "posts/2019-10-10-third.md": TestBlog.post("title: Third"),
            "pages/about.md": TestBlog.post("title: About"),
            "static/images/photo.jpg": "not really a jpeg",
            "static/CNAME": "example.com\n",
        ])
        let report = try blog.build()
        #expect(report.posts == 3)
        #expect(report.pages == 1)
        #expect(try blog.outputFiles() == [
            ".galley-build", "2019/10/08/first/index.html", "2019/10/09/second/index.html", "2019/10/10/third/index.html",
            "404.html", "CNAME", "about/index.html", "archive/index.html", "atom.xml", "favicon.ico", "favicon.svg", "feed.json", "feed.xml",
            "images/photo.jpg", "index.html", "old/second/index.html", "page/1/index.html", "page/2/index.html",
            "robots.txt", "second.html", "sitemap.xml", "style.css", "tags/index.html", "tags/ipad/index.html",
            "tags/swift/index.html",
        ])
        #expect(blog.page("images/photo.jpg") == "not really a jpeg")
        #expect(blog.page("CNAME") == "example.com\n")
    }

    /// What an editor leaves beside an open or saved file is never read, and a folder of posts
    /// or pages hidden by its name (`.trash/`) holds none; static/ keeps its hidden files. An
    /// emacs lock, a link to nowhere, once stopped every build while a post was being edited.
    @Test func editorsLitterAndHiddenContentAreLeftOutSilently() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-first.md": TestBlog.post("title: First"),
            "posts/.2019-10-08-first.md.swp": "vim's swap",
            "posts/.trash/2019-10-07-deleted.md": TestBlog.post("title: Deleted"),
            "posts/.goutputstream-XYZ123": "gedit's half-saved file",
            "pages/about.md": TestBlog.post("title: About"),
            "pages/#about.md#": "emacs's auto-save",
            "pages/.hidden.md": TestBlog.post("title: Hidden"),
            "static/.well-known/security.txt": "Contact: mailto:a@example.com\n",
            "static/.htaccess": "Options -Indexes\n",
            "static/.notes.txt.swp": "vim's swap",
        ])
        #expect(symlink("root@host.1234:1700000000", blog.root.appending(path: "posts/.#2019-10-08-first.md").path) == 0)
        #expect(symlink("root@host.1234:1700000000", blog.root.appending(path: "static/.#notes.txt").path) == 0)
        let report = try blog.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.posts == 1 && report.pages == 1)
        let files = try blog.outputFiles()
        #expect(files.contains(".well-known/security.txt") && files.contains(".htaccess"))
        #expect(!files.contains { $0.contains("swp") || $0.contains("#") || $0.contains("deleted") || $0.contains("hidden") }, "\(files)")
    }

    @Test func reportsEveryProblemAndLeavesThePreviousOutputAlone() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-good.md": TestBlog.post("title: Good")])
        try blog.build()
        let before = try blog.outputFiles()
        let index = blog.page("index.html")

        try blog.write("posts/2019-10-09-untitled.md", TestBlog.post("tags: [a]"))
        try blog.write("posts/2019-10-10-broken.md", "---\ntitle: Broken\ntags: [a, b\n---\nText\n")
        try blog.write("posts/2019-10-11-date.md", TestBlog.post("title: Odd\ndate: someday"))
        let diagnostics = blog.failure()
        #expect(diagnostics.map(\.path) == ["posts/2019-10-09-untitled.md", "posts/2019-10-10-broken.md", "posts/2019-10-11-date.md"])
        #expect(diagnostics[0].description == "posts/2019-10-09-untitled.md:1: missing title: add `title: …` to the front matter")
        // Where the list opens, not where the parser gave up on it.
        #expect(diagnostics[1].line == 3)
        #expect(diagnostics[1].message.hasPrefix("invalid YAML: the '[' opened here is never closed"))
        #expect(diagnostics[2].line == 3)
        #expect(diagnostics[2].message.hasPrefix("'date' is not a date: 'someday'"))

        #expect(try blog.outputFiles() == before)
        #expect(blog.page("index.html") == index)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: blog.root.path).filter { $0.contains("galley-new") }
        #expect(leftovers.isEmpty)
    }

    /// A browser reads `\` in an address as `/`: a file named with one is published, and said to be out of reach.
    @Test func aStaticFileWithABackslashInItsNameIsNamedAsOutOfReach() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2020-01-01-a.md": TestBlog.post("title: A"), "static/odd\\name.txt": "x", "static/fine.txt": "y"])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "static/odd\\name.txt: published, but browsers read a backslash in an address as a slash, so no link or address reaches this file (and galley serve refuses it): rename it without '\\'"
        ])
    }

    /// Someone fixing the errors hears of the warnings too, not only once the errors are gone.
    @Test func aFailedBuildCarriesTheWarningsItFound() throws {
        let blog = try TestBlog(TestBlog.config + "permalnk: /:slug/\n", [
            "posts/2020-01-01-a.md": TestBlog.post("title: A\nlayout: nope", "{{ site.nothing }}"),
            "posts/2020-01-02-b.md": TestBlog.post("title: B", "[x]({% post_url 2020-09-09-gone %})"),
        ])
        do {
            try blog.build()
            Issue.record("the build succeeded")
        } catch let failure as BuildFailure {
            #expect(failure.diagnostics.map(\.path) == ["posts/2020-01-02-b.md"])
            let warnings = failure.warnings.map(\.description)
            #expect(warnings.contains { $0.hasPrefix("galley.yml") && $0.contains("permalnk") }, "\(warnings)")
            #expect(warnings.contains { $0.hasPrefix("posts/2020-01-01-a.md:") && $0.contains("layout 'nope'") }, "\(warnings)")
            #expect(warnings.contains { $0.hasPrefix("posts/2020-01-01-a.md:") && $0.contains("'site.nothing' is not set") }, "\(warnings)")
        }
    }

    @Test func aBuildThatFailsAfterRenderingStillLeavesTheOutputAlone() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two"),
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        let before = try blog.outputFiles().map { ($0, blog.page($0)) }

        // Pages render (and go to the spare folder) before the clash between them is found.
        try blog.write("posts/2019-10-08-one.md", TestBlog.post("title: One, retitled"))
        try blog.write("posts/2019-10-09-two.md", TestBlog.post("title: Two\naliases:\n  - /2019/10/08/one/"))
        #expect(throws: BuildFailure.self) {
            try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        }
        #expect(try blog.outputFiles().map { ($0, blog.page($0)) }.elementsEqual(before) { $0 == $1 })

        try blog.write("posts/2019-10-09-two.md", TestBlog.post("title: Two"))
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        #expect(blog.page("2019/10/08/one/index.html")?.contains("One, retitled") == true)
        try blog.expectSameAsFullBuild("after the clash is fixed")
    }

    @Test func twoPostsClaimingOneAddressIsAnError() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-same.md": TestBlog.post("title: One"),
            "posts/2019-10-08-other.md": TestBlog.post("title: Two\nslug: same"),
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("/2019/10/08/same/index.html is also written by posts/") == true)
    }

    @Test func anAliasOverAPostIsAnErrorAtTheAliasLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two\naliases:\n  - /2019/10/08/one/"),
        ])
        let diagnostics = blog.failure()
        #expect(diagnostics.map(\.description) == [
            "posts/2019-10-09-two.md:4: /2019/10/08/one/index.html is also written by posts/2019-10-08-one.md; two sources cannot share one address"
        ])
    }

    @Test func aFileWhereAPostNeedsAFolderIsAnErrorNamingBoth() throws {
        // Whichever source comes first, the other must not silently replace it in the output.
        for (file, post) in [("static/2019", "posts/2019-10-08-one.md"), ("static/2019/10", "posts/2019-10-08-one.md")] {
            let blog = try TestBlog(TestBlog.config, [file: "not a folder", post: TestBlog.post("title: One")])
            let diagnostics = blog.failure()
            let folder = String(file.dropFirst("static/".count))
            #expect(diagnostics.map(\.description) == [
                "\(file): /\(folder) is a file here, but /2019/10/08/one/index.html, made from \(post), needs it to be a folder; two sources cannot share one address"
            ])
            #expect(!FileManager.default.fileExists(atPath: blog.output.path), "a failed build writes no output")
        }
    }

    /// A clash with a page Galley makes (a feed, the archive, a tag page) is said at the blog's
    /// file, the one that can be given another address, never at the generated page's name.
    @Test func aClashWithAPageGalleyMakesIsSaidAtTheBlogsFile() throws {
        let cases: [(files: [String: String], expected: String)] = [
            (["posts/2019-10-08-one.md": TestBlog.post("title: One\npermalink: /archive/")],
             "posts/2019-10-08-one.md: /archive/index.html is where Galley puts the archive page; give this one another address (two sources cannot share one)"),
            (["posts/2019-10-08-one.md": TestBlog.post("title: One\npermalink: /feed.xml/")],
             "posts/2019-10-08-one.md: /feed.xml/index.html, made from here, needs /feed.xml to be a folder, but Galley puts the RSS feed there; give this one another address (two sources cannot share one)"),
            (["posts/2019-10-08-one.md": TestBlog.post("title: One\ntags: [x]"), "static/tags/index.html": "mine"],
             "static/tags/index.html: /tags/index.html is where Galley puts the tags page; give this one another address (two sources cannot share one)"),
            (["posts/2019-10-08-one.md": TestBlog.post("title: One\naliases:\n  - /archive/")],
             "posts/2019-10-08-one.md:4: /archive/index.html is where Galley puts the archive page; give this one another address (two sources cannot share one)"),
        ]
        for (files, expected) in cases {
            let blog = try TestBlog(TestBlog.config, files)
            #expect(blog.failure().map(\.description) == [expected])
        }
    }

    @Test func aFolderClashIsFoundWhicheverFileCameFirst() {
        var early = OutputTree(), late = OutputTree()
        _ = early.add("notes", .text("a file"), origin: "static/notes")
        _ = early.add("notes/one/index.html", .text("a page"), origin: "pages/notes/one.md")
        _ = late.add("notes/one/index.html", .text("a page"), origin: "pages/notes/one.md")
        _ = late.add("notes", .text("a file"), origin: "static/notes")
        for tree in [early, late] {
            #expect(tree.folderClashes().map(\.path) == ["static/notes"])
            #expect(tree.folders == ["notes", "notes/one"])
        }
        var fine = OutputTree()
        _ = fine.add("notes/a.html", .text(""), origin: "a")
        _ = fine.add("notes-b/index.html", .text(""), origin: "b")
        #expect(fine.folderClashes().isEmpty)
    }

    @Test func aLayoutTheThemeLacksFallsBackWithOneWarningForEachName() throws {
        let asked = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\nlayout: news_item"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two\nlayout: news_item"),
            "pages/about.md": TestBlog.post("title: About\nlayout: fancy"),
        ])
        let report = try asked.build()
        #expect(report.warnings.map(\.description) == [
            "pages/about.md:3: layout 'fancy' is not in the theme; rendered with 'page' (add layouts/fancy.mustache for a layout of its own)",
            "posts/2019-10-08-one.md:3: layout 'news_item' (and 1 other file) is not in the theme; rendered with 'post' (add layouts/news_item.mustache for a layout of its own)",
        ])
        let plain = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One\nlayout: post"),
            "posts/2019-10-09-two.md": TestBlog.post("title: Two\nlayout: post"),
            "pages/about.md": TestBlog.post("title: About\nlayout: page"),
        ])
        try plain.build()
        for path in ["2019/10/08/one/index.html", "2019/10/09/two/index.html", "about/index.html", "index.html"] {
            #expect(asked.page(path) != nil && asked.page(path) == plain.page(path), "\(path)")
        }
    }

    @Test func draftsAndFuturePostsOnlyWhenAskedFor() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-now.md": TestBlog.post("title: Now"),
            "posts/2019-10-09-draft.md": TestBlog.post("title: Draft\ndraft: true"),
            "posts/2030-01-01-later.md": TestBlog.post("title: Later"),
            "pages/secret.md": TestBlog.post("title: Secret\ndraft: yes"),
        ])
        try blog.build()
        #expect(blog.page("2019/10/09/draft/index.html") == nil)
        #expect(blog.page("2030/01/01/later/index.html") == nil)
        #expect(blog.page("secret/index.html") == nil)
        #expect(blog.page("feed.xml")?.contains("Draft") == false)
        #expect(blog.page("feed.xml")?.contains("Later") == false)

        try blog.build(blog.options(drafts: true))
        #expect(blog.page("2019/10/09/draft/index.html") != nil)
        #expect(blog.page("secret/index.html") != nil)
        #expect(blog.page("2030/01/01/later/index.html") == nil)

        try blog.build(blog.options(future: true))
        #expect(blog.page("2030/01/01/later/index.html") != nil)
        #expect(blog.page("2019/10/09/draft/index.html") == nil)
    }

    @Test func baseURLOptionReplacesEveryAbsoluteLink() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One", "![x](/a.png)")])
        try blog.build(blog.options(baseURL: "https://preview.example.net/"))
        for file in ["feed.xml", "atom.xml", "feed.json", "sitemap.xml", "robots.txt", "2019/10/08/one/index.html", "index.html"] {
            let text = try #require(blog.page(file))
            #expect(!text.contains("https://example.com"), "\(file) still links to the configured base_url")
            #expect(text.contains("https://preview.example.net/"), "\(file) lacks the new base URL")
        }
        #expect(blog.page("2019/10/08/one/index.html")?.contains(#"<link rel="canonical" href="https://preview.example.net/2019/10/08/one/">"#) == true)
        #expect(blog.page("feed.xml")?.contains("src=&quot;https://preview.example.net/a.png&quot;") == true)
    }

    @Test func noindexBuildsKeepSearchEnginesOut() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": TestBlog.post("title: One"),
            "layouts/page.mustache": "<html><head><title>{{page.title}}</title></head><body>{{{page.content}}}</body></html>",
            "pages/about.md": TestBlog.post("title: About"),
            "static/robots.txt": "User-agent: *\nAllow: /\n",
        ])
        try blog.build(blog.options(noindex: true))
        #expect(blog.page("robots.txt") == "# A preview: not for search engines.\nUser-agent: *\nDisallow: /\n")
        for file in ["index.html", "2019/10/08/one/index.html", "about/index.html", "404.html", "tags/index.html"] {
            #expect(blog.page(file)?.contains(#"<meta name="robots" content="noindex">"#) == true, "\(file) lacks noindex")
        }
        try blog.build()
        #expect(blog.page("robots.txt") == "User-agent: *\nAllow: /\n")
        #expect(blog.page("index.html")?.contains("noindex") == false)
    }

    @Test func postsOfTheSameDaySortByTimeThenFileName() throws {
        let blog = try TestBlog(TestBlog.config.replacingOccurrences(of: "per_page: 2", with: "per_page: 10"))
        try blog.write("posts/2019-10-08-b.md", TestBlog.post("title: B"))
        try blog.write("posts/2019-10-08-a.md", TestBlog.post("title: A"))
        try blog.write("posts/2019-10-08-c.md", TestBlog.post("title: C\ndate: 2019-10-08 09:00"))
        try blog.build()
        let home = try #require(blog.page("index.html"))
        let order = ["C", "A", "B"].map { title in home.range(of: ">\(title)</a></h2>")!.lowerBound }
        #expect(order == order.sorted())
    }
}
