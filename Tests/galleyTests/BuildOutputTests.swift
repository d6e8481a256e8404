import Foundation
import TestThreads
import Testing

/// The sample blog built by the `galley` binary, then checked as a reader, a validator and a
/// feed reader would (`SiteChecks` says what each check looks at); and the checks themselves,
/// on a site broken on purpose. RealBlogOutputTests run the same checks on the real blogs.
@Suite(.onBlockingPool) struct BuildOutputTests {
    @Test func theSampleBlogPassesEveryCheck() throws {
        let site = try BuiltSite(BuildCommandTests.sampleSite, base: URL(string: "https://blog.example.com/")!)
        try SiteChecks(site: site).expectAllGood(feedEntries: 9)
    }

    /// Published under a folder of a host, as a GitHub project site is: every link must stay
    /// in the folder, seen from each page's own address.
    @Test func theSampleBlogUnderASubPathPassesEveryCheck() throws {
        let base = URL(string: "https://example.github.io/blog/")!
        let site = try BuiltSite(BuildCommandTests.sampleSite, base: base, arguments: ["--base-url", base.absoluteString])
        try SiteChecks(site: site).expectAllGood(feedEntries: 9)
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
}
