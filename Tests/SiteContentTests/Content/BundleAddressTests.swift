import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// A post or page folder that gives itself an address takes its files there.
@Suite struct BundleAddressTests {
    @Test func theFilesOfAFolderWithItsOwnAddressArePublishedBesideIt() throws {
        let blog = try TestBlog(TestBlog.config + "lowercase_addresses: true\n", [
            "pages/projects/index.md": "+++\ntitle = \"Work\"\npath = \"work\"\n+++\n![a](Photo.PNG)\n",
            "pages/projects/Photo.PNG": "png",
            "pages/projects/shots/b.png": "png",
            "pages/plain/index.md": "---\ntitle: Plain\n---\nText\n",
            "pages/plain/C.png": "png",
            "pages/loose.txt": "text",
            "posts/trip/index.md": "---\ntitle: Trip\ndate: 2020-01-01\npermalink: /travel/trip/\n---\n![x](x.jpg)\n",
            "posts/trip/x.jpg": "jpg",
        ])
        try blog.build()
        #expect(blog.page("work/photo.png") == "png")
        #expect(blog.page("work/shots/b.png") == "png")
        #expect(blog.page("projects/photo.png") == nil && blog.page("projects/Photo.PNG") == nil)
        #expect(blog.page("plain/c.png") == "png")
        #expect(blog.page("loose.txt") == "text")
        #expect(blog.page("travel/trip/x.jpg") == "jpg")
        #expect(blog.page("trip/x.jpg") == nil)
        try blog.write("pages/projects/Photo.PNG", "new")
        try blog.build()
        #expect(blog.page("work/photo.png") == "new")
    }
}
