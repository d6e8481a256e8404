import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Posts written for Jekyll, Hugo and Zola read as their generator read them, by galley.yml's
/// conventions.
@Suite struct ConventionsTests {
    @Test func anAliasWithoutALeadingSlashIsFromTheRootAsInJekyllAndZola() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-new-name.md": TestBlog.post("title: New\nredirect_from: 2016/05/02/old-name/"),
            "posts/2019-03-02-other.md": "+++\ntitle = \"Other\"\naliases = [\"2019/03/01/old-name.html\", \"./notes/../kept/\"]\n+++\nText\n",
        ])
        try blog.build()
        #expect(blog.page("2016/05/02/old-name/index.html")?.contains("https://example.com/2019/03/01/new-name/") == true)
        #expect(blog.page("2019/03/01/old-name.html")?.contains("https://example.com/2019/03/02/other/") == true)
        #expect(blog.page("kept/index.html")?.contains("https://example.com/2019/03/02/other/") == true)
    }

    @Test func hugosRelativeAliasesAreBesideThePage() throws {
        let blog = try TestBlog(TestBlog.config + "permalink: /posts/:slug/\nrelative_aliases: page\n", [
            "posts/2019-03-01-new-name.md": TestBlog.post("title: New\naliases: [old-name, ../top-level, /absolute/]"),
            "pages/about.md": "---\ntitle: About\naliases: [who]\n---\nMe.\n",
        ])
        try blog.build()
        #expect(blog.page("posts/old-name/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("top-level/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("absolute/index.html")?.contains("https://example.com/posts/new-name/") == true)
        #expect(blog.page("who/index.html")?.contains("https://example.com/about/") == true)
    }

    @Test func anAliasThatClimbsAboveTheRootIsAnErrorAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config + "relative_aliases: page\n", [
            "posts/2019-03-01-new.md": TestBlog.post("title: New\naliases:\n  - ../../../../../etc/x"),
        ])
        #expect(blog.failure().map(\.description) == ["posts/2019-03-01-new.md:4: alias '../../../../../etc/x' climbs above the site's root"])
    }

    @Test func anAliasWhoseLastNameHoldsADotIsAFolderUnlessItIsAPageEnding() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-release.md": TestBlog.post("title: Release\naliases: [/releases/2.4.0, /notes/node.js, /old/page.php, /feed-old.xml, /OLD.HTML]"),
        ])
        try blog.build()
        for file in ["releases/2.4.0/index.html", "notes/node.js/index.html", "old/page.php", "feed-old.xml", "OLD.HTML"] {
            #expect(blog.page(file)?.contains("https://example.com/2019/03/01/release/") == true, "\(file)")
        }
        #expect(blog.page("releases/2.4.0") == nil)
    }

    @Test func aBadRelativeAliasesValueIsAnErrorAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config + "relative_aliases: section\n")
        let found = blog.failure().map(\.description)
        #expect(found.count == 1 && found[0].hasPrefix("galley.yml:7: relative_aliases must be 'root'"), "\(found)")
    }

    @Test func anEmptyTagInAListIsSkippedWithAWarning() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-tagged.md": "---\ntitle: Tagged\ntags:\n- \n- swift\n---\nText\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == ["posts/2019-03-01-tagged.md:4: an empty tag in the list (a '-' with nothing after it) is skipped"])
        #expect(blog.page("tags/swift/index.html") != nil)
        // Said again by a build that takes the post from the cache.
        #expect(try blog.build().warnings.map(\.description) == report.warnings.map(\.description))
    }

    @Test func aJekyllPostWithoutATitleTakesItFromItsFileName() throws {
        let blog = try TestBlog(TestBlog.config + "titles_from_file_names: true\n", [
            "posts/2016-05-02-my-OLD-name.md": "---\nlayout: post\n---\nText\n",
            "pages/about.md": "---\nlayout: page\n---\nMe.\n",
        ])
        #expect(blog.failure().map(\.description) == ["pages/about.md:1: missing title: add `title: …` to the front matter"])
        try blog.write("pages/about.md", "---\ntitle: About\n---\nMe.\n")
        try blog.build()
        #expect(blog.page("2016/05/02/my-OLD-name/index.html")?.contains("<title>My Old Name · Test Blog</title>") == true)
    }

    @Test func withoutTheSettingAMissingTitleStaysAnError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2016-05-02-name.md": "---\nlayout: post\n---\nText\n"])
        #expect(blog.failure().map(\.description) == ["posts/2016-05-02-name.md:1: missing title: add `title: …` to the front matter"])
    }

    @Test func liquidRunsUnlessTheSettingOrTOMLFrontMatterSaysOtherwise() throws {
        let sample = "`{{ site.title }}` and {{ site.title }}\n\n{% for x in (1..2) %}[{{ x }}]{% endfor %}\n\n{{< youtube abc >}}\n"
        let files = [
            "posts/2019-03-01-yaml.md": TestBlog.post("title: YAML", sample),
            "posts/2019-03-02-toml.md": "+++\ntitle = \"TOML\"\n+++\n" + sample,
        ]
        let unset = try TestBlog(TestBlog.config, files)
        try unset.build()
        let yaml = try #require(unset.page("2019/03/01/yaml/index.html"))
        #expect(yaml.contains("and Test Blog") && yaml.contains("[1][2]"))
        let toml = try #require(unset.page("2019/03/02/toml/index.html"))
        #expect(toml.contains("and {{ site.title }}") && toml.contains("{% for x in (1..2) %}[{{ x }}]{% endfor %}"))
        #expect(toml.contains("youtube-nocookie.com/embed/abc"))

        let off = try TestBlog(TestBlog.config + "liquid: false\n", files)
        try off.build()
        #expect(off.page("2019/03/01/yaml/index.html")?.contains("{% for x in (1..2) %}") == true)
        let on = try TestBlog(TestBlog.config + "liquid: true\n", files)
        try on.build()
        #expect(on.page("2019/03/02/toml/index.html")?.contains("[1][2]") == true)
    }
}
