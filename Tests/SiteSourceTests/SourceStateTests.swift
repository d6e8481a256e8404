import Foundation
import SiteSource
import Testing

/// A folder's state lists its files exactly as listing each root would, so a build can take the
/// list from the state instead of walking the folders twice.
@Suite struct SourceStateTests {
    @Test func theStateListsWhatEachRootHolds() throws {
        let folder = try FolderOnDisk([
            "galley.yml": "title: State\n",
            "posts/2019-10-01-one.md": "One",
            "posts/2019-10-02-two/index.md": "Two",
            "posts/2019-10-02-two/photo.jpg": "jpeg",
            "posts/.DS_Store": "litter",
            "static/a-b.txt": "dash",
            "static/a/b.txt": "slash",
            "pages/about.md": "About",
        ])
        // A folder linked into a second root is listed under both, and a link back up is not followed forever.
        #expect(folder.link("static/two", to: "posts/2019-10-02-two"))
        #expect(folder.link("static/a/up", to: "static"))
        // Two links to one folder are two folders of the blog; one holding a link back to itself
        // is not followed round it.
        #expect(folder.link("static/first", to: "static/a"))
        #expect(folder.link("static/second", to: "static/a"))

        let source = DirectorySource(root: folder.root)
        let roots = ["posts", "pages", "static", "layouts"]
        let state = try #require(try source.state(of: ["galley.yml"] + roots))
        let files = try #require(state.files)
        for root in roots {
            let listed = try source.files(under: root)
            #expect(files.filter { $0.hasPrefix(root + "/") }.sorted() == listed, "\(root)")
        }
        #expect(files.contains("galley.yml"))
        #expect(files.contains("static/two/photo.jpg"))
        #expect(files.contains("static/first/b.txt") && files.contains("static/second/b.txt") && files.contains("static/a/b.txt"))
        #expect(!files.contains { $0.hasPrefix("static/a/up/") || $0.hasPrefix("static/first/up/a/") })
        #expect(!files.contains("posts/.DS_Store"))
        #expect(Set(files) == Set(state.versions.keys))
    }

    /// Links that lead into each other twice at each level would list a number of files that
    /// doubles with each level: a folder reached through too many links is an error naming it.
    @Test func aFolderReachedThroughTooManyLinksIsAnError() throws {
        var files = ["galley.yml": "title: Links\n", "level0/end.txt": "end"]
        for level in 1...6 { files["level\(level)/.keep"] = "" }
        let folder = try FolderOnDisk(files)
        for level in 1...6 {
            #expect(folder.link("level\(level)/a", to: "level\(level - 1)"))
            #expect(folder.link("level\(level)/b", to: "level\(level - 1)"))
        }
        #expect(folder.link("static", to: "level6"))
        let source = DirectorySource(root: folder.root)
        #expect(throws: SourceTreeError.self) { try source.files(under: "static") }
        #expect(throws: SourceTreeError.self) { try source.state(of: ["static"]) }
        // Four levels reach the last folder sixteen times: listed, each time.
        #expect(try source.files(under: "level4").filter { $0.hasSuffix("/end.txt") }.count == 16)
    }

    /// A folder of many folders (a blog whose posts are folders) is walked on every core: the
    /// state lists what the folder holds all the same, is the same each time, and moves with a
    /// file deep in it.
    @Test func aFolderOfManyFoldersGivesTheSameStateAsListing() throws {
        var files = ["galley.yml": "title: Folders\n"]
        for number in 0..<100 {
            files["posts/2019-10-08-post-\(number)/index.md"] = "Post \(number)"
            files["posts/2019-10-08-post-\(number)/photo.jpg"] = "jpeg \(number)"
        }
        let folder = try FolderOnDisk(files)
        let source = DirectorySource(root: folder.root)
        let state = try #require(try source.state(of: ["posts"]))
        #expect(try #require(state.files).sorted() == source.files(under: "posts"))
        #expect(Set(state.versions.keys) == Set(try source.files(under: "posts")))
        #expect(try source.state(of: ["posts"])?.digest == state.digest)
        Thread.sleep(forTimeInterval: 0.02)
        try Data("jpeg, edited".utf8).write(to: folder.root.appending(path: "posts/2019-10-08-post-57/photo.jpg"))
        #expect(try source.state(of: ["posts"])?.digest != state.digest)
    }
}
