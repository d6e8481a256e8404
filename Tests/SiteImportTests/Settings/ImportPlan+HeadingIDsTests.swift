import Foundation
import SiteCompiler
import Testing

@testable import SiteImport

/// Each generator's blog keeps the heading ids its Markdown renderer gave: galley.yml says
/// whose, and a built post's headings have them.
@Suite struct ImportPlanHeadingIDsTests {
    static let body = "## The example.com wake up call\n\n## Format code - prettier\n\n## beautify.js\n\n## beautify.js\n"

    /// The ids of the headings of the blog's one post, as built.
    func headingIDs(_ scratch: ScratchSite) throws -> [String] {
        let post = try #require(try scratch.compile().site.posts.first)
        return post.html.components(separatedBy: "<h2 id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func jekyllBlogsKeepKramdownsIDs() throws {
        let scratch = try ScratchSite()
        try scratch.write("_config.yml", "title: J\nurl: https://j.example.com\ntimezone: UTC\n")
        try scratch.write("_posts/2020-01-01-ids.md", "---\ntitle: Ids\n---\n" + Self.body)
        let report = try scratch.importSite()
        #expect(scratch.blogText("galley.yml")?.contains("\nheading_ids: kramdown\n") == true)
        #expect(try scratch.settings().headingIDs == .kramdown)
        #expect(!report.mentions("kramdown"))
        #expect(try headingIDs(scratch) == ["the-examplecom-wake-up-call", "format-code---prettier", "beautifyjs", "beautifyjs-1"])
    }

    @Test func hugoBlogsKeepGoldmarksIDs() throws {
        let scratch = try ScratchSite()
        try scratch.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n")
        try scratch.write("content/posts/ids.md", "---\ntitle: Ids\ndate: 2020-01-01\n---\n" + Self.body)
        let report = try scratch.importSite()
        #expect(scratch.blogText("galley.yml")?.contains("\nheading_ids: goldmark\n") == true)
        #expect(!report.mentions("markup"))
        #expect(try headingIDs(scratch) == ["the-examplecom-wake-up-call", "format-code---prettier", "beautifyjs", "beautifyjs-1"])
    }

    @Test func zolaBlogsKeepZolasIDs() throws {
        let scratch = try ScratchSite()
        try scratch.write("config.toml", "base_url = \"https://z.example.org\"\ntitle = \"Z\"\n")
        try scratch.write("content/blog/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n")
        try scratch.write("content/blog/ids.md", "+++\ntitle = \"Ids\"\ndate = 2020-01-01\n+++\n" + Self.body)
        let report = try scratch.importSite()
        #expect(scratch.blogText("galley.yml")?.contains("\nheading_ids: zola\n") == true)
        #expect(!report.mentions("slugify"))
        #expect(try headingIDs(scratch) == ["the-example-com-wake-up-call", "format-code-prettier", "beautify-js", "beautify-js-1"])
    }

    /// A site that set its Markdown up otherwise is told that its ids may differ.
    @Test func aMarkdownSetUpOtherwiseIsNamed() throws {
        let jekyll = try ScratchSite()
        try jekyll.write("_config.yml", "title: J\nurl: https://j.example.com\ntimezone: UTC\nkramdown:\n  input: kramdown\n  auto_id_prefix: sec-\n")
        try jekyll.write("_posts/2020-01-01-a.md", "---\ntitle: A\n---\nx\n")
        #expect(try jekyll.importSite().mentions(
            "_config.yml: kramdown: kramdown reads kramdown rather than GFM, whose ids differ; kramdown's auto_id_prefix put 'sec-' before each id; galley.yml's heading_ids: kramdown",
            .check))

        let hugo = try ScratchSite()
        try hugo.write("hugo.toml", "baseURL = \"https://h.example.com/\"\ntitle = \"H\"\n[markup.goldmark.parser]\nautoHeadingIDType = \"github-ascii\"\n")
        try hugo.write("content/posts/a.md", "---\ntitle: A\ndate: 2020-01-01\n---\nx\n")
        #expect(try hugo.importSite().mentions("hugo.toml: markup: Goldmark's autoHeadingIDType is github-ascii, not github", .check))

        let zola = try ScratchSite()
        try zola.write("config.toml", "base_url = \"https://z.example.org\"\ntitle = \"Z\"\n[slugify]\nanchors = \"safe\"\n")
        try zola.write("content/blog/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n")
        try zola.write("content/blog/a.md", "+++\ntitle = \"A\"\ndate = 2020-01-01\n+++\nx\n")
        #expect(try zola.importSite().mentions("config.toml: slugify: [slugify] anchors = \"safe\" kept headings' text in their ids", .check))
        // Read, so never said to mean nothing; addresses kept as written are a thing to check.
        let safe = try ScratchSite()
        try safe.write("config.toml", "base_url = \"https://z.example.org\"\ntitle = \"Z\"\n[slugify]\npaths = \"safe\"\nanchors = \"on\"\n")
        try safe.write("content/blog/_index.md", "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n")
        try safe.write("content/blog/a.md", "+++\ntitle = \"A\"\ndate = 2020-01-01\n+++\nx\n")
        let report = try safe.importSite()
        #expect(!report.mentions("no Galley meaning"), "\(report.notes)")
        #expect(report.mentions("config.toml: slugify: [slugify] paths = \"safe\" kept file names' capitals", .check))
    }
}
