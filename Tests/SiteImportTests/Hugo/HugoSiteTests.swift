import Foundation
import SiteCompiler
@testable import SiteContent
import Testing

@testable import SiteImport

@Suite struct HugoSiteTests {
    @Test func settingsCarryFromHugoToml() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", """
            baseURL = "https://hugo.example.com/"
            title = "Hugo Notes"
            languageCode = "de-de"
            timeZone = "Europe/Vienna"
            theme = "ananke"
            enableRobotsTXT = true

            [pagination]
            pagerSize = 12

            [permalinks]
            posts = "/:year/:month/:slug"

            [taxonomies]
            tag = "tags"
            category = "categories"

            [params]
            description = "Notizen"
            author = { name = "Hedy", email = "hedy@example.com" }
            """)
        try scratch.write("content/posts/first.md", "+++\ntitle = \"First\"\ndate = 2021-02-03T10:00:00+01:00\n+++\nHallo\n")
        let report = try scratch.importSite()
        let settings = try scratch.settings()
        #expect(settings.conventions.liquid == false && settings.conventions.relativeAliases == .page && !settings.conventions.titlesFromFileNames)
        #expect(settings.title == "Hugo Notes")
        #expect(settings.baseURL.absoluteString == "https://hugo.example.com/")
        #expect(settings.language == "de-DE")
        #expect(settings.timeZone.identifier == "Europe/Vienna")
        #expect(settings.perPage == 12)
        #expect(settings.permalink.pattern == "/:year/:month/:slug/")
        #expect(settings.permalinkDates == .written)
        #expect(settings.description == "Notizen")
        #expect(settings.author == SiteConfig.Author(name: "Hedy", email: "hedy@example.com"))
        #expect(report.mentions("hugo.toml: theme: a Hugo theme", .notCarried))
        #expect(report.mentions("hugo.toml: settings with no Galley meaning: enableRobotsTXT", .notCarried))
        // Hugo's two taxonomies are Galley's own: nothing to say of them.
        #expect(!report.mentions("taxonomies", .notCarried))
        #expect(try scratch.postPaths() == ["/2021/02/first/"])
    }

    /// A Hugo blog keeps Hugo's rule for titles and tags in addresses: galley.yml says
    /// `slugs: hugo`, and the post and its tag's page are where Hugo put them.
    @Test func titlesAndTagsKeepHugosAddresses() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n[permalinks]\nposts = \"/posts/:title/\"\n")
        try scratch.write("content/posts/net.md", "---\ntitle: Notes on .NET Internals\ndate: 2021-02-03\ntags: [.NET]\n---\nx\n")
        let report = try scratch.importSite()
        #expect(scratch.blogText("galley.yml")?.contains("\nslugs: hugo\n") == true)
        #expect(try scratch.settings().slugs == .hugo)
        #expect(report.lines(.check) == [])
        let site = try scratch.compile().site
        #expect(site.posts.map(\.document.path) == ["/posts/notes-on-.net-internals/"])
        #expect(site.tags.terms.map(\.path) == ["/tags/.net/"])
    }

    @Test func taxonomiesGalleyHasNoPagesForAreNamed() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n[taxonomies]\ntag = \"tags\"\nseries = \"series\"\n")
        try scratch.write("content/posts/a.md", "---\ntitle: A\ndate: 2020-01-01\n---\n")
        let report = try scratch.importSite()
        #expect(report.lines(.notCarried).contains { $0.hasPrefix("hugo.toml: taxonomies: Galley has tags and categories; series get no pages of their own") })
    }

    @Test func theConfigFolderAndItsParamsFileAreRead() throws {
        let scratch = try ScratchSite()
        try scratch.write("config/_default/hugo.yaml", "baseurl: https://folder.example.com\ntitle: From the folder\npaginate: 3\n")
        try scratch.write("config/_default/params.toml", "description = \"Said in params.toml\"\n")
        try scratch.write("config/_default/menus.toml", "[[main]]\nname = \"Home\"\n")
        try scratch.write("config/production/hugo.toml", "baseURL = \"https://prod.example.com\"\n")
        try scratch.write("content/post/a.md", "---\ntitle: A\n---\n")
        let report = try scratch.importSite()
        let settings = try scratch.settings()
        #expect(settings.title == "From the folder")
        #expect(settings.baseURL.absoluteString == "https://folder.example.com/")
        #expect(settings.perPage == 3)
        #expect(settings.description == "Said in params.toml")
        #expect(settings.permalink.pattern == "/post/:slug/")
        #expect(report.mentions("config/_default/menus.toml: menus", .notCarried))
        #expect(report.mentions("config/production/: settings for other environments", .notCarried))
    }

    /// A params file of another shape than a table was dropped without a word.
    @Test func aParamsFileThatIsNoTableIsNamed() throws {
        let scratch = try ScratchSite()
        try scratch.write("config/_default/hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("config/_default/params.yaml", "- description\n- author\n")
        try scratch.write("content/posts/a.md", "---\ntitle: A\ndate: 2020-01-01\n---\n")
        let report = try scratch.importSite()
        #expect(report.mentions("config/_default/params.yaml: is a list, where Hugo reads a table of params", .check), "\(report.lines(.check))")
    }

    /// Hugo merges the config folder into a settings file at the top; the import reads the
    /// file alone, and says which of the folder's files it did not read.
    @Test func aConfigFolderBesideASettingsFileIsNamedAsNotRead() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("config/_default/params.toml", "description = \"Said in the folder\"\n")
        try scratch.write("config/_default/menus.toml", "[[main]]\nname = \"Home\"\n")
        try scratch.write("content/posts/a.md", "---\ntitle: A\ndate: 2020-01-01\n---\n")
        let report = try scratch.importSite()
        #expect(try scratch.settings().title == "H")
        #expect(report.mentions("config/_default/menus.toml, config/_default/params.toml: not read beside hugo.toml, into whose settings Hugo merges them", .notCarried),
                "\(report.lines(.notCarried))")
    }

    @Test func anOlderConfigTomlIsHugosWhenItNamesBaseURL() throws {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", "BaseURL = \"https://old.example.com\"\ntitle = \"Old\"\n")
        try scratch.write("content/posts/a.md", "---\ntitle: A\n---\n")
        let report = try scratch.importSite()
        #expect(report.generator == .hugo)
        #expect(try scratch.settings().baseURL.absoluteString == "https://old.example.com/")
    }

    @Test func postsBundlesPagesAndStaticFilesGoWhereGalleyReadsThem() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("content/_index.md", "---\ntitle: Home\n---\n")
        try scratch.write("content/posts/_index.md", "---\ntitle: Posts\n---\n")
        try scratch.write("content/posts/plain.md", "---\ntitle: Plain\ndate: 2020-01-01\n---\n")
        try scratch.write("content/posts/trip/index.md", "---\ntitle: Trip\ndate: 2020-02-02\n---\n![view](view.jpg)\n")
        try scratch.write("content/posts/trip/view.jpg", "JPEG")
        try scratch.write("content/posts/raw.html", "---\ntitle: Raw\ndate: 2020-03-03\n---\n<p>Raw</p>\n")
        try scratch.write("content/posts/notes.org", "#+title: Org\n")
        try scratch.write("content/about.md", "---\ntitle: About\n---\n")
        try scratch.write("content/projects/galley/index.md", "---\ntitle: Galley\n---\n")
        try scratch.write("content/projects/galley/shot.png", "PNG")
        try scratch.write("static/favicon.ico", "ICO")
        try scratch.write("layouts/_default/single.html", "{{ .Content }}")
        try scratch.write("archetypes/default.md", "---\n---\n")
        try scratch.write("public/index.html", "old output")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == [
            "galley.yml",
            "pages/about.md",
            "pages/projects/galley/index.md",
            "pages/projects/galley/shot.png",
            "posts/plain.md",
            "posts/raw.html",
            "posts/trip/index.md",
            "posts/trip/view.jpg",
            "static/favicon.ico",
        ])
        #expect(report.posts == 3)
        #expect(report.pages == 2)
        #expect(report.mentions("content/_index.md, content/posts/_index.md: a section's own list page", .notCarried))
        #expect(report.mentions("content/posts/notes.org: a format Galley does not render", .notCarried))
        #expect(report.mentions("layouts/: Go templates", .notCarried))
        #expect(report.mentions("archetypes/: templates for `hugo new`", .notCarried))
        #expect(report.mentions("public: build output", .notCarried))
        #expect(try scratch.postPaths() == ["/posts/plain/", "/posts/raw/", "/posts/trip/"])
        let compiled = try scratch.compile()
        #expect(compiled.output.files.keys.contains("posts/trip/view.jpg"))
        #expect(compiled.output.files.keys.contains("projects/galley/shot.png"))
    }

    @Test func theFirstOfSeveralStaticFoldersIsCarried() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\nstaticDir = [\"public-files\", \"extra\"]\n")
        try scratch.write("public-files/logo.svg", "<svg/>")
        try scratch.write("extra/more.txt", "more")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "static/logo.svg"])
        #expect(report.mentions("hugo.toml: staticDir: only its first folder, public-files, is carried; copy what extra hold", .notCarried))
    }

    @Test func folderSettingsThatLeaveTheSiteAreRefused() throws {
        for (key, value) in [("contentDir", "../elsewhere"), ("staticDir", "/etc"), ("contentDir", "a/../../b")] {
            let scratch = try ScratchSite()
            try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n\(key) = \"\(value)\"\n")
            #expect {
                try scratch.importSite()
            } throws: { error in
                (error as? ImportError)?.message.contains("\(key) '\(value)'") == true
            }
            #expect(!FileManager.default.fileExists(atPath: scratch.blog.path))
        }
    }

    @Test func theDefaultLanguagesContentFolderIsRead() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", """
            baseURL = "https://h.example.com/"
            title = "H"
            defaultContentLanguage = "en"
            [languages.en]
            contentDir = "content/en"
            [languages.fr]
            contentDir = "content/fr"
            """)
        try scratch.write("content/en/post/hello.md", "---\ntitle: Hello\n---\n")
        try scratch.write("content/fr/post/bonjour.md", "---\ntitle: Bonjour\n---\n")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "posts/hello.md"])
        #expect(report.mentions("hugo.toml: languages: only the default language's content", .notCarried))
    }

    @Test func refsByContentPathAndRelativeAliasesResolveAfterTheImport() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://hugo.example.com/\"\ntitle = \"Parts\"\n")
        try scratch.write("content/post/2019/2019-04-02-part-1/index.markdown",
                          "---\ntitle: Part 1\ndate: 2019-04-02\ncategories: [Tools]\naliases: [old-part-1]\n---\n![a](a.png)\n")
        try scratch.write("content/post/2019/2019-04-02-part-1/a.png", "png")
        try scratch.write("content/post/2019/part-2.md", """
            ---
            title: Part 2
            date: 2019-04-09
            ---
            See [part 1]({{< relref "post/2019/2019-04-02-part-1/index.markdown" >}}), [again]({{< relref
              "post/2019/2019-04-02-part-1" >}}) and [the tools]({{< relref "/categories/tools/" >}}).

            ```go
            {% for x in y %}{{ x }}{% endfor %}
            ```
            """)
        try scratch.importSite()
        let compiled = try scratch.compile()
        let part1 = try #require(compiled.site.posts.first { $0.document.title == "Part 1" }?.document.path)
        let part2 = try #require(compiled.site.posts.first { $0.document.title == "Part 2" })
        let html = part2.html
        #expect(html.contains("href=\"\(part1)\">part 1</a>") && html.contains("href=\"\(part1)\">again</a>"))
        #expect(html.contains("href=\"/categories/tools/\">the tools</a>"))
        // Liquid's syntax in a Hugo post stays as written.
        #expect(html.contains("{% for x in y %}{{ x }}{% endfor %}"))
        // `old-part-1` is beside the post's own address, as Hugo puts it.
        let folder = part1.split(separator: "/").dropLast().joined(separator: "/")
        #expect(compiled.output.files.keys.contains((folder.isEmpty ? "" : folder + "/") + "old-part-1/index.html"))
    }

    @Test func enableEmojiBecomesEmojiTrue() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://hugo.example.com/\"\ntitle = \"E\"\nenableEmoji = true\n")
        try scratch.write("content/posts/a.md", "+++\ntitle = \"A\"\ndate = 2021-01-01\n+++\n:ship:\n")
        let report = try scratch.importSite()
        #expect(try scratch.settings().conventions.emoji)
        #expect(!report.mentions("enableEmoji", .notCarried))
    }

    /// Hugo's guide sets up math with Goldmark's passthrough, `\( … \)` written with one
    /// backslash: read as Markdown, it lost its backslashes (`(a_1 + b_2)`) and its subscripts
    /// could turn to emphasis. The import says `math_syntax: hugo`, and a single `$` it does not
    /// read is a thing to check.
    @Test func goldmarksMathPassthroughBecomesMathSyntaxHugo() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", """
            baseURL = "https://hugo.example.com/"
            title = "M"
            [markup.goldmark.extensions.passthrough]
            enable = true
            [markup.goldmark.extensions.passthrough.delimiters]
            block = [['\\[', '\\]'], ['$$', '$$']]
            inline = [['\\(', '\\)'], ['$', '$']]

            """)
        try scratch.write("content/posts/a.md", "+++\ntitle = \"A\"\ndate = 2021-01-01\n+++\nInline \\(a_1 + b_2 = c_3\\) and\n\n\\[\nx_1 *y* z_2\n\\]\n")
        let report = try scratch.importSite()
        #expect(try scratch.settings().conventions.mathSyntax == .hugo)
        #expect(report.mentions("$ … $ (inline) stays as written", .check), "\(report.lines(.check))")
        #expect(!report.mentions("\\( … \\) (inline)"))
        let html = try #require(try scratch.compile().site.posts.first?.html)
        // Without a typesetter, math stays TeX in its delimiters, as a script on the page reads it.
        #expect(html.contains("Inline \\(a_1 + b_2 = c_3\\) and"), "\(html)")
        #expect(html.contains("\\[\nx_1 *y* z_2\n\\]") && !html.contains("<em>"), "\(html)")

        // A passthrough of dollars alone leaves `\(sic\)` prose, as Hugo renders it: no hugo syntax.
        let dollars = try ScratchSite()
        try dollars.write("hugo.toml", """
            baseURL = "https://hugo.example.com/"
            title = "D"
            [markup.goldmark.extensions.passthrough]
            enable = true
            [markup.goldmark.extensions.passthrough.delimiters]
            block = [['$$', '$$']]
            inline = [['$', '$']]

            """)
        try dollars.write("content/posts/a.md", "+++\ntitle = \"A\"\ndate = 2021-01-01\n+++\nAs written \\(sic\\).\n")
        _ = try dollars.importSite()
        #expect(try dollars.settings().conventions.mathSyntax == .galley)
        #expect(try #require(try dollars.compile().site.posts.first?.html).contains("As written (sic)."))
    }
}
