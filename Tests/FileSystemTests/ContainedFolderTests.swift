import FileSystem
import Foundation
import Testing

/// Whatever a path says and whatever links were planted, nothing leaves the folder.
@Suite struct ContainedFolderTests {
    /// A scratch folder holding `inside`, which the tests contain, and `outside/secret.txt`.
    static func folders() throws -> (ScratchFolder, ContainedFolder) {
        let scratch = try ScratchFolder()
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "inside"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "outside"), withIntermediateDirectories: false)
        try Data("secret".utf8).write(to: scratch.url.appending(path: "outside/secret.txt"))
        return (scratch, try ContainedFolder(opening: scratch.path + "/inside"))
    }

    static func secret(_ scratch: ScratchFolder) -> String? {
        FileManager.default.contents(atPath: scratch.path + "/outside/secret.txt").map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func writesReadsRenamesAndListsBelowTheFolder() throws {
        let (scratch, folder) = try Self.folders()
        try folder.makeFolder("a")
        try folder.makeFolder("a/b")
        try folder.makeFolder("a/b")
        let written = try folder.write(Data("page".utf8), to: "a/b/page.html")
        #expect(written?.st_size == 4)
        #expect(folder.read("a/b/page.html") == Array("page".utf8))
        #expect(folder.holds("a/b/page.html", Data("page".utf8)))
        #expect(!folder.holds("a/b/page.html", Data("pages".utf8)))
        try folder.rename("a/b/page.html", over: "a/index.html")
        #expect(folder.kind(of: "a/b/page.html") == 0)
        #expect(folder.kind(of: "a/index.html") == S_IFREG)
        let listing = folder.listing()
        #expect(listing.files == ["a/index.html"])
        #expect(listing.folders == ["a", "a/b"])
        #expect(Self.secret(scratch) == "secret")
    }

    /// A blog's output: more names in one folder than one read of the kernel's entries holds,
    /// a folder for each, and a link that is listed and never entered.
    @Test func aBigTreeIsListedWholeAndNoLinkIsEntered() throws {
        let (scratch, folder) = try Self.folders()
        try folder.makeFolder("posts")
        let names = (0..<1000).map { "a-post-whose-name-is-long-enough-to-fill-pages-\($0)-été" }
        for name in names {
            try folder.makeFolder("posts/" + name)
            _ = try folder.write(Data("page".utf8), to: "posts/\(name)/index.html")
        }
        #expect(symlink(scratch.path + "/outside", scratch.path + "/inside/posts/elsewhere") == 0)
        let listing = folder.listing()
        #expect(listing.files == Set(names.map { "posts/\($0)/index.html" } + ["posts/elsewhere"]))
        #expect(listing.folders.count == names.count + 1)
        #expect(Set(listing.folders) == Set(["posts"] + names.map { "posts/" + $0 }))
        // Parents come before their children, so a reversed walk removes children first.
        #expect(listing.folders.first == "posts")
        let posts = open(scratch.path + "/inside/posts", O_RDONLY | O_DIRECTORY)
        defer { close(posts) }
        #expect(FolderEntries.read(fresh: posts)?.count == names.count + 1)
    }

    @Test func aFolderOfItsOwnTreeIsMadeByItsWholePathButNeverOutside() throws {
        let (scratch, folder) = try Self.folders()
        #expect(folder.makeFolder(inOwnTree: "a"))
        #expect(folder.makeFolder(inOwnTree: "a/b"))
        #expect(folder.kind(of: "a/b") == S_IFDIR)
        // Made already, or with a parent missing: the careful way is then the caller's.
        #expect(!folder.makeFolder(inOwnTree: "a/b"))
        #expect(!folder.makeFolder(inOwnTree: "c/d"))
        #expect(!folder.makeFolder(inOwnTree: "../outside/made"))
        #expect(!folder.makeFolder(inOwnTree: "a/../../outside/made"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/outside/made"))
    }

    @Test func aLiveFileIsKeptInItsOwnTreeAsItselfAndNoLinkIsFollowed() throws {
        let (scratch, spare) = try Self.folders()
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/a"), withIntermediateDirectories: true)
        let live = try ContainedFolder(opening: scratch.path + "/live")
        try live.write(Data("page".utf8), to: "a/page.html")
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/live/a/link.html") == 0)
        #expect(symlink(scratch.path + "/outside", scratch.path + "/live/b") == 0)
        #expect(spare.makeFolder(inOwnTree: "a"))
        #expect(spare.makeFolder(inOwnTree: "b"))

        #expect(spare.keepInOwnTree("a/page.html", from: live))
        #expect(spare.info(of: "a/page.html")?.st_ino == live.info(of: "a/page.html")?.st_ino)
        // A link in the live folder is no page, and one on the way to it is never passed through.
        #expect(!spare.keepInOwnTree("a/link.html", from: live))
        #expect(!spare.keepInOwnTree("b/secret.txt", from: live))
        #expect(!spare.keepInOwnTree("a/missing.html", from: live))
        #expect(!spare.keepInOwnTree("../outside/secret.txt", from: live))
        #expect(spare.listing().files == ["a/page.html"])
        #expect(Self.secret(scratch) == "secret")
    }

    /// The quick link takes the live path in one step, links on the way and all, and keeps only
    /// the very file it was told of: anything else it linked is gone again, and nothing outside
    /// keeps a name it gave.
    @Test func aLiveFileLinkedInOneStepStaysOnlyWhenItIsTheFileExpected() throws {
        let (scratch, spare) = try Self.folders()
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/a"), withIntermediateDirectories: true)
        let live = try ContainedFolder(opening: scratch.path + "/live")
        try live.write(Data("page".utf8), to: "a/page.html")
        try live.write(Data("other".utf8), to: "a/other.html")
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/live/a/link.html") == 0)
        #expect(symlink(scratch.path + "/outside", scratch.path + "/live/b") == 0)
        for folder in ["a", "b"] { #expect(spare.makeFolder(inOwnTree: folder)) }
        let page = try #require(live.info(of: "a/page.html"))
        let secret = try #require(ContainedFolder(opening: scratch.path + "/outside").info(of: "secret.txt"))

        let linked = try #require(spare.linkInOwnTree("a/page.html", from: live, inode: UInt64(page.st_ino)))
        #expect(linked.st_ino == page.st_ino && linked.st_nlink == 2)
        // A file that is not the one expected (replaced since it was looked at), a link in the
        // live folder, a file reached through a link on the way, or one missing: none stays.
        #expect(spare.linkInOwnTree("a/other.html", from: live, inode: UInt64(page.st_ino)) == nil)
        #expect(spare.linkInOwnTree("a/link.html", from: live, inode: UInt64(secret.st_ino)) == nil)
        #expect(spare.linkInOwnTree("b/secret.txt", from: live, inode: UInt64(page.st_ino)) == nil)
        #expect(spare.linkInOwnTree("a/missing.html", from: live, inode: UInt64(page.st_ino)) == nil)
        #expect(spare.linkInOwnTree("../outside/secret.txt", from: live, inode: UInt64(secret.st_ino)) == nil)
        #expect(spare.listing().files == ["a/page.html"])
        #expect(try ContainedFolder(opening: scratch.path + "/outside").info(of: "secret.txt")?.st_nlink == 1)
        #expect(live.info(of: "a/other.html")?.st_nlink == 1)
        #expect(Self.secret(scratch) == "secret")
    }

    @Test(arguments: ["../outside/secret.txt", "a/../../outside/secret.txt"])
    func aPathThatClimbsOutIsRefused(path: String) throws {
        let (scratch, folder) = try Self.folders()
        try folder.makeFolder("a")
        #expect(throws: FileSystemError.self) { try folder.write(Data("owned".utf8), to: path) }
        #expect(folder.read(path) == nil)
        #expect(Self.secret(scratch) == "secret")
    }

    @Test func aPlantedLinkIsNeverFollowedAndIsRemovedAsAName() throws {
        let (scratch, folder) = try Self.folders()
        #expect(symlink(scratch.path + "/outside", scratch.path + "/inside/planted") == 0)
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/inside/file") == 0)
        let error = #expect(throws: FileSystemError.self) { try folder.write(Data("owned".utf8), to: "planted/secret.txt") }
        #expect(error?.path == scratch.path + "/inside/planted/secret.txt")
        #expect(error?.message.contains("symbolic link") == true)
        #expect(throws: FileSystemError.self) { try folder.write(Data("owned".utf8), to: "file") }
        #expect(folder.read("file") == nil)
        #expect(folder.kind(of: "planted") == S_IFLNK)

        try folder.removeAll("planted")
        try folder.removeAll("file")
        #expect(folder.listing().files.isEmpty)
        #expect(Self.secret(scratch) == "secret")
    }

    @Test func twoFoldersTradePlacesInOneStep() throws {
        let (scratch, folder) = try Self.folders()
        try folder.makeFolder("live")
        try folder.makeFolder("spare")
        try folder.write(Data("old".utf8), to: "live/index.html")
        try folder.write(Data("new".utf8), to: "spare/index.html")
        #expect(folder.exchange("spare", "live"))
        #expect(folder.read("live/index.html") == Array("new".utf8))
        #expect(folder.read("spare/index.html") == Array("old".utf8))
        #expect(Self.secret(scratch) == "secret")
    }

    @Test func aFolderThatIsNotThereIsAnErrorNamingIt() throws {
        let scratch = try ScratchFolder()
        let error = #expect(throws: FileSystemError.self) { try ContainedFolder(opening: scratch.path + "/missing") }
        #expect(error?.path == scratch.path + "/missing")
        #expect(error?.description.hasPrefix(scratch.path + "/missing: ") == true)
    }
}
