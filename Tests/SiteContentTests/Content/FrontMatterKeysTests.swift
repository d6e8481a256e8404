import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct FrontMatterKeysTests {
    @Test func aKeyNearAKnownOneIsWarnedOfAtItsLine() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-post.md": "---\ntitle: Hello\ntgas:\n  - swift\nsumary: Short.\n---\n\nText.\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "posts/2019-10-08-post.md:3: unknown front matter key 'tgas': did you mean 'tags'? (a key Galley does not know is only read by layouts, as page.params.tgas)",
            "posts/2019-10-08-post.md:5: unknown front matter key 'sumary': did you mean 'summary'? (a key Galley does not know is only read by layouts, as page.params.sumary)",
        ])
    }

    /// `summary: #1 in sales` sets no summary: YAML reads a comment.
    @Test func aValueThatIsACommentIsWarnedOf() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": TestBlog.post("title: Hello\nsummary: #1 in sales\nweight:")])
        #expect(try blog.build().warnings.map(\.description) == [
            "posts/2019-10-08-post.md:3: '#' starts a comment in YAML, so this line sets no summary: put the summary in quotes"
        ])
    }

    @Test func tomlAndJSONKeysAreFoundAtTheirLines() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-toml.md": "+++\ntitle = \"T\"\ntgas = [\"a\"]\n+++\nText.\n",
            "posts/2019-10-09-json.md": "{\n  \"title\": \"J\",\n  \"sumary\": \"a\"\n}\nText.\n",
        ])
        let warnings = try blog.build().warnings.map { "\($0.path):\($0.line ?? 0)" }
        #expect(warnings.sorted() == ["posts/2019-10-08-toml.md:3", "posts/2019-10-09-json.md:3"])
    }

    /// Blogs carry keys of their own, and other generators': none of them is a slip.
    @Test func keysFarFromAnyKnownOneAreTheBlogsOwn() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-post.md": TestBlog.post("title: Hello\nhero: a.png\nimages: [a.png]\nmood: fine\ntoc: true\nkeywords: [a]"),
        ])
        #expect(try blog.build().warnings.isEmpty)
    }

    /// A misspelt title leaves the post without one: the error says which line meant it.
    @Test func aMisspeltTitleIsNamedInTheMissingTitleError() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": TestBlog.post("date: 2019-10-08\ntitel: Hello")])
        #expect(blog.failure().map(\.description) == [
            "posts/2019-10-08-post.md:3: missing title: this line sets 'titel': did you mean 'title'?"
        ])
    }

    /// Said again by a build that takes the post from the cache.
    @Test func theWarningIsSaidAgainFromTheCache() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-post.md": TestBlog.post("title: Hello\ntgas: [a]")])
        let cache = blog.root.appending(path: ".galley-cache")
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let first = try builder.build(into: blog.output, cache: cache)
        try blog.write("pages/about.md", TestBlog.post("title: About"))
        let second = try builder.build(into: blog.output, cache: cache)
        #expect(second.written > 0)
        #expect(first.warnings.map(\.description) == second.warnings.map(\.description))
        #expect(second.warnings.first?.line == 3)
        #expect(second.warnings.first?.excerpt?.text.contains("> 3 | tgas: [a]\n    | ^") == true)
    }
}
