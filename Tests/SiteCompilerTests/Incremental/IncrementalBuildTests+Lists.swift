import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

extension IncrementalBuildTests {
    /// The archive groups posts by year whether or not its layout shows their dates: a post
    /// moved to another year moves there, under addresses without a date.
    @Test func anArchiveThatShowsNoDatesFollowsAPostToAnotherYear() throws {
        try blog.write("galley.yml", TestBlog.config + "permalink: /:slug/\n")
        try blog.write("layouts/archive.mustache", "{{#years}}<h2>{{year}} {{count}}</h2>{{#posts}}<a href=\"{{url}}\">{{title}}</a>{{/posts}}{{/years}}\n")
        try incremental()
        // The oldest post, older still: the order of the posts is the same.
        try edit("posts/2019-10-01-post-1.md", TestBlog.post("title: Post 1\ndate: 2018-10-01\ntags: [alpha, odd, other]", "Opening of 1.\n\nMore of 1."),
                 "a post moved to another year")
        #expect(blog.page("archive/index.html")?.contains("<h2>2018 1</h2>") == true)
    }

    /// A link to a part of the post in its excerpt leads to the post's address, which under
    /// `.html` addresses is not its folder: a list showing excerpts alone follows a new slug.
    @Test func anExcerptsLinkToAPartOfItsPostFollowsANewSlug() throws {
        try blog.write("galley.yml", TestBlog.config + "permalink: /:year/:slug.html\n")
        try blog.write("layouts/home.mustache", "{{#posts}}<div>{{{excerpt}}}</div>{{/posts}}\n")
        try blog.write("posts/2019-10-20-part.md", TestBlog.post("title: Part\nslug: one", "See [below](#below).\n\n## Below"))
        try incremental()
        try edit("posts/2019-10-20-part.md", TestBlog.post("title: Part\nslug: two", "See [below](#below).\n\n## Below"), "a new slug under .html addresses")
        #expect(blog.page("index.html")?.contains("/2019/two.html#below") == true)
    }
}
