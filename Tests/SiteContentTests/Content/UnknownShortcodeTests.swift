import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A shortcode Galley does not have is printed as written and said once for its name.
@Suite struct UnknownShortcodeTests {
    @Test func itIsPrintedAsWrittenAndSaidOncePerNameWithThreePlaces() throws {
        var files: [String: String] = [:]
        for day in 1...5 {
            files["posts/2019-03-0\(day)-p.md"] = TestBlog.post("title: P\(day)", "{{< notice kind=\"warning note\" id='x' >}}Careful{{< /notice >}}\n\n{{% plotly  a=\"1\"  %}}\n")
        }
        let blog = try TestBlog(TestBlog.config, files)
        let report = try blog.build()
        #expect(report.warnings.map(\.description) == [
            "posts/2019-03-01-p.md:5: the shortcode 'notice' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/notice.mustache to give it one) (and 4 other places: posts/2019-03-02-p.md:5, posts/2019-03-03-p.md:5, …)",
            "posts/2019-03-01-p.md:7: the shortcode 'plotly' is not one Galley has (figure, highlight, ref, relref, youtube, vimeo, gist) nor one of the theme's; it is printed as written (add layouts/shortcodes/plotly.mustache to give it one) (and 4 other places: posts/2019-03-02-p.md:7, posts/2019-03-03-p.md:7, …)",
        ])
        let page = try #require(blog.page("2019/03/01/p/index.html"))
        #expect(page.contains("{{&lt; notice kind=&quot;warning note&quot; id='x' &gt;}}Careful{{&lt; /notice &gt;}}")
            || page.contains("{{&lt; notice kind=\"warning note\" id='x' &gt;}}Careful{{&lt; /notice &gt;}}"))
        #expect(page.contains("{{% plotly  a=\"1\"  %}}") || page.contains("{{% plotly  a=&quot;1&quot;  %}}"))
    }
}
