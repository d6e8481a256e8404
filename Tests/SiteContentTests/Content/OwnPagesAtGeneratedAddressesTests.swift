import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A page of the blog at an address Galley fills itself wins, as in Jekyll and Hugo.
@Suite struct OwnPagesAtGeneratedAddressesTests {
    @Test func theBlogsOwn404AndArchivePagesArePublishedWithANote() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": TestBlog.post("title: One"),
            "pages/404.md": "---\ntitle: Lost\npermalink: /404.html\n---\nNothing here, friend.\n",
            "pages/archive.md": "---\ntitle: Everything\n---\nMy own archive.\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.map(\.description).sorted() == [
            "pages/404.md: published at /404.html, where Galley would put the 404 page; this page is published instead",
            "pages/archive.md: published at /archive/index.html, where Galley would put the archive page; this page is published instead",
        ])
        #expect(blog.page("404.html")?.contains("Nothing here, friend.") == true)
        #expect(blog.page("archive/index.html")?.contains("My own archive.") == true)
        #expect(blog.page("2019/03/01/one/index.html") != nil)
    }

    @Test func aPageAtTheRootIsTheHomePageWithoutANote() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": TestBlog.post("title: One"),
            "pages/index.md": "---\ntitle: Welcome\npermalink: /\n---\nStart here.\n",
        ])
        let report = try blog.build()
        #expect(report.warnings.isEmpty)
        #expect(blog.page("index.html")?.contains("Start here.") == true)
        // The other home pages are still Galley's lists.
        #expect(blog.page("2019/03/01/one/index.html") != nil)
    }

    @Test func twoOfTheBlogsOwnFilesAtOneAddressStayAnError() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-03-01-one.md": TestBlog.post("title: One\naliases: [/archive/]"),
            "pages/archive.md": "---\ntitle: Everything\n---\nMine.\n",
        ])
        #expect(blog.failure().count == 1)
    }
}
