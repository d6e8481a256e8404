import Foundation
import SiteCompiler
import SiteSource
import Testing

@testable import SiteImport

/// The real blogs put back into the layout of the generator they came from, imported, and
/// built: the same posts at the same addresses as building the fixture itself.
@Suite(.enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct RealBlogImportTests {
    /// The site paths of the posts of the blog at `folder`, as a build gives them, and the
    /// warnings of the build.
    func compiled(_ folder: URL) throws -> (posts: [String], warnings: [Diagnostic]) {
        let compiled = try SiteBuilder(source: DirectorySource(root: folder), options: BuildOptions()).compile()
        return (compiled.site.posts.map(\.document.path).sorted(), compiled.warnings)
    }

    /// Copies every file of the fixture folder `from` into `to` in the scratch site.
    func copy(_ from: URL, to: URL) throws {
        try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: from, to: to)
    }

    @Test func theJekyllProjectsNewsImportsAndBuilds() throws {
        let fixture = RealBlogFixtures.folder!.appending(path: "jekyll-docs")
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", """
            title: Jekyll News
            url: https://jekyllrb.com
            timezone: America/Los_Angeles
            permalink: /news/:year/:month/:day/:title/
            """)
        try copy(fixture.appending(path: "posts"), to: scratch.site.appending(path: "_posts"))
        let report = try scratch.importSite()
        #expect(report.generator == .jekyll)
        #expect(report.posts == 102)
        // Every post has a title and the settings all carry; what is left to check is the
        // Liquid some posts hold (links to documents of the Jekyll site).
        #expect(report.lines(.check).count == 1)
        #expect(report.mentions("and 31 more: holds template tags or shortcodes", .check))

        let output = scratch.root.appending(path: "out")
        let built = try SiteBuilder(source: DirectorySource(root: scratch.blog), options: BuildOptions()).build(into: output)
        #expect(built.posts == 102)
        let expected = try compiled(fixture)
        #expect(expected.posts.count == 102)
        #expect(try compiled(scratch.blog).posts == expected.posts)
        // The same posts, so the same warnings as the fixture's own build.
        #expect(built.warnings == expected.warnings)
    }

    @Test func theLetsEncryptBlogImportsFromHugoAndBuilds() throws {
        let fixture = RealBlogFixtures.folder!.appending(path: "letsencrypt")
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", """
            baseURL = "https://letsencrypt.org/"
            title = "Let's Encrypt"
            languageCode = "en-us"
            timeZone = "America/Los_Angeles"

            [permalinks]
            post = "/:year/:month/:day/:slug/"
            """)
        try copy(fixture.appending(path: "posts"), to: scratch.site.appending(path: "content/post"))
        try copy(fixture.appending(path: "static"), to: scratch.site.appending(path: "static"))
        let report = try scratch.importSite()
        #expect(report.generator == .hugo)
        // Hugo's _index.md of the section is a list page, left out (and reported).
        #expect(report.posts == 121)
        #expect(report.mentions("content/post/_index.md: a section's own list page", .notCarried))
        #expect(report.lines(.check) == [
            "content/post/2018-12-31-looking-forward-to-2019.md: holds template tags or shortcodes ({% … %}, {{ … }}, {{< … >}}, {{% … %}}), which the old generator ran: Galley runs only some, so check how these render"
        ])

        let output = scratch.root.appending(path: "out")
        let built = try SiteBuilder(source: DirectorySource(root: scratch.blog), options: BuildOptions()).build(into: output)
        #expect(built.posts == 121)
        let expected = try compiled(fixture)
        #expect(expected.posts.count == 121)
        // Hugo makes every address lower-case (ten of these posts have a slug with capitals,
        // `Ending-OCSP`): so does the import, when Galley can, where the fixture keeps them.
        let hugoPaths = GalleyFeatures.lowercaseAddresses ? expected.posts.map { $0.lowercased() }.sorted() : expected.posts
        #expect(try compiled(scratch.blog).posts == hugoPaths)
        #expect(built.warnings == expected.warnings)
        // The images are where the posts link to them.
        let images = try FileManager.default.contentsOfDirectory(atPath: fixture.appending(path: "static/images/blog").path)
        for image in images {
            #expect(FileManager.default.fileExists(atPath: output.appending(path: "images/blog/\(image)").path), "\(image)")
        }
    }
}
