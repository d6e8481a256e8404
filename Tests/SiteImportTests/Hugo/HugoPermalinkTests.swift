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
}
