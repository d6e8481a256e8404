import Foundation
import SiteTestSupport
import Testing

@testable import FrontMatter
@testable import SiteCompiler

/// TOML (`+++`, Hugo and Zola) and JSON (Hugo) front matter mean what the same YAML means.
@Suite struct FrontMatterFormatsTests {
    static let yaml = """
        ---
        title: "Ports: a \\"quoted\\" title"
        date: 2019-10-08T09:30:00+02:00
        tags: [swift, iPad]
        summary: The short of it.
        draft: false
        aliases: [/old/]
        mood: calm
        ---
        A body with **bold** text.
        """
    static let toml = #"""
        +++
        title = 'Ports: a "quoted" title'
        date = 2019-10-08T09:30:00+02:00
        tags = ["swift", "iPad"]
        summary = """
        The short of it."""
        draft = false
        aliases = ["/old/"]
        mood = "calm"
        +++
        A body with **bold** text.
        """#
    static let json = #"""
        {
          "title": "Ports: a \"quoted\" title",
          "date": "2019-10-08T09:30:00+02:00",
          "tags": ["swift", "iPad"],
          "summary": "The short of it.",
          "draft": false,
          "aliases": ["/old/"],
          "mood": "calm"
        }
        A body with **bold** text.
        """#

    @Test(arguments: [("toml", toml), ("json", json)])
    func aPostReadsTheSameInEveryLanguage(name: String, text: String) throws {
        let expected = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": Self.yaml])
        try expected.build()
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": text])
        try blog.build()
        for path in ["2019/10/08/post/index.html", "index.html", "old/index.html", "tags/ipad/index.html", "feed.xml"] {
            let page = try #require(blog.page(path), "\(name): \(path)")
            #expect(page == expected.page(path), "\(name): \(path) differs from the YAML post's")
        }
    }

    @Test func tomlTablesAndDatesBecomeValues() throws {
        let fields = try FrontMatter.split("""
            +++
            title = "T"
            date = 2019-04-25
            time = 07:32:00
            local = 2019-04-25T09:00:00.5
            n = 3
            x = 1.5
            [taxonomies]
            categories = ["news", "web"]
            [[links]]
            url = "/a/"
            +++
            body
            """, path: "p.md").fields
        #expect(fields["date"]?.string == "2019-04-25")
        #expect(fields["time"]?.string == "07:32:00")
        #expect(fields["local"]?.string == "2019-04-25T09:00:00.500000000")
        #expect(fields["n"]?.int == 3)
        #expect(fields["x"]?.string == "1.5")
        #expect(fields["taxonomies"]?["categories"]?.items?.compactMap(\.string) == ["news", "web"])
        #expect(fields["links"]?.items?.first?["url"]?.string == "/a/")
        // Keys keep the order and the lines they were written on (the file's, the fence being line 1).
        #expect(fields.pairs?.map(\.key) == ["title", "date", "time", "local", "n", "x", "taxonomies", "links"])
        #expect(fields.pairs?.map(\.value.line) == [2, 3, 4, 5, 6, 7, 8, 10])
    }

    @Test func problemsAreReportedAtTheirLines() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-toml-syntax.md": "+++\ntitle = \"A\"\ntags = [\"a\",\nweight = \n+++\nText\n",
            "posts/2019-10-08-toml-value.md": "+++\ntitle = \"B\"\ndescription = \"\"\"\nnot = a key\n\"\"\"\ndate = \"next tuesday\"\n+++\nText\n",
            "posts/2019-10-08-toml-open.md": "+++\ntitle = \"C\"\nText\n",
            "posts/2019-10-08-json-syntax.md": "{\n  \"title\": \"D\",\n  \"date\": 2019-10-08\n}\nText\n",
            "posts/2019-10-08-json-twice.md": "{\n  \"title\": \"E\",\n  \"title\": \"F\"\n}\nText\n",
            "posts/2019-10-08-json-open.md": "{\n  \"title\": \"G\",\n\nText\n",
        ])
        let found = Set(blog.failure().map(\.description))
        #expect(found == [
            "posts/2019-10-08-toml-syntax.md:4: TOML front matter: Error while parsing value: could not determine value type",
            "posts/2019-10-08-toml-value.md:6: 'date' is not a date: 'next tuesday'; write 2019-10-08, 2019-10-08 01:34 or 2019-10-08T01:34:00+02:00",
            "posts/2019-10-08-toml-open.md:1: front matter not closed: the '+++' here has no closing '+++' line",
            "posts/2019-10-08-json-syntax.md:3: JSON front matter: expected a value but found '2019-10-08'",
            "posts/2019-10-08-json-twice.md:3: JSON front matter: 'title' is given twice",
            "posts/2019-10-08-json-open.md:4: JSON front matter: expected a key in double quotes but found 'T'",
        ])
    }

    @Test func anEditedTOMLPostRebuildsAsAFullBuildWould() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-one.md": "+++\ntitle = \"One\"\ntags = [\"a\"]\n+++\nFirst.\n",
            "posts/2019-10-09-two.md": "+++\ntitle = \"Two\"\ntags = [\"a\", \"b\"]\n+++\nSecond.\n",
        ])
        let cache = blog.root.appending(path: ".galley-cache")
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        try blog.write("posts/2019-10-08-one.md", "+++\ntitle = \"One, retitled\"\ntags = [\"b\"]\n+++\nFirst.\n")
        try SiteBuilder(source: blog.source, options: blog.options()).build(into: blog.output, cache: cache)
        #expect(blog.page("tags/b/index.html")?.contains("One, retitled") == true)
        try blog.expectSameAsFullBuild("after a TOML edit")
    }
}
