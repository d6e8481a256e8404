import Foundation
@testable import Markdown
@testable import SiteContent
import SiteSource
import SiteTestSupport
import TestThreads
import Testing

@testable import SiteCompiler

/// Blogs built by Debian's `hugo` and by Galley (with `lowercase_addresses: true`, as a blog
/// moved from Hugo has it) give the same post addresses.
@Suite(.onBlockingPool, .enabled(if: OtherGenerator.isInstalled("hugo"), "needs Debian's hugo (scripts/test installs it)"))
struct HugoURLParityTests {
    /// A Hugo site of `posts` (file name to text) in `content/<section>/`, with `config` and
    /// layouts that print the content only; the addresses Hugo gives its pages.
    func hugoAddresses(config: String, section: String, posts: [String: String], shortcodes: [String] = []) throws -> Set<String> {
        let site = FileManager.default.temporaryDirectory.appending(path: "galley-hugo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        var files = ["hugo.toml": config, "layouts/_default/single.html": "{{ .Content }}\n", "layouts/_default/list.html": "\n"]
        for name in shortcodes { files["layouts/shortcodes/\(name).html"] = "\n" }
        for (name, text) in posts { files["content/\(section)/\(name)"] = text }
        try OtherGenerator.write(files, below: site)
        let status = try OtherGenerator.run(["hugo", "--quiet", "--source", site.path, "--destination", site.appending(path: "public").path])
        try #require(status == 0, "hugo failed")
        return OtherGenerator.pagePaths(in: site.appending(path: "public"))
    }

    static let hugoConfig = """
        baseURL = "https://example.com/"
        disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]

        """

    @Test func slugsWithCapitalsAreLowerCasedAsHugoDoes() throws {
        func post(_ fields: String) -> String { "---\ntitle: A post\n\(fields)\n---\n\nText.\n" }
        let posts = [
            "a.md": post("date: 2020-01-02T10:00:00Z\nslug: Capital-Slug"),
            "b.md": post("date: 2020-01-03T23:30:00-07:00\nslug: Late-In-Denver"),
            "c.md": post("date: 2020-01-05\nslug: MiXeD.Case_v1.0"),
            // An address of a post's own is kept as written, by both.
            "d.md": post("date: 2020-01-06\nurl: /Own/Address/"),
            "e.md": post("date: 2020-01-07\nurl: /plain/Thing"),
            "f.md": "+++\ntitle = \"TOML\"\ndate = 2020-01-08T09:00:00+09:00\nslug = \"From-TOML\"\n+++\n\nText.\n",
        ]
        let hugo = try hugoAddresses(config: Self.hugoConfig + "[permalinks]\nposts = \"/:year/:month/:day/:slug/\"\n", section: "posts", posts: posts)
        var files = ["galley.yml": "title: T\nbase_url: https://example.com/\nlowercase_addresses: true\n"]
        for (name, text) in posts { files["posts/\(name)"] = text }
        let galley = Set(try SiteBuilder(source: MemorySource(files), options: BuildOptions()).compile().site.posts.map(\.document.path))
        #expect(galley.contains("/2020/01/03/late-in-denver/") && galley.contains("/Own/Address/"), "\(galley.sorted())")
        #expect(galley.subtracting(hugo).sorted() == [], "addresses only Galley gives")
        #expect(hugo.subtracting(galley).sorted() == [], "addresses only Hugo gives")

        // Without the setting, Galley keeps the case it is given, as Jekyll does.
        files["galley.yml"] = "title: T\nbase_url: https://example.com/\n"
        let kept = Set(try SiteBuilder(source: MemorySource(files), options: BuildOptions()).compile().site.posts.map(\.document.path))
        #expect(kept.contains("/2020/01/02/Capital-Slug/"))
    }

    /// Titles made addresses by Hugo's rule (`slugs: hugo`) are where Hugo put them: dots,
    /// slashes, accents, `@` and runs of `-` kept, other punctuation dropped.
    @Test func titlesByHugosRuleAreWhereHugoPutThem() throws {
        let titles = ["Notes on .NET Internals", "Inspecting SSL/TLS Traffic", "Format code - prettier", "foo--bar", "Café crème",
                      "It's 100% done", "Question? Yes!", "mail@me + you ~ them", "C++ tips", "C++", "Why C#?", "Банковский кассир",
                      "  Spaced   out  "]
        var posts: [String: String] = [:]
        for (index, title) in titles.enumerated() {
            posts["p\(index).md"] = "---\ntitle: \"\(title)\"\ndate: 2020-01-\(10 + index)\n---\n\nText.\n"
        }
        let hugo = try hugoAddresses(config: Self.hugoConfig + "[permalinks]\nposts = \"/:year/:title/\"\n", section: "posts", posts: posts)
        var files = ["galley.yml": "title: T\nbase_url: https://example.com/\npermalink: /:year/:title/\nslugs: hugo\n"]
        for (name, text) in posts { files["posts/\(name)"] = text }
        let galley = Set(try SiteBuilder(source: MemorySource(files), options: BuildOptions()).compile().site.posts.map(\.document.path))
        #expect(galley.contains("/2020/notes-on-.net-internals/"), "\(galley.sorted())")
        #expect(galley.subtracting(hugo).sorted() == [], "addresses only Galley gives")
        #expect(hugo.subtracting(galley).sorted() == [], "addresses only Hugo gives")
    }

    /// Headings have the ids Hugo's Goldmark gave them under `heading_ids: goldmark`.
    @Test func headingIDsAreGoldmarks() throws {
        let body = """
            ## beautify.js

            ## Format code - prettier

            ## 1st [link](http://x.com/a) *em* `code` and_under

            ## Ünïcode & Títle

            ## A -- B --- C

            > ## Quoted

            Setext *heading*
            ----------------

            ## beautify.js

            ## !!!

            ## Notes 1

            ## Notes

            ## Notes
            """
        let site = FileManager.default.temporaryDirectory.appending(path: "galley-hugo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        try OtherGenerator.write(["hugo.toml": Self.hugoConfig, "layouts/_default/single.html": "{{ .Content }}\n",
                                  "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n\n\(body)\n"], below: site)
        let status = try OtherGenerator.run(["hugo", "--quiet", "--source", site.path, "--destination", site.appending(path: "public").path])
        try #require(status == 0, "hugo failed")
        let hugo = try String(contentsOf: site.appending(path: "public/posts/a/index.html"), encoding: .utf8)
        let galley = MarkdownRenderer(headingIDs: .goldmark).render(body).html
        func ids(_ html: String) -> [String] { html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) } }
        #expect(ids(hugo).count == 12)
        #expect(ids(galley) == ids(hugo))
    }

    /// Every post of the Let's Encrypt blog, built by Hugo with the blog's own permalinks and
    /// timezone, is where Galley puts it: moving to Galley moves none of its addresses.
    @Test(.enabled(if: RealBlogFixtures.folder != nil, "needs shared/fixtures/real"))
    func theLetsEncryptPostsLiveWhereHugoPutsThem() throws {
        let fixture = RealBlogFixtures.folder!.appending(path: "letsencrypt")
        var posts: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.appending(path: "posts").path) {
            posts[name] = try String(contentsOf: fixture.appending(path: "posts/\(name)"), encoding: .utf8)
        }
        let config = Self.hugoConfig + "timeZone = \"America/Los_Angeles\"\n[permalinks]\npost = \"/:year/:month/:day/:slug/\"\n"
        let hugo = try hugoAddresses(config: config, section: "post", posts: posts, shortcodes: ["plotly"])

        var files = ["galley.yml": try String(contentsOf: fixture.appending(path: "galley.yml"), encoding: .utf8) + "\nlowercase_addresses: true\n"]
        for (name, text) in posts { files["posts/\(name)"] = text }
        let built = try SiteBuilder(source: MemorySource(files), options: BuildOptions()).compile().site.posts
        #expect(built.count == 121)
        // Old addresses too: Hugo writes a page at each alias, as Galley does.
        let galley = Set(built.map(\.document.path) + built.flatMap { $0.document.aliases.map(\.path) })
        #expect(galley.contains("/2024/12/05/ending-ocsp/"))
        #expect(galley.subtracting(hugo).sorted() == [], "addresses only Galley gives")
        #expect(hugo.subtracting(galley).sorted() == [], "addresses only Hugo gives")
    }
}
