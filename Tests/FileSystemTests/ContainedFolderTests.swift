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

    /// A live folder beside `inside`, held open: `a/page.html` holding `page`, a link at
    /// `plantedAt` to the secret outside, and a link `b` to the folder outside.
    static func live(in scratch: ScratchFolder, page: String, plantedAt planted: String) throws -> ContainedFolder {
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/a"), withIntermediateDirectories: true)
        let live = try ContainedFolder(opening: scratch.path + "/live")
        _ = try live.write(Data(page.utf8), to: "a/page.html")
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/live/" + planted) == 0)
        #expect(symlink(scratch.path + "/outside", scratch.path + "/live/b") == 0)
        return live
    }

    /// A spare of this process's own tree, with folders `a` and `b`, beside a live folder (see
    /// ``live(in:page:plantedAt:)``) holding `page`; the folder outside, and its secret's stat.
    static func ownTreeBesideLive(page: String) throws -> (ScratchFolder, spare: ContainedFolder, live: ContainedFolder,
                                                            outside: ContainedFolder, secret: stat) {
        let (scratch, spare) = try folders()
        let live = try live(in: scratch, page: page, plantedAt: "a/link.html")
        #expect(spare.makeFolder(inOwnTree: "a"))
        #expect(spare.makeFolder(inOwnTree: "b"))
        let outside = try ContainedFolder(opening: scratch.path + "/outside")
        return (scratch, spare, live, outside, try #require(outside.info(of: "secret.txt")))
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
        let (scratch, spare, live, outside, secret) = try Self.ownTreeBesideLive(page: "page")

        // What the look after the link says is the file as it now is: linked twice, and changed
        // (a link changes a file's change time), so the stamp a build records from it holds.
        let kept = try #require(spare.keepInOwnTree("a/page.html", from: live))
        let now = try #require(spare.info(of: "a/page.html"))
        #expect(now.st_ino == live.info(of: "a/page.html")?.st_ino && now.st_nlink == 2)
        #expect(kept.st_ino == now.st_ino && kept.st_nlink == 2)
        #expect(kept.st_ctim.tv_sec == now.st_ctim.tv_sec && kept.st_ctim.tv_nsec == now.st_ctim.tv_nsec)
        // A link in the live folder is no page (it is taken away again, never followed), and
        // one on the way to it is never passed through: nothing outside gets a name, or a new
        // change time.
        #expect(spare.keepInOwnTree("a/link.html", from: live) == nil)
        #expect(spare.keepInOwnTree("b/secret.txt", from: live) == nil)
        #expect(spare.keepInOwnTree("a/missing.html", from: live) == nil)
        #expect(spare.keepInOwnTree("../outside/secret.txt", from: live) == nil)
        #expect(spare.listing().files == ["a/page.html"])
        #expect(live.kind(of: "a/link.html") == S_IFLNK && live.info(of: "a/link.html")?.st_nlink == 1)
        let after = try #require(outside.info(of: "secret.txt"))
        #expect(after.st_nlink == 1 && after.st_ctim.tv_sec == secret.st_ctim.tv_sec && after.st_ctim.tv_nsec == secret.st_ctim.tv_nsec)
        #expect(Self.secret(scratch) == "secret")
    }

    /// Another build's file is shared only when it holds exactly the bytes given: then both
    /// names are one file; otherwise nothing is left at the name. No link there or on the way is
    /// followed, and nothing outside is touched.
    @Test func anotherBuildsFileIsSharedOnlyWhenItHoldsTheSameBytes() throws {
        let (scratch, spare, other, outside, secret) = try Self.ownTreeBesideLive(page: "the page")

        let shared = try #require(spare.linkIfHolding(Array("the page".utf8), at: "a/page.html", from: other))
        #expect(shared.st_ino == other.info(of: "a/page.html")?.st_ino && shared.st_nlink == 2)
        #expect(spare.read("a/page.html") == Array("the page".utf8))
        // Same size, other bytes; shorter; longer: not shared, and no name is left behind.
        for text in ["the pagE", "the pag", "the page!"] {
            #expect(spare.linkIfHolding(Array(text.utf8), at: "a/other.html", from: other) == nil, "\(text)")
            #expect(spare.kind(of: "a/other.html") == 0)
        }
        // A link holding the bytes of what it points at is no file to share, nor one on the way.
        #expect(spare.linkIfHolding(Array("secret".utf8), at: "a/link.html", from: other) == nil)
        #expect(spare.linkIfHolding(Array("secret".utf8), at: "b/secret.txt", from: other) == nil)
        #expect(spare.linkIfHolding(Array("secret".utf8), at: "../outside/secret.txt", from: other) == nil)
        #expect(spare.listing().files == ["a/page.html"])
        let after = try #require(outside.info(of: "secret.txt"))
        #expect(after.st_nlink == 1 && after.st_ctim.tv_sec == secret.st_ctim.tv_sec && after.st_ctim.tv_nsec == secret.st_ctim.tv_nsec)
        #expect(other.info(of: "a/page.html")?.st_nlink == 2)
        #expect(Self.secret(scratch) == "secret")
    }

    /// A pipe where the other build's file should be is no file to share, and never waited on.
    @Test(.timeLimit(.minutes(1))) func aPipeInTheOtherBuildIsPassedOverAtOnce() throws {
        let (scratch, spare, other, _, _) = try Self.ownTreeBesideLive(page: "the page")
        #expect(mkfifo(scratch.path + "/live/a/pipe.html", 0o644) == 0)
        #expect(spare.linkIfHolding([UInt8](), at: "a/pipe.html", from: other) == nil)
        #expect(spare.kind(of: "a/pipe.html") == 0)
        #expect(Self.secret(scratch) == "secret")
    }

    /// A page moved into the live folder by itself: one file under both names afterwards, put
    /// there by a rename that leaves no temporary name in the live folder, replacing a planted
    /// link as a name; a folder at the live name, or a folder missing or planted as a link on
    /// the way, leaves both folders as they were.
    @Test func aPageIsPublishedIntoTheLiveFolderInOneRenameAndNoLinkIsFollowed() throws {
        let (scratch, spare) = try Self.folders()
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/a/folder"), withIntermediateDirectories: true)
        let live = try Self.live(in: scratch, page: "old", plantedAt: "a/planted.html")
        for folder in ["a", "b", "c"] { try spare.makeFolder(folder) }
        for name in ["a/page.html", "a/planted.html", "a/folder", "b/secret.txt", "c/page.html"] {
            _ = try spare.write(Data("new \(name)".utf8), to: name)
        }
        let outside = try ContainedFolder(opening: scratch.path + "/outside")
        let secret = try #require(outside.info(of: "secret.txt"))

        let placed = try #require(spare.publish("a/page.html", into: live))
        #expect(live.read("a/page.html") == Array("new a/page.html".utf8))
        let here = try #require(spare.info(of: "a/page.html"))
        #expect(placed.st_ino == here.st_ino && placed.st_nlink == 2 && here.st_nlink == 2)
        #expect(placed.st_ctim.tv_sec == here.st_ctim.tv_sec && placed.st_ctim.tv_nsec == here.st_ctim.tv_nsec)
        // A planted link at the live name is replaced, never written through.
        #expect(spare.publish("a/planted.html", into: live) != nil)
        #expect(live.kind(of: "a/planted.html") == S_IFREG)
        // A folder at the live name, a link on the way to it, a folder missing there, a name
        // that would leave: nothing is moved, and no temporary name stays on either side.
        #expect(spare.publish("a/folder", into: live) == nil)
        #expect(live.kind(of: "a/folder") == S_IFDIR)
        #expect(spare.publish("b/secret.txt", into: live) == nil)
        #expect(spare.publish("c/page.html", into: live) == nil)
        #expect(spare.publish("../outside/secret.txt", into: live) == nil)
        #expect(live.listing().files == ["a/page.html", "a/planted.html", "b"])
        #expect(live.listing().folders.sorted() == ["a", "a/folder"])
        #expect(spare.listing().files == ["a/page.html", "a/planted.html", "a/folder", "b/secret.txt", "c/page.html"])
        let after = try #require(outside.info(of: "secret.txt"))
        #expect(after.st_nlink == 1 && after.st_ctim.tv_sec == secret.st_ctim.tv_sec && after.st_ctim.tv_nsec == secret.st_ctim.tv_nsec)
        #expect(Self.secret(scratch) == "secret")
    }

    /// A stale spare brought up to date a folder at a time: each file becomes the live one
    /// itself, a planted link is replaced as a name, a file the live folder lacks goes, and what
    /// it cannot do the quick way (a folder in the way, a folder missing or planted as a link)
    /// is left as it was and unnamed.
    @Test func aStaleSpareIsRelinkedAFolderAtATimeAndNoLinkIsFollowed() throws {
        let (scratch, spare) = try Self.folders()
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/b"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.url.appending(path: "live/c"), withIntermediateDirectories: true)
        let live = try ContainedFolder(opening: scratch.path + "/live")
        for name in ["stale", "missing", "planted", "same", "folder"] {
            try live.write(Data("live \(name)".utf8), to: "a/\(name).html")
        }
        try live.write(Data("live b".utf8), to: "b/index.html")
        try live.write(Data("live c".utf8), to: "c/index.html")
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/live/a/link.html") == 0)
        try live.write(Data("top".utf8), to: "top.html")

        try spare.makeFolder("a")
        try spare.write(Data("old".utf8), to: "a/stale.html")
        try spare.write(Data("old".utf8), to: "a/gone.html")
        #expect(symlink(scratch.path + "/outside/secret.txt", scratch.path + "/inside/a/planted.html") == 0)
        #expect(link(scratch.path + "/live/a/same.html", scratch.path + "/inside/a/same.html") == 0)
        try spare.makeFolder("a/folder.html")
        #expect(symlink(scratch.path + "/outside", scratch.path + "/inside/c") == 0)
        let outside = try ContainedFolder(opening: scratch.path + "/outside")
        let secret = try #require(outside.info(of: "secret.txt"))

        let names = ["stale", "missing", "planted", "same", "folder", "link", "gone"].map { $0 + ".html" }
        let done = spare.relink(names + ["..", "."], inFolder: "a", from: live)
        #expect(done.map(\.name) == ["stale.html", "missing.html", "planted.html", "same.html"])
        for file in done {
            let here = try #require(spare.info(of: "a/" + file.name)), there = try #require(live.info(of: "a/" + file.name))
            #expect(here.st_ino == there.st_ino && here.st_ino == file.after.st_ino, "\(file.name)")
            // The look after is the file as the link left it: its change time is the one to record.
            let after = file.after
            #expect(after.st_nlink == 2 && after.st_ctim.tv_nsec == there.st_ctim.tv_nsec, "\(file.name)")
        }
        #expect(spare.kind(of: "a/folder.html") == S_IFDIR)
        // A name the live folder lacks goes from the spare too, and is left unnamed.
        #expect(spare.kind(of: "a/gone.html") == 0)
        #expect(spare.kind(of: "a/link.html") == 0)
        #expect(live.kind(of: "a/link.html") == S_IFLNK)
        #expect(spare.relink(["index.html"], inFolder: "b", from: live).isEmpty)
        #expect(spare.relink(["index.html"], inFolder: "c", from: live).isEmpty)
        #expect(spare.relink(["secret.txt"], inFolder: "../outside", from: live).isEmpty)
        #expect(spare.relink(["top.html"], inFolder: "", from: live).map(\.name) == ["top.html"])
        #expect(spare.listing().files == Set(["a/stale.html", "a/missing.html", "a/planted.html", "a/same.html", "c", "top.html"]))
        let after = try #require(outside.info(of: "secret.txt"))
        #expect(after.st_nlink == 1 && after.st_ctim.tv_sec == secret.st_ctim.tv_sec && after.st_ctim.tv_nsec == secret.st_ctim.tv_nsec)
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
