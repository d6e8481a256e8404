import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// A body is rendered with the theme's shortcodes and whatever layouts they include: an
    /// edit to an included layout, or one added where the theme had none, renders it again,
    /// excerpt and summary with it.
    @Test func aLayoutAShortcodeIncludesRendersItsBodiesAgain() throws {
        try blog.write("layouts/shortcodes/note.mustache", "<span class=\"note\">{{args.0}} {{> aside}}</span>")
        try blog.write("layouts/aside.mustache", "first aside")
        try blog.write("posts/2019-10-20-noted.md", TestBlog.post("title: Noted", "Hello {{< note hi >}} there.\n\nMore."))
        try incremental()
        try edit("layouts/aside.mustache", "second aside", "a layout a shortcode includes, edited")
        #expect(blog.page("index.html")?.contains("hi second aside") == true)

        // One of the default theme's, which the blog then makes its own.
        try blog.write("layouts/shortcodes/note.mustache", "<span class=\"note\">{{args.0}} {{> aside}} {{> head-extra}}</span>")
        try incremental()
        try edit("layouts/head-extra.mustache", "in the margin", "a layout a shortcode includes, the blog's own now")
        #expect(blog.page("index.html")?.contains("second aside in the margin") == true)
    }

    /// Bodies print links under the base URL's path, and `site.url`: a build given another
    /// base URL than the last renders them again, excerpts and summaries with them.
    @Test func anotherBaseURLRendersTheBodiesAgain() throws {
        try blog.write("posts/2019-10-20-based.md", TestBlog.post("title: Based", "See [the about page](/about/) at {{ site.url }}.\n\nMore."))
        let options = blog.options(baseURL: "https://example.org/blog/")
        var builder = SiteBuilder(source: blog.source, options: options)
        builder.racyMargin = 0
        try builder.build(into: blog.output, cache: cache)
        Thread.sleep(forTimeInterval: 0.03)
        try incremental()
        try blog.expectSameAsFullBuild("the config's base URL after another")
        #expect(blog.page("index.html")?.contains(#"<a href="/about/">"#) == true)
    }
}
