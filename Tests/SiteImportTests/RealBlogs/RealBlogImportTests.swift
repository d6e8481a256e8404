import Foundation
import SiteCompiler
@testable import SiteContent
import SiteSource
import TestThreads
import Testing

import Diagnostics
@testable import SiteImport

/// The real blogs put back into the layout of the generator they came from, imported, and
/// built: the same posts at the same addresses as building the fixture itself.
@Suite(.onBlockingPool, .enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
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
            repository: https://github.com/jekyll/jekyll
            timezone: America/Los_Angeles
            permalink: /news/:year/:month/:day/:title/
            """)
        try copy(fixture.appending(path: "posts"), to: scratch.site.appending(path: "_posts"))
        let report = try scratch.importSite()
        #expect(report.generator == .jekyll)
        #expect(report.posts == 102)
        // Every post has a title and the settings all carry; what is left to check is the
        // Liquid some posts hold (links to documents of the Jekyll site), and the setting copied
        // for it.
        #expect(report.lines(.check).count == 2, "\(report.lines(.check))")
        #expect(report.mentions("_config.yml: repository copied into galley.yml as they are", .check))
        #expect(report.mentions("and 31 more: holds template tags or shortcodes", .check))

        let output = scratch.root.appending(path: "out")
        let built = try SiteBuilder(source: DirectorySource(root: scratch.blog), options: BuildOptions()).build(into: output)
        #expect(built.posts == 102)
        let expected = try compiled(fixture)
        #expect(expected.posts.count == 102)
        #expect(try compiled(scratch.blog).posts == expected.posts)
        // The same posts, so the same warnings as the fixture's own build, but for the one
        // asking for `repository`, which Jekyll's _config.yml sets and the fixture's galley.yml
        // does not: carried, the release notes' {{ site.repository }}/issues/N links reach GitHub.
        let asksForRepository = { (warning: Diagnostic) in warning.message.contains("'site.repository' is not set") }
        #expect(expected.warnings.contains(where: asksForRepository))
        #expect(built.warnings == expected.warnings.filter { !asksForRepository($0) })
        let notes = try String(contentsOf: output.appending(path: "news/2013/05/08/jekyll-1-0-1-released/index.html"), encoding: .utf8)
        #expect(notes.contains("href=\"https://github.com/jekyll/jekyll/issues/"))
    }

    @Test func theLetsEncryptBlogImportsFromHugoAndBuilds() throws {
        let fixture = RealBlogFixtures.folder!.appending(path: "letsencrypt")
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", """
            baseURL = "https://letsencrypt.org/"
            title = "Let's Encrypt"
            languageCode = "en-us"
            timeZone = "America/Los_Angeles"

            [uglyURLs]
            post = true

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
        // letsencrypt.org's posts are files (`uglyURLs`), `/2015/10/19/lets-encrypt-is-trusted.html`,
        // where the fixture's galley.yml gives folders.
        let cased = GalleyFeatures.lowercaseAddresses ? expected.posts.map { $0.lowercased() } : expected.posts
        let hugoPaths = cased.map { String($0.dropLast()) + ".html" }.sorted()
        #expect(try compiled(scratch.blog).posts == hugoPaths)
        #expect(built.warnings == expected.warnings)
        // So the posts' links to each other at those addresses lead to them.
        var linked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.appending(path: "posts").path) {
            let text = try String(contentsOf: fixture.appending(path: "posts/\(name)"), encoding: .utf8)
            for match in text.matches(of: /\]\((\/20[0-9]{2}\/[0-9]{2}\/[0-9]{2}\/[^)#\s]+\.html)/) {
                linked += 1
                let path = String(match.1)
                #expect(FileManager.default.fileExists(atPath: output.appending(path: String(path.dropFirst())).path), "\(name) links \(path)")
            }
        }
        #expect(linked >= 8)
        // The images are where the posts link to them.
        let images = try FileManager.default.contentsOfDirectory(atPath: fixture.appending(path: "static/images/blog").path)
        for image in images {
            #expect(FileManager.default.fileExists(atPath: output.appending(path: "images/blog/\(image)").path), "\(image)")
        }
    }
}
