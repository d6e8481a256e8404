import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct MisnamedLayoutsTests {
    @Test func filesNamedForAnotherGeneratorAreWarnedOf() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-a.md": TestBlog.post("title: A"),
            "layouts/post.html": "<h1>{{ page.title }}</h1>",
            "layouts/_default/single.html": "{{ .Title }}",
            "layouts/default.html": "{{ content }}",
            "layouts/Page.mustache": "{{page.title}}",
            "layouts/own-thing.html": "<p>kept</p>",
            "layouts/gallery.mustache": "{{page.title}}",
            "layouts/shortcodes/plotly.html": "<div>{{ .Get 0 }}</div>",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "layouts/Page.mustache: this file is not read as a layout (layout names are lower-case): the page layout Galley looks for is layouts/page.mustache",
            "layouts/_default/single.html: this file is not read as a layout (Galley reads Mustache layouts, named NAME.mustache): the post layout Galley looks for is layouts/post.mustache",
            "layouts/default.html: this file is not read as a layout (Galley reads Mustache layouts, named NAME.mustache): the base layout Galley looks for is layouts/base.mustache",
            "layouts/post.html: this file is not read as a layout (Galley reads Mustache layouts, named NAME.mustache): the post layout Galley looks for is layouts/post.mustache",
            "layouts/shortcodes/plotly.html: this file is not read as a shortcode (Galley reads Mustache layouts, named NAME.mustache): the 'plotly' shortcode Galley looks for is layouts/shortcodes/plotly.mustache",
        ])
    }

    /// A blog that has the layout already keeps its leftover files to itself.
    @Test func noWordWhenTheLayoutIsThere() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-a.md": TestBlog.post("title: A"),
            "layouts/post.html": "<h1>{{ page.title }}</h1>",
            "layouts/post.mustache": "{{<base}}{{$main}}{{{page.content}}}{{/main}}{{/base}}",
        ])
        #expect(try blog.build().warnings.isEmpty)
    }

    @Test func anUnclosedSectionIsNamedWhereItOpens() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-08-a.md": TestBlog.post("title: A"),
            "layouts/footer.mustache": "<footer>\n{{#site.title}}\n  <p>{{site.title}}</p>\n  {{#page.tags}}<b>{{name}}</b>\n{{/site.title}}\n</footer>\n",
        ])
        let found = blog.failure()
        #expect(found.map(\.description) == [
            "layouts/footer.mustache:5: '{{/site.title}}' closes '{{#page.tags}}', opened on line 4: close it with {{/page.tags}} first"
        ])
        #expect(found.first?.column == 1)

        try blog.write("layouts/footer.mustache", "<footer>\n  {{#site.title}}\n<p>{{site.title}}</p>\n</footer>\n")
        let unclosed = blog.failure()
        #expect(unclosed.map(\.description) == [
            "layouts/footer.mustache:2: '{{#site.title}}' opened here is never closed: add {{/site.title}} where it ends"
        ])
        #expect(unclosed.first?.column == 3)
        #expect(unclosed.first?.excerpt?.text == "  1 | <footer>\n> 2 |   {{#site.title}}\n    |   ^\n  3 | <p>{{site.title}}</p>")
    }
}
