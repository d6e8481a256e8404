import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import TestThreads
import Testing

@testable import SiteCompiler

/// Blogs nobody here wrote, built as they are. A clone without the fixtures skips these; CI
/// always has them.
@Suite(.onBlockingPool, .enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct RealBlogTests {
    /// Removes an output folder and what a build keeps beside it (its lock).
    static func remove(_ output: URL) {
        try? FileManager.default.removeItem(at: output)
        OutputWriter(destination: output).removeLeftovers()
    }

    func build(_ name: String) throws -> (SiteBuilder.Report, URL) {
        let output = FileManager.default.temporaryDirectory.appending(path: "galley-real-\(UUID().uuidString)")
        let builder = SiteBuilder(source: DirectorySource(root: RealBlogFixtures.folder!.appending(path: name)), options: BuildOptions())
        return (try builder.build(into: output), output)
    }

    /// Through stencils, whose lists of a hundred posts repeat one part, and without them,
    /// every page of both blogs comes out the same.
    @Test func bothBlogsBuildTheSameWithAndWithoutStencils() throws {
        let holder = try TestBlog()
        for name in ["jekyll-docs", "letsencrypt"] {
            try holder.expectSameBuilds(DirectorySource(root: RealBlogFixtures.folder!.appending(path: name)), options: BuildOptions(),
                                        setting: \.useStencils)
        }
    }

    @Test func theJekyllProjectsNewsBuilds() throws {
        let (report, output) = try build("jekyll-docs")
        defer { Self.remove(output) }
        #expect(report.posts == 102)
        // Its posts name the layout of Jekyll's own site, read a setting its galley.yml lacks, and
        // link to documentation pages that are not part of these posts: none asks for a post to change.
        #expect(report.warnings.map(\.description) == [
            "posts/2018-02-19-meet-jekyll-s-new-lead-developer.markdown:2: layout 'news_item' is not in the theme; rendered with 'post' (add layouts/news_item.mustache for a layout of its own)",
            "posts/2013-05-08-jekyll-1-0-1-released.markdown:23: 'site.repository' is not set: add `repository` to galley.yml; it prints nothing (and 34 other places: posts/2013-05-12-jekyll-1-0-2-released.markdown:24, posts/2013-06-07-jekyll-1-0-3-released.markdown:21, …)",
            "posts/2023-01-29-jekyll-3-9-3-released.markdown:13: {% link _docs/history.md %} links to _docs/history.md, which is not a post, page or static file of this blog; the link is left pointing at /_docs/history.md (and 2 other places: posts/2023-12-28-jekyll-3-9-4-released.markdown:12, posts/2024-06-23-jekyll-3-10-0-released.markdown:14)",
        ])
        // Liquid ran: loops made the issue links, `post_url` and `link` found the posts, and no
        // template syntax is left outside code.
        let release = try String(contentsOf: output.appending(path: "news/2013/05/08/jekyll-1-0-1-released/index.html"), encoding: .utf8)
        #expect(release.contains(#"<a href="/issues/1037">#1037</a>"#))
        let turns2 = try String(contentsOf: output.appending(path: "news/2014/05/06/jekyll-turns-2-0-0/index.html"), encoding: .utf8)
        #expect(turns2.contains(#"href="/news/2013/05/05/jekyll-1-0-0-released/""#))
        let filters = try String(contentsOf: output.appending(path: "news/2020/05/27/jekyll-4-1-0-released/index.html"), encoding: .utf8)
        #expect(filters.contains(#"<a href="/docs/liquid/filters/#where-expression"><code>where_exp</code></a>"#))
        for page in try DirectorySource(root: output).files(under: "news") {
            let text = try String(contentsOf: output.appending(path: page), encoding: .utf8)
            let outsideCode = text.replacing(/<code[^>]*>.*?<\/code>/.dotMatchesNewlines(), with: "")
            #expect(!outsideCode.contains("{%") && !outsideCode.contains("{{"), "\(page) shows template syntax")
        }
        // Its posts' `category` and `categories` make the category pages Jekyll's site had.
        let categories = try String(contentsOf: output.appending(path: "categories/index.html"), encoding: .utf8)
        #expect(categories.contains(#"<a href="/categories/release/">release</a> <small>89</small>"#))
        #expect(categories.contains(#"<a href="/categories/community/">community</a> <small>9</small>"#))
    }

    @Test func theLetsEncryptBlogBuilds() throws {
        let (report, output) = try build("letsencrypt")
        defer { Self.remove(output) }
        // Two of them are HTML files with front matter, published as they are.
        #expect(report.posts == 121)
        // One post uses a shortcode of the blog's own theme, and the copy holds none of the
        // posts' pictures: each is said at its line. Their links to each other by the `.html`
        // addresses of Hugo's ugly URLs find the posts' folders, as Galley's server configs do.
        let warnings = report.warnings.map(\.description)
        #expect(warnings.first ==
            "posts/2018-12-31-looking-forward-to-2019.md:29: the shortcode 'plotly' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/plotly.mustache to give it one)")
        let missing = warnings.dropFirst()
        #expect(missing.count == 14, "\(warnings)")
        #expect(missing.allSatisfy { $0.contains(": the image '/images/") && $0.contains("names a file this blog does not have") }, "\(warnings)")
        #expect(missing.contains(
            "posts/2019-11-20-how-le-runs-ct-logs.md:26: the image '/images/2019-11-20-ct-architecture.png' names a file this blog does not have (/images/2019-11-20-ct-architecture.png)"))
        let eckersley = try String(contentsOf: output.appending(path: "2022/09/12/remembering-peter-eckersley/index.html"), encoding: .utf8)
        #expect(eckersley.contains("<h1 class=\"p-name\">Remembering Peter Eckersley</h1>"))
    }
}

/// The Jekyll project's own posts built by Debian's `jekyll` and by Galley give the same post
/// addresses: a blog moved from Jekyll keeps its URLs.
@Suite(.onBlockingPool, .enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real beside the repository or a folder above it"))
struct JekyllURLParityTests {
    @Test func theJekyllFixturesPostsLiveWhereJekyllPutsThem() throws {
        let fixture = RealBlogFixtures.folder!.appending(path: "jekyll-docs")
        let site = FileManager.default.temporaryDirectory.appending(path: "galley-jekyll-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        // A Jekyll site of the same posts, with the Jekyll site's own permalink and timezone and
        // layouts that print the content only. Liquid in the posts is left alone: some of it
        // links to documents of the Jekyll site that are not here, and it moves no address.
        let files = FileManager.default
        try files.createDirectory(at: site.appending(path: "_layouts"), withIntermediateDirectories: true)
        try files.copyItem(at: fixture.appending(path: "posts"), to: site.appending(path: "_posts"))
        for layout in ["default", "post", "news_item"] {
            try "{{ content }}\n".write(to: site.appending(path: "_layouts/\(layout).html"), atomically: true, encoding: .utf8)
        }
        try """
            timezone: America/Los_Angeles
            permalink: /news/:year/:month/:day/:title/
            defaults:
              - scope: {path: "", type: posts}
                values: {render_with_liquid: false}
            """.write(to: site.appending(path: "_config.yml"), atomically: true, encoding: .utf8)
        let jekyll = Process()
        jekyll.executableURL = URL(filePath: "/usr/bin/env")
        jekyll.arguments = ["jekyll", "build", "--quiet", "--source", site.path, "--destination", site.appending(path: "_site").path]
        jekyll.standardOutput = FileHandle.nullDevice
        try jekyll.run()
        jekyll.waitWithoutSpinning()
        try #require(jekyll.terminationStatus == 0, "jekyll build failed (scripts/test installs Debian's jekyll)")
        var jekyllURLs = Set<String>()
        let output = site.appending(path: "_site")
        let walker = files.enumerator(atPath: output.path)!
        while let path = walker.nextObject() as? String {
            if path.hasSuffix("index.html") { jekyllURLs.insert("/" + path.dropLast("index.html".count)) }
        }

        let compiled = try SiteBuilder(source: DirectorySource(root: fixture), options: BuildOptions()).compile()
        let galleyURLs = Set(compiled.site.posts.map(\.document.path))
        #expect(galleyURLs.count == 102)
        #expect(galleyURLs.subtracting(jekyllURLs).sorted() == [], "addresses only Galley gives")
        #expect(jekyllURLs.subtracting(galleyURLs).sorted() == [], "addresses only Jekyll gives")
    }
}
