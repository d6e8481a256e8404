import Foundation
import SiteSource
import SiteTestSupport
import Testing

@testable import Diagnostics
@testable import SiteCompiler

/// A build kept in memory and built again after each edit (as `galley serve` does) holds exactly
/// what a build from nothing makes, and renders only what the edit touched.
@Suite struct MemorySiteTests {
    let blog: TestBlog

    init() throws {
        var files: [String: String] = ["pages/about.md": TestBlog.post("title: About"), "static/notes.txt": "static"]
        for day in 1...12 {
            let tags = ["alpha", day % 2 == 0 ? "even" : "odd"]
            files[String(format: "posts/2019-10-%02d-post-%d.md", day, day)] =
                TestBlog.post("title: Post \(day)\ntags: [\(tags.joined(separator: ", "))]", "Opening of \(day).\n\nMore of \(day).")
        }
        blog = try TestBlog(TestBlog.config, files)
    }

    func builder() -> SiteBuilder {
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        return builder
    }

    /// Every file's bytes, read from the blog where the site names a source file.
    func bytes(_ site: MemorySite) throws -> [String: Data] {
        try site.files.mapValues { file in
            switch file {
            case .bytes(let data): data
            case .source(let path, _): try blog.source.contents(of: path)
            }
        }
    }

    /// Builds on `previous`, then checks the result against a build from nothing.
    func rebuild(_ previous: MemorySite?, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MemorySite {
        Thread.sleep(forTimeInterval: 0.03)
        let next = try builder().build(after: previous)
        let full = try builder().build(after: nil)
        let got = try bytes(next), expected = try bytes(full)
        #expect(got.keys.sorted() == expected.keys.sorted(), "\(step)", sourceLocation: sourceLocation)
        let differing = expected.keys.filter { got[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "\(step): \(differing)", sourceLocation: sourceLocation)
        return next
    }

    @Test func aSeriesOfEditsGivesTheSameSiteAsAFullBuild() throws {
        var site = try rebuild(nil, "first build")
        #expect(site.renewed == Set(site.files.keys))
        site = try rebuild(site, "no change")
        #expect(site.renewed.isDisjoint(with: ["index.html", "2019/10/02/post-2/index.html", "tags/alpha/index.html", "about/index.html"]))

        try blog.write("posts/2019-10-20-added.md", TestBlog.post("title: Added\ntags: [alpha, new]"))
        site = try rebuild(site, "add a post")
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd]", "New opening."))
        site = try rebuild(site, "edit a post")
        #expect(site.renewed.contains("2019/10/05/post-5/index.html"))
        #expect(!site.renewed.contains("2019/10/02/post-2/index.html"), "an unrelated post is kept")
        try blog.remove("posts/2019-10-03-post-3.md")
        site = try rebuild(site, "delete a post")
        #expect(site.files["2019/10/03/post-3/index.html"] == nil)
        try blog.write("layouts/post.mustache", "<main class=\"mine\">{{{page.content}}}</main>")
        site = try rebuild(site, "change a layout")
        try blog.write("galley.yml", TestBlog.config.replacingOccurrences(of: "Test Blog", with: "Renamed Blog"))
        site = try rebuild(site, "change the config")
        try blog.write("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7\ndraft: true"))
        site = try rebuild(site, "make a post a draft")
        try blog.write("static/notes.txt", "static, edited")
        try blog.write("pages/about.md", TestBlog.post("title: About me"))
        site = try rebuild(site, "edit a page and a static file")
        // A page's address taken by a static file, then the page back as it was: made again, not
        // taken for the file that stood there.
        try blog.remove("pages/about.md")
        try blog.write("static/about/index.html", "<p>About, as a file</p>")
        site = try rebuild(site, "a static file where a page was")
        try blog.remove("static/about/index.html")
        try blog.write("pages/about.md", TestBlog.post("title: About me"))
        site = try rebuild(site, "the page back where the static file was")
        #expect(site.renewed.contains("about/index.html"))
    }

    /// The bodies held in memory were rendered with the theme's shortcodes and the layouts they
    /// include: an edit to one of those renders them again, pages and feeds with them.
    @Test func aLayoutAShortcodeIncludesRendersTheHeldBodiesAgain() throws {
        try blog.write("layouts/shortcodes/note.mustache", "<span class=\"note\">{{> aside}}</span>")
        try blog.write("layouts/aside.mustache", "first aside")
        try blog.write("posts/2019-10-20-noted.md", TestBlog.post("title: Noted", "Hello {{< note >}} there."))
        var site = try rebuild(nil, "first build")
        try blog.write("layouts/aside.mustache", "second aside")
        site = try rebuild(site, "a layout a shortcode includes, edited")
        #expect(site.renewed.contains("2019/10/20/noted/index.html"))
    }

    @Test func aFailedBuildThrowsAndTheNextOneStartsFromTheLastGoodSite() throws {
        let good = try builder().build(after: nil)
        try blog.write("posts/2019-10-05-post-5.md", "---\ntitle: Post 5\ndate: next tuesday\n---\n")
        #expect(throws: BuildFailure.self) { try builder().build(after: good) }
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, mended"))
        _ = try rebuild(good, "after a failure")
    }
}
