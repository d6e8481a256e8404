import Foundation
import SiteCompiler
import Testing

@testable import SiteImport

@Suite struct ZolaSiteTests {
    /// A small Zola blog, written here: a paginated `blog` section, a post folder with a photo,
    /// a page, and Zola's own folders.
    func zolaSite() throws -> ScratchSite {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", """
            base_url = "https://zola.example.org"
            title = "Zola Notes"
            description = "Short notes"
            default_language = "fr"
            compile_sass = true
            generate_feeds = true
            taxonomies = [{ name = "tags" }, { name = "categories" }, { name = "series", feed = true }]

            [extra]
            author = "Zed"
            github = "zed"
            """)
        try scratch.write("content/_index.md", "+++\ntitle = \"Home\"\n+++\n")
        try scratch.write("content/blog/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"date\"\npaginate_by = 4\n+++\n")
        try scratch.write("content/blog/2021-01-02-first.md", "+++\ntitle = \"First\"\n[taxonomies]\ntags = [\"a\"]\n+++\nHello\n")
        try scratch.write("content/blog/walk/index.md", "+++\ntitle = \"A walk\"\ndate = 2021-03-04\n+++\n![x](x.png)\n")
        try scratch.write("content/blog/walk/x.png", "PNG")
        try scratch.write("content/blog/Shouting.md", "+++\ntitle = \"Loud\"\ndate = 2021-05-01\n+++\n")
        try scratch.write("content/about.md", "+++\ntitle = \"About\"\n+++\nMe\n")
        try scratch.write("content/blog/2022/_index.md", "+++\ntitle = \"2022\"\n+++\n")
        try scratch.write("content/blog/2022/later.md", "+++\ntitle = \"Later\"\ndate = 2022-02-02\n+++\n")
        try scratch.write("static/robots.txt", "User-agent: *\n")
        try scratch.write("templates/index.html", "{{ section.title }}")
        try scratch.write("sass/site.scss", "body {}")
        return scratch
    }

    @Test func settingsAndTheBlogSectionCarry() throws {
        let scratch = try zolaSite()
        let report = try scratch.importSite()
        #expect(report.generator == .zola)
        let settings = try scratch.settings()
        #expect(settings.conventions.liquid == false && settings.conventions.relativeAliases == .root)
        #expect(settings.title == "Zola Notes")
        #expect(settings.description == "Short notes")
        #expect(settings.baseURL.absoluteString == "https://zola.example.org/")
        #expect(settings.language == "fr")
        #expect(settings.author.name == "Zed")
        #expect(settings.perPage == 4)
        #expect(settings.permalink.pattern == "/blog/:slug/")
        #expect(report.mentions("config.toml: compile_sass", .notCarried))
        #expect(report.mentions("config.toml: settings with no Galley meaning: generate_feeds", .notCarried))
        #expect(report.mentions("config.toml: [extra]: the theme's own settings: github", .notCarried))
        #expect(report.mentions("templates/: Tera templates", .notCarried))
        // Tags and categories are Galley's own; only the others are left behind.
        #expect(report.mentions("config.toml: taxonomies: Galley has tags and categories; series get no pages", .notCarried))
        #expect(!report.mentions("tags get no pages", .notCarried) && !report.mentions("categories get no pages", .notCarried))
        #expect(report.mentions("sass/: Sass", .notCarried))
        #expect(report.mentions("content/blog/Shouting.md: Zola lowercases a file name", .check) == !GalleyFeatures.lowercaseAddresses)
        #expect(scratch.blogText("galley.yml")?.contains("lowercase_addresses: true") == GalleyFeatures.lowercaseAddresses)
        #expect(report.mentions("content/blog/2022/later.md: in a folder of the blog section", .check))
        #expect(report.mentions("content/_index.md, content/blog/2022/_index.md, content/blog/_index.md: a section's own list page", .notCarried))
    }

    @Test func theBlogBuildsWithZolasAddresses() throws {
        let scratch = try zolaSite()
        try scratch.importSite()
        #expect(scratch.blogFiles() == [
            "galley.yml", "pages/about.md", "posts/2021-01-02-first.md", "posts/2022/later.md", "posts/Shouting.md", "posts/walk/index.md", "posts/walk/x.png",
            "static/robots.txt",
        ])
        let shouting = GalleyFeatures.lowercaseAddresses ? "/blog/shouting/" : "/blog/Shouting/"
        #expect(try scratch.postPaths() == [shouting, "/blog/first/", "/blog/later/", "/blog/walk/"].sorted())
        let compiled = try scratch.compile()
        #expect(compiled.site.pages.map(\.document.path) == ["/about/"])
        #expect(compiled.output.files.keys.contains("tags/a/index.html"))
        #expect(compiled.output.files.keys.contains("blog/walk/x.png"))
    }

    @Test func aHomePageThatPaginatesATransparentSectionGivesItsPaging() throws {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", "base_url = \"https://z.example.org\"\ntitle = \"Z\"\n")
        try scratch.write("content/_index.md", "+++\npaginate_by = 6\nsort_by = \"date\"\n+++\n")
        try scratch.write("content/posts/_index.md", "+++\ntransparent = true\n+++\n")
        try scratch.write("content/posts/2020-01-01-a.md", "+++\ntitle = \"A\"\n+++\n")
        try scratch.importSite()
        #expect(try scratch.settings().perPage == 6)
        #expect(try scratch.settings().permalink.pattern == "/posts/:slug/")
    }

    @Test func aBrokenSectionFileIsAnErrorAtItsLine() throws {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", "base_url = \"https://z.example.org\"\ntitle = \"Z\"\n")
        try scratch.write("content/blog/_index.md", "+++\nsort_by = \n+++\n")
        #expect {
            try scratch.importSite()
        } throws: { error in
            (error as? ImportError)?.message.hasPrefix(scratch.site.path + "/content/blog/_index.md:2: ") == true
        }
    }

    @Test func aSectionSortedByPermalinkWithDatesInItsPathsIsTheBlog() throws {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", "base_url = \"https://dated.example.org\"\n")
        try scratch.write("content/_index.md", "+++\ntitle = \"Dated Notes\"\nsort_by = \"permalink\"\n+++\n")
        try scratch.write("content/some-post.md", "+++\ntitle = \"Some post\"\npath = \"2023/07/14/some-post\"\n+++\nHello.\n")
        try scratch.write("content/later.md", "+++\ntitle = \"Later\"\npath = \"2024/01/02/later\"\n[taxonomies]\ntags = [\"x\"]\n+++\nAgain.\n")
        try scratch.write("content/about.md", "+++\ntitle = \"About\"\npath = \"about\"\n+++\nMe.\n")
        try scratch.importSite()
        #expect(try scratch.settings().title == "Dated Notes")
        let compiled = try scratch.compile()
        #expect(compiled.site.posts.map(\.document.path) == ["/2024/01/02/later/", "/2023/07/14/some-post/"])
        #expect(compiled.site.posts.map { $0.document.date?.ISO8601Format() } == ["2024-01-02T00:00:00Z", "2023-07-14T00:00:00Z"])
        // Undated among the dated: a page, at the address it gives itself.
        #expect(compiled.site.pages.map(\.document.path) == ["/about/"])
        let feed = try #require(compiled.output.files["feed.xml"])
        guard case .text(let text) = feed.content else { Issue.record("feed.xml is not text"); return }
        #expect(text.contains("https://dated.example.org/2023/07/14/some-post/"))
    }
}
