import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Categories and a post's own address, edited between builds that reuse the cache, give what
/// a build from nothing gives.
extension IncrementalBuildTests {
    @Test func categoryEditsGiveTheSameSiteAsAFullBuild() throws {
        try blog.write("galley.yml", TestBlog.config + "permalink: /:categories/:year/:month/:day/:slug/\n")
        try incremental()
        try blog.expectSameAsFullBuild("no categories")
        #expect(blog.page("categories/index.html") == nil)

        try blog.write("posts/2019-10-04-post-4.md", TestBlog.post("title: Post 4\ncategories: [News]\ntags: [alpha]", "Opening of 4."))
        try incremental()
        try blog.expectSameAsFullBuild("add the first category")
        #expect(blog.page("news/2019/10/04/post-4/index.html") != nil)
        #expect(blog.page("categories/news/index.html")?.contains("Post 4") == true)

        try blog.write("posts/2019-10-08-post-8.md", TestBlog.post("title: Post 8\ncategory: News\ntags: [alpha]", "Opening of 8."))
        try incremental()
        try blog.expectSameAsFullBuild("add a post to the category")
        #expect(blog.page("categories/news/index.html")?.contains("Post 8") == true)

        // Zola's way: TOML, categories under [taxonomies], and a path of its own.
        try blog.write("posts/2019-10-09-post-9.md", "+++\ntitle = \"Post 9\"\npath = \"ninth\"\n[taxonomies]\ncategories = [\"News\"]\n+++\n\nOpening of 9.\n")
        try incremental()
        try blog.expectSameAsFullBuild("a Zola post")
        #expect(blog.page("ninth/index.html") != nil && blog.page("categories/news/index.html")?.contains("Post 9") == true)
        try blog.write("posts/2019-10-09-post-9.md", "+++\ntitle = \"Post 9\"\n+++\n\nOpening of 9.\n")
        try incremental()
        try blog.expectSameAsFullBuild("the Zola post loses its path and category")

        try blog.write("posts/2019-10-04-post-4.md", TestBlog.post("title: Post 4\ncategories: [Releases]\ntags: [alpha]", "Opening of 4."))
        try incremental()
        try blog.expectSameAsFullBuild("rename a post's category")
        #expect(blog.page("news/2019/10/04/post-4/index.html") == nil)
        #expect(blog.page("categories/news/index.html")?.contains("Post 4") == false)

        try blog.write("posts/2019-10-08-post-8.md", TestBlog.post("title: Post 8\ncategory: NEWS\ntags: [alpha]", "Opening of 8."))
        try incremental()
        try blog.expectSameAsFullBuild("respell a category")
        #expect(blog.page("categories/news/index.html")?.contains("NEWS") == true)

        try blog.write("posts/2019-10-08-post-8.md", TestBlog.post("title: Post 8\ntags: [alpha]", "Opening of 8."))
        try incremental()
        try blog.expectSameAsFullBuild("remove a category")
        #expect(blog.page("categories/news/index.html") == nil)

        try blog.remove("posts/2019-10-04-post-4.md")
        try incremental()
        try blog.expectSameAsFullBuild("remove the last post with a category")
        #expect(blog.page("categories/index.html") == nil)
    }

    @Test func ownAddressEditsGiveTheSameSiteAsAFullBuild() throws {
        try incremental()
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\npermalink: /fifth/\ntags: [alpha, odd, other]", "Opening of 5."))
        try incremental()
        try blog.expectSameAsFullBuild("give a post its own address")
        #expect(blog.page("fifth/index.html") != nil && blog.page("2019/10/05/post-5/index.html") == nil)

        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\npermalink: /:year/fifth.html\ntags: [alpha, odd, other]", "Opening of 5."))
        try incremental()
        try blog.expectSameAsFullBuild("change it to a file")
        #expect(blog.page("2019/fifth.html") != nil && blog.page("fifth/index.html") == nil)

        try blog.write("posts/2019-10-06-post-6.md", TestBlog.post("title: Post 6\nurl: /sixth/\ntags: [alpha, even, three]", "Opening of 6."))
        try blog.write("pages/about.md", TestBlog.post("title: About\nurl: /me/"))
        try incremental()
        try blog.expectSameAsFullBuild("a Hugo url on a post and a page")
        #expect(blog.page("me/index.html") != nil && blog.page("about/index.html") == nil)

        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5."))
        try incremental()
        try blog.expectSameAsFullBuild("back to the site's pattern")
        #expect(blog.page("2019/10/05/post-5/index.html") != nil)

        try blog.write("galley.yml", TestBlog.config + "lowercase_addresses: true\n")
        try blog.write("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7\nslug: Seventh-Post\ntags: [alpha]", "Opening of 7."))
        try incremental()
        try blog.expectSameAsFullBuild("lower-case addresses")
        #expect(blog.page("2019/10/07/seventh-post/index.html") != nil)
    }

    /// The sitemap dates a tag's or category's page by its newest post: when that post leaves
    /// it, and its address stays, the sitemap changes all the same.
    @Test func theSitemapFollowsTheNewestPostOfATerm() throws {
        try blog.write("posts/2019-10-04-post-4.md", TestBlog.post("title: Post 4\ncategories: [News]\ntags: [alpha, even, other, shared]"))
        try blog.write("posts/2019-10-08-post-8.md", TestBlog.post("title: Post 8\ncategories: [News]\ntags: [alpha, even, other, shared]"))
        try incremental()
        try blog.write("posts/2019-10-08-post-8.md", TestBlog.post("title: Post 8\ntags: [alpha, even, other]"))
        try incremental()
        try blog.expectSameAsFullBuild("the newest post leaves a tag and a category")
        let sitemap = try #require(blog.page("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.com/categories/news/</loc><lastmod>2019-10-04T00:00:00+02:00</lastmod>"))
        #expect(sitemap.contains("<loc>https://example.com/tags/shared/</loc><lastmod>2019-10-04T00:00:00+02:00</lastmod>"))
    }
}
