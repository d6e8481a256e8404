import Foundation
import SiteSource
import Testing

/// A blog held in memory reads as the same files would on disk, and its state moves with them.
@Suite struct MemorySourceTests {
    static let blog = [
        "galley.yml": "title: Memory\n",
        "posts/b.md": "B",
        "posts/a.md": "A",
        "posts/2019/c.md": "C",
        "posts/.DS_Store": "litter",
        "posts/draft.md~": "an editor's backup",
        "postscript.md": "beside the folder, not in it",
        "static/.git/config": "litter too",
        "static/logo.svg": "<svg/>",
    ]

    @Test func listsTheFilesBelowAFolderSortedAndWithoutLitter() throws {
        let source = MemorySource(Self.blog)
        #expect(try source.files(under: "posts") == ["posts/2019/c.md", "posts/a.md", "posts/b.md"])
        #expect(try source.files(under: "posts/2019") == ["posts/2019/c.md"])
        #expect(try source.files(under: "static") == ["static/logo.svg"])
        #expect(try source.files(under: "") == ["galley.yml", "posts/2019/c.md", "posts/a.md", "posts/b.md", "postscript.md", "static/logo.svg"])
        #expect(try source.files(under: "pages").isEmpty)
        #expect(try source.files(under: "galley.yml").isEmpty)
    }

    @Test func listsWhatTheSameFilesOnDiskList() throws {
        let folder = try FolderOnDisk(Self.blog)
        let memory = MemorySource(Self.blog), disk = DirectorySource(root: folder.root)
        for directory in ["", "posts", "posts/2019", "static", "pages", "galley.yml"] {
            #expect(try memory.files(under: directory) == disk.files(under: directory), "\(directory)")
        }
    }

    @Test func readsWhatItHoldsAndNamesAFileItDoesNotHold() throws {
        let source = MemorySource(files: ["static/photo.jpg": Data([0xFF, 0xD8, 0x00]), "posts/é.md": Data("héllo".utf8)])
        #expect(try source.contents(of: "static/photo.jpg") == Data([0xFF, 0xD8, 0x00]))
        #expect(try MemorySource(["posts/é.md": "héllo"]).contents(of: "posts/é.md") == source.contents(of: "posts/é.md"))
        #expect(source.fileExists("static/photo.jpg"))
        #expect(!source.fileExists("static"))
        expectNotFound("static/none.jpg", in: source)
    }

    @Test func aFileVersionIsItsBytes() {
        let source = MemorySource(["a.md": "same", "b.md": "same", "c.md": "other"])
        let a = source.version(of: "a.md")
        #expect(a != nil)
        #expect(a == source.version(of: "b.md"))
        #expect(a != source.version(of: "c.md"))
        #expect(a?.changed == 0)
        #expect(source.version(of: "none.md") == nil)
    }

    @Test func theStateChangesWithEveryFileUnderTheRootsAndNothingElse() throws {
        let roots = ["galley.yml", "posts", "static"]
        let source = MemorySource(Self.blog)
        func state(_ change: (inout MemorySource) -> Void) throws -> SourceState? {
            var changed = source
            change(&changed)
            return try changed.state(of: roots)
        }
        let unchanged = try #require(try source.state(of: roots))
        #expect(unchanged.newestChange == 0)
        #expect(try state { _ in } == unchanged)
        #expect(try state { $0.files["posts/a.md"] = Data("A, edited".utf8) } != unchanged)
        #expect(try state { $0.files["galley.yml"] = Data("title: Renamed\n".utf8) } != unchanged)
        #expect(try state { $0.files["posts/d.md"] = Data("D".utf8) } != unchanged)
        #expect(try state { $0.files["posts/a.md"] = nil } != unchanged)
        #expect(try state { $0.files["posts/z.md"] = $0.files.removeValue(forKey: "posts/a.md") } != unchanged)
        // Outside the roots, or litter: nothing a build reads.
        #expect(try state { $0.files["pages/about.md"] = Data("About".utf8) } == unchanged)
        #expect(try state { $0.files["postscript.md"] = Data("edited".utf8) } == unchanged)
        #expect(try state { $0.files["posts/.DS_Store"] = Data("new litter".utf8) } == unchanged)
    }
}
