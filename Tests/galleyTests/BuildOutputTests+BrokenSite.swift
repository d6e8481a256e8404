import Foundation
import Testing

/// Each check catches what it is for: the sample blog's pages, feeds and sitemap broken by hand
/// after a good build, and a blog whose build warns about a post.
extension BuildOutputTests {
    /// The sample blog, built, with one post page, the feeds and the sitemap broken by hand.
    static func brokenByHand() throws -> BuiltSite {
        var site = try BuiltSite(BuildCommandTests.sampleSite, base: URL(string: "https://blog.example.com/")!)
        func edit(_ path: String, _ change: (String) -> String) throws {
            let file = site.output.appending(path: path)
            try Data(change(try String(contentsOf: file, encoding: .utf8)).utf8).write(to: file)
        }
        // Single quotes, a character reference, ../ and a srcset must be read as a browser reads them.
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
            text.replacingCharacters(in: text.range(of: "<entry>")!.lowerBound..<text.range(of: "</entry>\n")!.upperBound, with: "")
        }
        try edit("sitemap.xml") { $0.replacingOccurrences(of: "</urlset>", with: "<url><loc>https://blog.example.com/nowhere/</loc></url></urlset>") }
        site.reading = try OutputReading.read(site.output)
        return site
    }

    static let brokenPage = "2024/03/02/hello-galley/index.html:"

    @Test func tidyFindsBrokenMarkup() throws {
        let tidy = try SiteChecks(site: Self.brokenByHand()).tidyProblems()
        for kind in ["Error: <blah> is not recognized", "(ANCHOR_NOT_UNIQUE)", "(DISCARDING_UNEXPECTED)"] {
            #expect(tidy.contains { $0.hasPrefix(Self.brokenPage) && $0.contains(kind) }, "\(kind): \(tidy)")
        }
        // Broken markup only: the sample blog's other pages stay clean.
        #expect(tidy.allSatisfy { $0.hasPrefix(Self.brokenPage) }, "\(tidy)")
    }

    @Test func theLinkCheckFindsEveryBrokenLink() throws {
        let site = try Self.brokenByHand()
        let broken = Set(SiteChecks(site: site).brokenLinks().map(\.path))
        for path in ["/2024/no-such-post/", "/2024/03/02/hello-galley/#nowhere", "/images/missing.png", "/tags/no-such-tag/", "/nowhere/",
                     "/2024/03/09/writing-on-the-train/#nowhere-else"] {
            #expect(broken.contains(path), "\(path) is not reported: \(broken.sorted())")
        }
        #expect(!broken.contains("/images/galley-proof.svg") && !broken.contains("/2024/03/09/writing-on-the-train/"))
        // Only what an author wrote can be excused: never the links broken by hand.
        let written = { (address: String) in site.writtenInPosts(BrokenLink(from: "", address: address, path: address, problem: .noSuchFile)) }
        #expect(written("/images/galley-proof.svg") && !written("/2024/no-such-post/"))
    }

    @Test func templateSyntaxOutsideCodeIsFound() throws {
        let shown = SiteChecks(site: try Self.brokenByHand()).templateSyntaxShown()
        #expect(shown.count == 1 && shown.allSatisfy {
            $0.hasPrefix(Self.brokenPage) && $0.hasSuffix(": {% post_url 2024-03-09-writing-on-the-train %}")
        }, "\(shown)")
    }

    @Test func feedparserAndTheFeedChecksFindBrokenFeeds() throws {
        let feeds = SiteChecks(site: try Self.brokenByHand()).feedProblems(entries: 9)
        #expect(feeds.contains { $0.hasPrefix("feed.xml: not well-formed") }, "\(feeds)")
        #expect(feeds.contains { $0.hasPrefix("feed.json: an item has no id") }, "\(feeds)")
        #expect(feeds.contains("atom.xml: 8 entries, not 9"), "\(feeds)")
    }

    @Test func aWarningAboutAPostIsForItsAuthorOneAboutTheThemeIsNot() throws {
        let blog = try ScratchFolder()
        try blog.write("galley.yml", "title: Warned\nbase_url: https://warned.example.com/\n")
        try blog.write("posts/2024-01-01-wide.md", "---\ntitle: Wide\nlayout: wide\n---\nSee [the code]({{ site.repository }}).\n")
        try blog.write("posts/notes.txt", "not a post")
        let warned = try BuiltSite(blog.url, base: URL(string: "https://warned.example.com/")!)
        #expect(warned.warnings.count == 3, "\(warned.warnings)")
        #expect(SiteChecks(site: warned).warningsForAuthors().map { $0.contains("notes.txt: not published") } == [true])
    }
}
