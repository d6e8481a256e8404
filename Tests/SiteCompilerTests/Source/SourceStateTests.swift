import Foundation
import SiteSource
import Testing

@testable import SiteCompiler

/// A folder's state lists its files exactly as listing each root would, so a build can take the
/// list from the state instead of walking the folders twice.
@Suite struct SourceStateTests {
    @Test func theStateListsWhatEachRootHolds() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2019-10-01-one.md": TestBlog.post("title: One"),
            "posts/2019-10-02-two/index.md": TestBlog.post("title: Two"),
            "posts/2019-10-02-two/photo.jpg": "jpeg",
            "posts/.DS_Store": "litter",
            "static/a-b.txt": "dash",
            "static/a/b.txt": "slash",
            "pages/about.md": TestBlog.post("title: About"),
        ])
        // A folder linked into a second root is listed under both, and a link back up is not followed forever.
        #expect(symlink(blog.root.appending(path: "posts/2019-10-02-two").path, blog.root.appending(path: "static/two").path) == 0)
        #expect(symlink(blog.root.appending(path: "static").path, blog.root.appending(path: "static/a/up").path) == 0)

        let source = DirectorySource(root: blog.root)
        let state = try #require(try source.state(of: SiteBuilder.inputs))
        let files = try #require(state.files)
        for root in ["posts", "pages", "static", "layouts"] {
            let listed = try source.files(under: root)
            #expect(files.filter { $0.hasPrefix(root + "/") }.sorted() == listed, "\(root)")
        }
        #expect(files.contains("static/two/photo.jpg"))
        #expect(!files.contains("posts/.DS_Store"))
        #expect(Set(files) == Set(state.versions.keys))
    }
}
