import Foundation
import Testing

/// The sample blog built by the `galley` binary, then checked as a reader, a validator and a
/// feed reader would (`SiteChecks` says what each check looks at); and the checks themselves,
/// on a site broken on purpose. RealBlogOutputTests run the same checks on the real blogs.
@Suite struct BuildOutputTests {
    @Test func theSampleBlogPassesEveryCheck() throws {
        let site = try BuiltSite(BuildCommandTests.sampleSite, base: URL(string: "https://blog.example.com/")!)
        try SiteChecks(site: site).expectAllGood(feedEntries: 9)
    }

    /// Published under a folder of a host, as a GitHub project site is: every link must stay
    /// in the folder, seen from each page's own address.
    @Test func theSampleBlogUnderASubPathPassesEveryCheck() throws {
        let base = URL(string: "https://example.github.io/blog/")!
        let site = try BuiltSite(BuildCommandTests.sampleSite, base: base, arguments: ["--base-url", base.absoluteString])
        try SiteChecks(site: site).expectAllGood(feedEntries: 9, links: LinkExpectations(pending: [
            LinkExpectations.Pending(cause: "a root-relative link in a post's body (/images/x.svg) is left as written in pages, "
                                     + "so under a sub-path it leaves the blog; the feeds rebase it") {
                $0.problem == .outsideTheBlog && $0.address.hasPrefix("/")
            },
        ]))
    }

    /// Posts published as files, as a blog moved from Jekyll or Hugo with ugly URLs keeps them:
    /// a post's folder is no longer its address, so relative links, post-folder files and
    /// footnote links in excerpts and feeds must each be read against the right one.
    @Test func theSampleBlogWithHTMLPermalinksPassesEveryCheck() throws {
        let copy = try ScratchFolder()
        let blog = copy.url.appending(path: "site")
        try FileManager.default.copyItem(at: BuildCommandTests.sampleSite, to: blog)
        let config = try String(contentsOf: blog.appending(path: "galley.yml"), encoding: .utf8)
        try Data(config.replacingOccurrences(of: "permalink: /:year/:month/:day/:slug/", with: "permalink: /:year/:slug.html").utf8)
            .write(to: blog.appending(path: "galley.yml"))
        let site = try BuiltSite(blog, base: URL(string: "https://blog.example.com/")!)
        #expect(site.reading.pages["2024/footnotes-are-marginalia.html"] != nil)
        try SiteChecks(site: site).expectAllGood(feedEntries: 9)
    }

    /// Each check catches what it is for: a page, its links, the feeds and the sitemap of a good
    /// build broken by hand, and a blog whose build warns about a post.
    @Test func everyCheckCatchesABrokenSite() throws {
        var site = try BuiltSite(BuildCommandTests.sampleSite, base: URL(string: "https://blog.example.com/")!)
        func edit(_ path: String, _ change: (String) -> String) throws {
            let file = site.output.appending(path: path)
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(change(text).utf8).write(to: file)
        }
        // Single quotes, a character reference and a srcset must be read as a browser reads them.
        try edit("2024/03/02/hello-galley/index.html") {
            $0.replacingOccurrences(of: "</main>", with: """
                <blah>?</blah><a href="/2024/no-such-post/">a</a><a href='#nowhere'>b</a>
                <p>See {% post_url 2024-03-09-writing-on-the-train %}, not <code>{% raw %}</code>.</p>
                <p id="main">An id given twice, and a stray end tag.</span></p>
                <a href="../../09/writing-on-the-train/">e</a><a href="../../09/no/../writing-on-the-train/#nowhere-else">f</a>
                <img alt="c" srcset="/images/galley-proof.svg 1x, /images/missing.png 2x"><a href="/tags/&#x6e;o-such-tag/">d</a></main>
                """)
        }
        try edit("feed.xml") { $0.replacingOccurrences(of: "</channel>", with: "") }
        try edit("feed.json") { $0.replacingOccurrences(of: "\"id\" :", with: "\"ID\" :") }
        try edit("atom.xml") { text in
            let entry = text.range(of: "<entry>")!.lowerBound..<text.range(of: "</entry>\n")!.upperBound
            return text.replacingCharacters(in: entry, with: "")
        }
        try edit("sitemap.xml") { $0.replacingOccurrences(of: "</urlset>", with: "<url><loc>https://blog.example.com/nowhere/</loc></url></urlset>") }
        site.reading = try OutputReading.read(site.output)
        let checks = SiteChecks(site: site)

        let tidy = try checks.tidyProblems()
        for kind in ["Error: <blah> is not recognized", "(ANCHOR_NOT_UNIQUE)", "(DISCARDING_UNEXPECTED)"] {
            #expect(tidy.contains { $0.hasPrefix("2024/03/02/hello-galley/index.html:") && $0.contains(kind) }, "\(kind): \(tidy)")
        }
        // Only broken markup: the sample blog's other pages stay clean.
        #expect(tidy.allSatisfy { $0.hasPrefix("2024/03/02/hello-galley/index.html:") }, "\(tidy)")
        let broken = Set(checks.brokenLinks().map(\.path))
        for path in ["/2024/no-such-post/", "/2024/03/02/hello-galley/#nowhere", "/images/missing.png", "/tags/no-such-tag/", "/nowhere/",
                     "/2024/03/09/writing-on-the-train/#nowhere-else"] {
            #expect(broken.contains(path), "\(path) is not reported: \(broken.sorted())")
        }
        #expect(!broken.contains("/images/galley-proof.svg"))
        // Only what an author wrote can be excused: never the link in the page broken by hand.
        let written = { (address: String) in site.writtenInPosts(BrokenLink(from: "", address: address, path: address, problem: .noSuchFile)) }
        #expect(written("/images/galley-proof.svg") && !written("/2024/no-such-post/"))
        let shown = checks.templateSyntaxShown()
        #expect(shown.count == 1 && shown.allSatisfy {
            $0.hasPrefix("2024/03/02/hello-galley/index.html:") && $0.hasSuffix(": {% post_url 2024-03-09-writing-on-the-train %}")
        }, "\(shown)")
        let feeds = checks.feedProblems(entries: 9)
        #expect(feeds.contains { $0.hasPrefix("feed.xml: not well-formed") }, "\(feeds)")
        #expect(feeds.contains { $0.hasPrefix("feed.json: an item has no id") }, "\(feeds)")
        #expect(feeds.contains("atom.xml: 8 entries, not 9"), "\(feeds)")

        let blog = try ScratchFolder()
        try blog.write("galley.yml", "title: Warned\nbase_url: https://warned.example.com/\n")
        try blog.write("posts/2024-01-01-wide.md", "---\ntitle: Wide\nlayout: wide\n---\nHi.\n")
        try blog.write("posts/notes.txt", "not a post")
        let warned = try BuiltSite(blog.url, base: URL(string: "https://warned.example.com/")!)
        #expect(warned.warnings.count == 2, "\(warned.warnings)")
        #expect(SiteChecks(site: warned).warningsForAuthors().map { $0.contains("notes.txt: not published") } == [true])
    }
}
