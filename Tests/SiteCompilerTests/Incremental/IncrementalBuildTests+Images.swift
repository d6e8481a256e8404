import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// A page holds its pictures' sizes: a picture replaced by one of another size renders the
    /// pages that show it again, and only those.
    @Test func aPictureOfAnotherSizeRendersThePagesThatShowIt() throws {
        try blog.write("posts/2019-10-13-photo.md", TestBlog.post("title: Photo", "![Wide](/images/wide.png)"))
        try blog.write("static/images/wide.png", Data(TestPictures.png(1200, 600)))
        try incremental()
        let page = "2019/10/13/photo/index.html"
        #expect(blog.page(page)?.contains(#"width="1200" height="600""#) == true)
        let other = stamp("2019/10/12/post-12/index.html")

        try blog.write("static/images/wide.png", Data(TestPictures.png(800, 200)))
        try incremental()
        #expect(blog.page(page)?.contains(#"alt="Wide" width="800" height="200" loading="lazy""#) == true, "\(blog.page(page) ?? "")")
        #expect(stamp("2019/10/12/post-12/index.html") == other, "a page without the picture is kept")
        try blog.expectSameAsFullBuild("a picture of another size")
    }

    /// The 404 page of a layout that shows the newest posts' excerpts holds their pictures'
    /// sizes, as every other list does.
    @Test func theNotFoundPageFollowsAPictureItsExcerptsShow() throws {
        try blog.write("layouts/404.mustache", "{{#posts}}<li>{{title}} {{{excerpt}}}</li>{{/posts}}\n")
        try blog.write("posts/2019-10-20-picture.md", TestBlog.post("title: Picture", "Hello ![Tall](/images/tall.png) there."))
        try expectResizedPicture(on: "404.html", "a picture of another size in the 404 page's excerpts")
    }

    /// A summary written in front matter is the excerpt lists show: a picture only it shows
    /// holds its size there too.
    @Test func anExcerptFollowsAPictureOnlyItsWrittenSummaryShows() throws {
        try blog.write("posts/2019-10-20-summary.md", TestBlog.post("title: Summary\nsummary: \"Look ![Tall](/images/tall.png)\"", "A body without pictures."))
        try expectResizedPicture(on: "index.html", "a picture of another size in a written summary")
    }

    /// Builds with `/images/tall.png` 10 by 20, then 30 by 40, and expects the second size on
    /// `page` and the same site as a full build.
    private func expectResizedPicture(on page: String, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try blog.write("static/images/tall.png", Data(TestPictures.png(10, 20)))
        try incremental()
        try blog.write("static/images/tall.png", Data(TestPictures.png(30, 40)))
        try incremental()
        try blog.expectSameAsFullBuild(step, sourceLocation: sourceLocation)
        #expect(blog.page(page)?.contains(#"width="30" height="40""#) == true, sourceLocation: sourceLocation)
    }
}
