import Foundation
import SiteCompiler
@testable import SiteContent
import SiteSource
import Testing

@testable import SiteImport

@Suite struct JekyllSiteTests {
    @Test func settingsCarryAsJekyllUsersMeanThem() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", """
            title: Field Notes
            description: Things seen outside
            url: "https://notes.example.com/"
            baseurl: /field
            timezone: Europe/Berlin
            permalink: /:year/:title/
            paginate: 7
            lang: en_GB
            author:
              name: Ada
              email: ada@example.com
              uri: https://ada.example.com/
            """)
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\nHi\n")
        try scratch.importSite()
        let settings = try scratch.settings()
        #expect(settings.conventions.liquid == true && settings.conventions.titlesFromFileNames)
        #expect(settings.title == "Field Notes")
        #expect(settings.description == "Things seen outside")
        #expect(settings.baseURL.absoluteString == "https://notes.example.com/field/")
        #expect(settings.timeZone.identifier == "Europe/Berlin")
        #expect(settings.permalink.pattern == "/:year/:slug/")
        #expect(settings.permalinkDates == .site)
        #expect(settings.perPage == 7)
        #expect(settings.language == "en-GB")
        #expect(settings.author == SiteConfig.Author(name: "Ada", email: "ada@example.com", url: "https://ada.example.com/"))
        #expect(try scratch.postPaths() == ["/2020/hello/"])
    }

    @Test func aSiteWithoutAddressOrTitleGetsPlaceholdersAndSaysSo() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "author: Ada\nmarkdown: kramdown\nplugins: [jekyll-feed]\n")
        let report = try scratch.importSite()
        let settings = try scratch.settings()
        #expect(settings.title == "Untitled blog")
        #expect(settings.baseURL.absoluteString == "https://example.com/")
        #expect(settings.author.name == "Ada")
        #expect(report.mentions("_config.yml: url: the site names no address", .check))
        #expect(report.mentions("_config.yml: title: the site has no title", .check))
        #expect(report.mentions("_config.yml: timezone: not set", .check))
        #expect(report.mentions("_config.yml: plugins: Jekyll plugins", .notCarried))
        // `markdown: kramdown` is what Galley's heading_ids: kramdown stands for.
        #expect(!report.mentions("markdown"))
        // A title of another shape is no missing one.
        let listed = try ScratchSite()
        try listed.write("_config.yml", "title: [My, Blog]\nurl: https://t.example.com\n")
        #expect(try listed.importSite().mentions("_config.yml: title: the title is a list, not text; galley.yml says 'Untitled blog'", .check))
    }

    @Test func postsPagesAndStaticFilesGoWhereGalleyReadsThem() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\nexclude: [notes/, '*.sh']\ninclude: [.well-known]\n")
        let post = "---\ntitle: Hello\nlayout: post\n---\nHi {{ site.title }}\n"
        try scratch.write("_posts/2020-01-02-hello.md", post)
        try scratch.write("_posts/2020/2020-03-04-nested.markdown", "---\ntitle: Nested\n---\n")
        try scratch.write("_posts/2020-05-06-old.mkd", "---\ntitle: Old\n---\n")
        try scratch.write("_posts/undated.md", "---\ntitle: Undated\n---\n")
        try scratch.write("about.md", "---\ntitle: About\n---\nMe\n")
        try scratch.write("docs/guide.markdown", "---\ntitle: Guide\n---\n")
        try scratch.write("README.md", "No front matter: Jekyll copies it as it is.\n")
        try scratch.write("index.html", "---\nlayout: home\n---\n")
        try scratch.write("feed.xml", "---\n---\n{{ site.title }}")
        try scratch.write("assets/site.css", "body {}")
        try scratch.write("assets/main.scss", "---\n---\n@import \"minima\";")
        try scratch.write("CNAME", "t.example.com")
        try scratch.write(".well-known/security.txt", "Contact: me")
        try scratch.write(".htaccess", "Deny from all")
        try scratch.write("notes/todo.md", "---\ntitle: Todo\n---\n")
        try scratch.write("deploy.sh", "rsync")
        try scratch.write("_layouts/post.html", "{{ content }}")
        try scratch.write("_data/people.yml", "- ada")
        try scratch.write("_site/index.html", "old output")
        try scratch.write("Gemfile", "gem 'jekyll'")
        let report = try scratch.importSite()

        #expect(scratch.blogFiles() == [
            "galley.yml",
            "pages/about.md",
            "pages/docs/guide.markdown",
            "posts/2020-01-02-hello.md",
            "posts/2020-05-06-old.md",
            "posts/2020/2020-03-04-nested.markdown",
            "static/.well-known/security.txt",
            "static/CNAME",
            "static/README.md",
            "static/assets/site.css",
        ])
        // Byte for byte: Liquid and all, for the build to read as it reads any post.
        #expect(scratch.blogText("posts/2020-01-02-hello.md") == post)
        #expect(report.posts == 3)
        #expect(report.pages == 2)
        #expect(report.files == 4)
        #expect(report.mentions("_posts/undated.md: in _posts without a date", .notCarried))
        #expect(report.mentions("feed.xml, index.html: rendered by Jekyll through Liquid", .notCarried))
        #expect(report.mentions(".htaccess: names starting with _, . or #", .notCarried))
        #expect(report.mentions("deploy.sh, notes: excluded by the site's settings", .notCarried))
        #expect(report.mentions("_layouts/: Liquid layouts", .notCarried))
        #expect(report.mentions("assets/main.scss: Sass that Jekyll compiled", .notCarried))
        #expect(report.mentions("_data/: data files", .notCarried))
        #expect(report.mentions("Gemfile: gems and plugins", .notCarried))
        #expect(report.mentions("_site: build output and tools", .notCarried))
        #expect(report.mentions("_posts/2020-05-06-old.mkd: renamed to posts/2020-05-06-old.md", .check))
        #expect(report.mentions("_posts/2020-01-02-hello.md: holds template tags or shortcodes", .check))

        let compiled = try scratch.compile()
        #expect(compiled.site.posts.count == 3)
        #expect(compiled.site.pages.map(\.document.path).sorted() == ["/about/", "/docs/guide/"])
    }

    @Test func draftsAreKeptWhereNoBuildPublishesThem() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\n")
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\n")
        let draft = "---\ntitle: Secret plans\n---\nNot yet.\n"
        try scratch.write("_drafts/secret-plans.md", draft)
        let report = try scratch.importSite()
        #expect(scratch.blogText("drafts/secret-plans.md") == draft)
        #expect(report.drafts == 1)
        #expect(report.mentions("_drafts/: copied to drafts/, which Galley does not build", .check))
        // Not even a build that asks for drafts publishes it.
        let output = scratch.root.appending(path: "out")
        _ = try SiteBuilder(source: DirectorySource(root: scratch.blog), options: BuildOptions(includeDrafts: true)).build(into: output)
        let published = FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []
        #expect(!published.contains { $0.contains("secret") })
        let everything = try published.filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") || $0.hasSuffix(".json") }
            .map { try String(contentsOf: output.appending(path: $0), encoding: .utf8) }
        #expect(!everything.contains { $0.contains("Secret plans") })
    }

    @Test func postsAGalleyBuildWouldRefuseAreNamed() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\n")
        try scratch.write("_posts/2020-01-02-untitled.md", "---\nlayout: post\n---\nJekyll titles this from its name.\n")
        try scratch.write("_posts/2020-01-03-broken.md", "---\ntitle: [unclosed\n---\n")
        try scratch.write("about.md", "---\nlayout: page\n---\nJekyll leaves a page untitled.\n")
        let report = try scratch.importSite()
        #expect(report.lines(.refused) == [
            "pages/about.md:1 (from about.md): missing title: add `title: …` to the front matter",
            "posts/2020-01-03-broken.md:2 (from _posts/2020-01-03-broken.md): invalid YAML: the '[' opened here is never closed by a ']': close it, or put the title in quotes if it is text",
        ], "\(report.lines(.refused))")
        #expect(!report.mentions("_posts/2020-01-02-untitled.md", .check))
        #expect(report.description.contains("\nThe first build will stop at these; mend them first:\n  pages/about.md:1 (from about.md)"))
    }

    @Test func aPostWithoutATitleBuildsWithTheTitleJekyllGaveIt() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\n")
        try scratch.write("_posts/2020-01-02-the-untitled-one.md", "---\nlayout: post\n---\nAt {{ site.title }}.\n")
        _ = try scratch.importSite()
        let settings = try String(contentsOf: scratch.blog.appending(path: "galley.yml"), encoding: .utf8)
        #expect(settings.contains("\nliquid: true\n") && settings.contains("\ntitles_from_file_names: true\n"))
        #expect(settings.contains("\nmath_syntax: kramdown\n"))
        let output = scratch.root.appending(path: "out")
        _ = try SiteBuilder(source: DirectorySource(root: scratch.blog), options: BuildOptions()).build(into: output)
        let page = try String(contentsOf: output.appending(path: "2020/01/02/the-untitled-one.html"), encoding: .utf8)
        #expect(page.contains("<title>The Untitled One · T</title>") && page.contains("At T."))
    }

    @Test func aBrokenConfigIsAnErrorAtItsLineAndNothingIsWritten() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: [https://t.example.com\n")
        #expect {
            try scratch.importSite()
        } throws: { error in
            let message = (error as? ImportError)?.message ?? ""
            return message.hasPrefix(scratch.site.path + "/_config.yml:") && message.contains("invalid YAML")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.blog.path))
    }

    /// `source: src` put the site's files in `src/`: imported from the settings' folder, its
    /// posts came out under `posts/src/` and its pages under `/src/`.
    @Test func aSourceFolderOfItsOwnIsToldToBeImportedInstead() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\nsource: ./src/\n")
        try scratch.write("src/_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        #expect {
            try scratch.importSite()
        } throws: { error in
            let message = (error as? ImportError)?.message ?? ""
            return message == scratch.site.path + "/_config.yml: source: ./src/ puts the site's files in \(scratch.site.path)/src, and galley import reads "
                + "the folder its settings are in: copy _config.yml into \(scratch.site.path)/src and import that folder (`galley import \(scratch.site.path)/src DEST`)"
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.blog.path))
        // Done as told: the copy's `source` names no folder inside `src/`, and is a setting like any.
        let inside = try ScratchSite()
        for (path, text) in [("_config.yml", "title: T\nurl: https://t.example.com\nsource: src\n"), ("_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\nHi.\n")] {
            try inside.write(path, text)
        }
        let report = try inside.importSite()
        let paths = try inside.postPaths()
        #expect(paths.count == 1 && paths.first?.hasPrefix("/2020/01/02/hello") == true, "\(paths)")
        #expect(report.mentions("source", .notCarried))
    }

    @Test func aFoldersOwnPostsComeAlongUnderItsName() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\npermalink: pretty\n")
        try scratch.write("releases/_posts/2020-01-02-v1.md", "---\ntitle: v1\n---\n")
        try scratch.write("releases/_posts/notes.txt", "not a post")
        try scratch.write("releases/index.md", "---\ntitle: Releases\n---\n")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "pages/releases/index.md", "posts/releases/2020-01-02-v1.md"])
        #expect(report.mentions("releases/_posts/: posts in a folder's own _posts", .check))
        #expect(report.mentions("releases/_posts/notes.txt: in _posts without a date", .notCarried))
    }

    /// A post whose name holds a line break has its date all the same: it is left out for the
    /// break, and said so.
    @Test func aPostNamedWithALineBreakIsLeftOutForIt() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\n")
        try scratch.write("_posts/2020-01-02-one\ntwo.md", "---\ntitle: Broken\n---\n")
        try scratch.write("_posts/2020-01-03-fine.md", "---\ntitle: Fine\n---\n")
        let report = try scratch.importSite()
        #expect(scratch.blogFiles() == ["galley.yml", "posts/2020-01-03-fine.md"])
        #expect(report.mentions("a line break or another control character in its name", .notCarried), "\(report.notes)")
        #expect(!report.mentions("without a date"), "\(report.notes)")
    }

    @Test func pagesAndPostsThatMoveAreNamed() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\ntimezone: UTC\npermalink: /:year/:title.html\n")
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\npermalink: /hello-world/\n---\n")
        try scratch.write("about.md", "---\ntitle: About\n---\n")
        try scratch.write("contact.md", "---\ntitle: Contact\npermalink: /contact/\n---\n")
        try scratch.write("team.md", "---\ntitle: Team\npermalink: /people.html\n---\n")
        let report = try scratch.importSite()
        #expect(report.lines(.check) == [
            "_posts/2020-01-02-hello.md, team.md: sets an address of its own (permalink, url, path): check where the built page is, and add aliases for the old address if it moved",
            "about.md: Jekyll published these at PATH.html, Galley at PATH/: add `aliases: [/PATH.html]` to keep old links working",
        ])
    }

    @Test func aBaseurlWithoutAURLKeepsItsPathInThePlaceholder() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nbaseurl: /blog\ntimezone: UTC\npermalink: /:title/\n")
        let report = try scratch.importSite()
        #expect(try scratch.settings().baseURL.absoluteString == "https://example.com/blog/")
        #expect(report.lines(.check) == [
            "_config.yml: url: the site names no address, only baseurl /blog; galley.yml says https://example.com/blog/: put the blog's real address in base_url"
        ])
    }

    @Test func settingsThePostsPrintAreCopiedForGalleysLiquid() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", """
            title: T
            url: https://t.example.com
            timezone: UTC
            permalink: pretty
            markdown: kramdown
            github_user: ada
            social: {mastodon: "@ada@example.social", since: 2019}
            quoted: "yes"
            unused: 1
            excerpt_separator: <!-- cut -->
            """)
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\nBy {{ site.github_user }} ({{ site.social.mastodon }}) {{ site.quoted }} on {{ site.url }}\n")
        let report = try scratch.importSite()
        let params = try scratch.settings().params
        #expect(params["github_user"]?.string == "ada")
        #expect(params["social"]?["mastodon"]?.string == "@ada@example.social")
        #expect(params["social"]?["since"]?.int == 2019)
        #expect(params["quoted"] == .scalar("yes", plain: false, line: params["quoted"]?.line ?? 0))
        #expect(params["url"] == nil && params["unused"] == nil)
        #expect(report.mentions("_config.yml: github_user, social, quoted copied into galley.yml as they are", .check))
        #expect(report.mentions("_config.yml: settings with no Galley meaning: unused", .notCarried))
        #expect(report.mentions("_config.yml: excerpt_separator: Galley cuts an excerpt at a <!--more--> line, not at '<!-- cut -->'", .check))
    }

    /// A setting the posts print, too big for galley.yml once written out (a list written inline
    /// takes about twice as many bytes in block style), stopped the import as "a bug in galley
    /// import": it is named and left out, and the rest is copied.
    @Test func aSettingTooBigForGalleyYmlIsLeftOutByName() throws {
        let scratch = try ScratchSite()
        let big = "[" + Array(repeating: "a", count: 100_000).joined(separator: ",") + "]"
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\nbig: \(big)\nsmall: s\n")
        try scratch.write("_posts/2020-01-02-hello.md", "---\ntitle: Hello\n---\n{{ site.big | size }} {{ site.small }}\n")
        let report = try scratch.importSite()
        let params = try scratch.settings().params
        #expect(params["big"] == nil && params["small"]?.string == "s")
        #expect(report.mentions("_config.yml: big: 390 KB as galley.yml writes it, more than it holds (256 KB in all): not copied", .check), "\(report.lines(.check))")
        #expect(!report.mentions("big", .notCarried))
    }

    @Test func jemojiBecomesEmojiTrue() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: T\nurl: https://t.example.com\nplugins:\n  - jekyll-feed\n  - jemoji\n")
        try scratch.write("_posts/2020-01-02-a.md", "---\ntitle: A\n---\n:ship:\n")
        _ = try scratch.importSite()
        #expect(try scratch.settings().conventions.emoji)
    }
}
