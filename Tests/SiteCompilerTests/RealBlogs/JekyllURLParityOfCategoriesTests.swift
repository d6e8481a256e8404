import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import TestThreads
import Testing

@testable import SiteCompiler

/// A small blog built by Debian's `jekyll` and by Galley gives the same post addresses, with
/// `:categories` in the site's pattern and posts' own `permalink`s. Jekyll's `:title` is the
/// file name's slug, which Galley calls `:slug` (its `:title` is the title's), in a post's own
/// pattern as in the site's.
@Suite(.onBlockingPool, .enabled(if: OtherGenerator.isInstalled("jekyll"), "needs Debian's jekyll (scripts/test installs it)"))
struct JekyllURLParityOfCategoriesTests {
    /// Posts by file name, as both generators read them.
    static let posts = [
        "2020-01-01-list.md": "categories: [Release, News]",
        "2020-01-02-text.md": "categories: foo Bar",
        "2020-01-03-single.md": "category: Team",
        "2020-01-04-both.md": "categories: [a, b]\ncategory: c",
        "2020-01-05-none.md": "",
        "2020-01-06-twice.md": "categories: [Dup, dup, v1.0]",
        "2020-01-07-Caps-Name.md": "categories: [x]\nslug: My-Slug",
        "2020-01-08-own.md": "categories: [x]\npermalink: /own/:categories/:year/:title/",
        "2020-01-09-own-flat.md": "permalink: /flat/:title.html",
        "2020-01-10-literal.md": "permalink: /Literal/Address/",
        "2020-01-11-literal-file.md": "permalink: /literal.html",
        "2020-01-12-no-categories-own.md": "permalink: /:categories/:year/:title/",
    ]

    @Test func categoriesAndOwnPermalinksGoWhereJekyllPutsThem() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "galley-jekyll-categories-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func post(_ fields: String) -> String { "---\ntitle: A post\n\(fields)\n---\n\nText.\n" }
        var jekyllFiles = ["_layouts/default.html": "{{ content }}\n",
                           "_config.yml": "timezone: UTC\npermalink: /:categories/:year/:month/:day/:title/\n"]
        var galleyFiles = ["galley.yml": "title: T\nbase_url: https://example.com/\ntimezone: UTC\npermalink_dates: site\n"
            + "permalink: /:categories/:year/:month/:day/:slug/\n"]
        for (name, fields) in Self.posts {
            jekyllFiles["_posts/\(name)"] = post(fields)
            galleyFiles["posts/\(name)"] = post(fields.replacingOccurrences(of: ":title", with: ":slug"))
        }
        let jekyllSite = root.appending(path: "jekyll")
        try OtherGenerator.write(jekyllFiles, below: jekyllSite)
        let status = try OtherGenerator.run(["jekyll", "build", "--quiet", "--source", jekyllSite.path,
                                             "--destination", jekyllSite.appending(path: "_site").path])
        try #require(status == 0, "jekyll build failed")
        let jekyllURLs = OtherGenerator.pagePaths(in: jekyllSite.appending(path: "_site"))

        let compiled = try SiteBuilder(source: MemorySource(galleyFiles), options: BuildOptions()).compile()
        let galleyURLs = Set(compiled.site.posts.map(\.document.path))
        #expect(galleyURLs.count == Self.posts.count)
        #expect(galleyURLs.contains("/release/news/2020/01/01/list/"))
        #expect(galleyURLs.subtracting(jekyllURLs).sorted() == [], "addresses only Galley gives")
        #expect(jekyllURLs.subtracting(galleyURLs).sorted() == [], "addresses only Jekyll gives")
    }
}
