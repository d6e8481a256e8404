import Testing

@testable import SiteImport

@Suite struct HugoPermalinkTests {
    /// A Hugo site whose hugo.toml ends with `settings`, with one post of `frontMatter`, imported.
    func imported(_ settings: String, frontMatter: String = "title: Hello\nslug: hi") throws -> (ImportReport, ScratchSite) {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n" + settings)
        try scratch.write("content/posts/hello.md", "---\n\(frontMatter)\ndate: 2021-02-03\n---\n")
        return (try scratch.importSite(), scratch)
    }

    @Test func withoutPermalinksPostsLiveUnderTheirSection() throws {
        let (_, scratch) = try imported("")
        #expect(try scratch.settings().permalink.pattern == "/posts/:slug/")
        #expect(try scratch.postPaths() == ["/posts/hi/"])
    }

    @Test func placeholdersMapOneForOne() throws {
        for (written, galley) in [
            ("/:year/:month/:day/:slug/", "/:year/:month/:day/:slug/"),
            ("/:section/:slugorfilename", "/posts/:slug/"),
            ("/:year/:title/", "/:year/:title/"),
            ("/archive/:year/:slug.html", "/archive/:year/:slug.html"),
        ] {
            let (report, scratch) = try imported("[permalinks]\nposts = \"\(written)\"\n")
            #expect(try scratch.settings().permalink.pattern == galley, "\(written)")
            #expect(report.lines(.check).isEmpty, "\(written)")
        }
    }

    /// Hugo's ugly addresses are files, `NAME.html`, for every section or for those its table
    /// names; Galley's permalink says the same.
    @Test func uglyAddressesBecomeHTMLFiles() throws {
        for (settings, pattern) in [
            ("uglyURLs = true\n[permalinks]\nposts = \"/:year/:month/:day/:slug/\"\n", "/:year/:month/:day/:slug.html"),
            ("[uglyURLs]\nposts = true\n[permalinks]\nposts = \"/:year/:slug\"\n", "/:year/:slug.html"),
            ("[uglyURLs]\nPosts = true\n", "/posts/:slug.html"),
            ("[uglyURLs]\nnotes = true\n[permalinks]\nposts = \"/:year/:slug/\"\n", "/:year/:slug/"),
            ("uglyURLs = false\n[permalinks]\nposts = \"/:year/:slug/\"\n", "/:year/:slug/"),
        ] {
            let (report, scratch) = try imported(settings)
            #expect(try scratch.settings().permalink.pattern == pattern, "\(settings)")
            #expect(!report.mentions("uglyURLs", .notCarried), "\(settings)")
        }
        let (_, scratch) = try imported("uglyURLs = true\n")
        #expect(try scratch.postPaths() == ["/posts/hi.html"])
        // Pages, which Galley makes folders, are named as moving; with the posts' section
        // alone ugly, they stay where Hugo put them.
        for (settings, moves) in [("uglyURLs = true\n", true), ("[uglyURLs]\nposts = true\n", false)] {
            let site = try ScratchSite()
            try site.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n" + settings)
            try site.write("content/posts/hello.md", "---\ntitle: Hello\ndate: 2021-02-03\n---\n")
            try site.write("content/about.md", "---\ntitle: About\n---\n")
            let report = try site.importSite()
            #expect(report.mentions("content/about.md: Hugo's uglyURLs published these pages as files", .check) == moves, "\(settings)")
        }
    }

    @Test func theNewerPageTableIsRead() throws {
        let (_, scratch) = try imported("[permalinks.page]\nposts = \"/p/:year/:slug/\"\n")
        #expect(try scratch.settings().permalink.pattern == "/p/:year/:slug/")
    }

    @Test func aSlugThatFallsBackDifferentlyIsNamed() throws {
        let (report, _) = try imported("[permalinks]\nposts = \"/:slug/\"\n", frontMatter: "title: Hello")
        #expect(report.mentions("content/posts/hello.md: hugo.toml: permalinks: Hugo's :slug takes the title", .check))
        let (quiet, _) = try imported("[permalinks]\nposts = \"/:slug/\"\n")
        #expect(quiet.lines(.check).isEmpty)
    }

    @Test func whatHasNoMatchIsReportedNotGuessed() throws {
        let (report, scratch) = try imported("[permalinks]\nposts = \"/:weekdayname/:slug/\"\n")
        #expect(try scratch.settings().permalink.pattern == "/:year/:month/:day/:slug/")
        #expect(report.mentions("'/:weekdayname/:slug/' uses :weekdayname, which Galley has no match for", .check))
    }

    /// A pattern of another shape was dropped without a word.
    @Test func aPatternThatIsNoTextIsNamed() throws {
        let (report, scratch) = try imported("[permalinks]\nposts = [\"/:year/:slug/\"]\n")
        #expect(try scratch.settings().permalink.pattern == "/posts/:slug/")
        #expect(report.mentions("hugo.toml: permalinks: posts is a list, not a pattern", .check), "\(report.lines(.check))")
    }

    /// A query or fragment in the pattern was carried, and every post link of the built blog
    /// led nowhere: the pattern is named, and posts get Galley's default address.
    @Test func aPatternNoLinkWouldReachIsNamedNotCarried() throws {
        let (report, scratch) = try imported("[permalinks]\nposts = \"/posts/:slug/?q=1#x\"\n")
        #expect(try scratch.settings().permalink.pattern == "/:year/:month/:day/:slug/")
        #expect(report.mentions("'/posts/:slug/?q=1#x' became '/posts/:slug/?q=1#x/', which Galley cannot use (permalink '/posts/:slug/?q=1#x/' must not contain '?'", .check),
                "\(report.lines(.check))")
    }

    @Test func namesThatHugoLowercasedOrKeptDatedAreNamed() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("content/posts/2020-01-02-dated.md", "---\ntitle: Dated\n---\n")
        try scratch.write("content/posts/Capital.md", "---\ntitle: Capital\ndate: 2020-01-03\n---\n")
        try scratch.write("content/posts/Trip/index.md", "---\ntitle: Trip\ndate: 2020-01-04\n---\n")
        try scratch.write("content/posts/plain.md", "---\ntitle: Plain\ndate: 2020-01-05\n---\n")
        try scratch.write("content/posts/Slugged.md", "---\ntitle: Slugged\nslug: slugged\ndate: 2020-01-06\n---\n")
        let report = try scratch.importSite()
        if GalleyFeatures.lowercaseAddresses {
            #expect(report.lines(.check) == [
                "content/posts/2020-01-02-dated.md: hugo.toml: permalinks: Hugo keeps the date at the start of a file name in the address; Galley takes it off, so these posts move: add a slug, or aliases"
            ])
        } else {
            #expect(report.lines(.check) == [
                "content/posts/2020-01-02-dated.md, content/posts/Capital.md, content/posts/Trip/index.md: hugo.toml: permalinks: Hugo keeps the date at the start of a file name in the address and lowercases it; Galley takes the date off and keeps capitals, so these posts move: add a slug, or aliases"
            ])
        }
        let lowered = try ScratchSite()
        try lowered.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\ndisablePathToLower = true\n[frontmatter]\ndate = [\":filename\", \":default\"]\n")
        try lowered.write("content/posts/2020-01-02-dated.md", "---\ntitle: Dated\n---\n")
        try lowered.write("content/posts/Capital.md", "---\ntitle: Capital\ndate: 2020-01-03\n---\n")
        #expect(try lowered.importSite().lines(.check) == [])
    }

    /// Galley makes `:title` by Hugo's rule (`slugs: hugo`), accents and all: only a title
    /// with what no Galley address holds, or one Hugo's settings made otherwise, moves.
    @Test func titlesThatMoveAreNamedWhereTheTitleMakesTheAddress() throws {
        let titled = "[permalinks]\nposts = \"/:year/:title/\"\n"
        let (accents, scratch) = try imported(titled, frontMatter: "title: Ünïcode Títle")
        #expect(accents.lines(.check) == [])
        #expect(try scratch.postPaths() == ["/2021/ünïcode-títle/"])
        let (sharp, _) = try imported(titled, frontMatter: "title: C# tips")
        #expect(sharp.lines(.check) == [
            "content/posts/hello.md: hugo.toml: permalinks: Hugo keeps '#', '\\' and '%' with two hex digits of a title in the address, which Galley drops, so these posts move: add aliases"
        ])
        let (unaccented, _) = try imported("removePathAccents = true\n" + titled, frontMatter: "title: Ünïcode Títle")
        #expect(unaccented.mentions("content/posts/hello.md: hugo.toml: permalinks: Hugo keeps '#'", .check))
        #expect(unaccented.mentions("removePathAccents took its accents off, which Galley keeps, so these posts move", .check))
        let (capitals, _) = try imported("disablePathToLower = true\n" + titled, frontMatter: "title: Plain Title")
        #expect(capitals.mentions("disablePathToLower kept its capitals, which Galley lowercases, so these posts move", .check))
        let (plain, _) = try imported(titled, frontMatter: "title: Plain title")
        #expect(plain.lines(.check) == [])
    }

    /// A title Hugo's rule makes no safe address of is named: the build stops at it.
    @Test func titlesThatMakeNoSafeAddressAreNamed() throws {
        let (report, _) = try imported("[permalinks]\nposts = \"/:year/:title/\"\n", frontMatter: "title: \"../x\"")
        #expect(report.mentions("content/posts/hello.md: hugo.toml: permalinks: the title makes no safe address", .check))
    }
}
