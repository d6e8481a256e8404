import FileSystem
import Foundation
import TestThreads
import Testing

/// A release copied beside the one before shares its unchanged files, as rsync's `--link-dest`
/// makes it, and nothing is followed out of the trees.
@Suite(.onBlockingPool) struct LinkingCopyTests {
    /// A scratch folder with `source`, an empty `target`, a reference `earlier` and a folder
    /// `outside` holding a secret.
    struct Trees {
        let scratch: ScratchFolder
        var path: String { scratch.path }

        init() throws {
            scratch = try ScratchFolder()
            for folder in ["source", "target", "earlier", "outside"] {
                try FileManager.default.createDirectory(atPath: scratch.path + "/" + folder, withIntermediateDirectories: false)
            }
            try write("outside/secret.txt", "secret")
        }

        func write(_ relative: String, _ text: String, modified: Int? = nil) throws {
            let url = scratch.url.appending(path: relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if let modified {
                var times = [timespec(tv_sec: modified, tv_nsec: 250), timespec(tv_sec: modified, tv_nsec: 250)]
                #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
            }
        }

        func info(_ relative: String) -> stat? {
            var info = stat()
            return lstat(scratch.path + "/" + relative, &info) == 0 ? info : nil
        }

        func read(_ relative: String) -> String? {
            FileManager.default.contents(atPath: scratch.path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
        }

        func copy(references: [String] = ["earlier"], stopped: @escaping @Sendable () -> Bool = { false }) throws -> LinkingCopy.Tally? {
            try LinkingCopy().copy(ContainedFolder(opening: path + "/source"), into: ContainedFolder(opening: path + "/target"),
                                   references: references.map { try ContainedFolder(opening: path + "/" + $0) }, stopped: stopped)
        }
    }

    @Test func aFileTheReferenceHoldsAlikeIsLinkedAndAnyOtherCopiedWithItsTime() throws {
        let trees = try Trees()
        try trees.write("source/a/b/same.html", "same", modified: 1_000)
        try trees.write("earlier/a/b/same.html", "same", modified: 1_000)
        // The same size and bytes, another time: not the same file, as rsync -t sees it.
        try trees.write("source/a/b/touched.html", "same", modified: 2_000)
        try trees.write("earlier/a/b/touched.html", "same", modified: 1_000)
        try trees.write("source/a/new.html", "new", modified: 3_000)
        try trees.write("earlier/a/gone.html", "gone", modified: 1_000)
        try trees.write("source/top.css", "body{}", modified: 1_000)
        try FileManager.default.createDirectory(atPath: trees.path + "/source/empty", withIntermediateDirectories: false)

        let tally = try #require(try trees.copy())
        #expect(tally == LinkingCopy.Tally(linked: 1, copied: 3, links: 0, leftOut: 0))
        #expect(trees.info("target/a/b/same.html")?.st_ino == trees.info("earlier/a/b/same.html")?.st_ino)
        #expect(trees.info("target/a/b/same.html")?.st_nlink == 2)
        for (path, time) in [("a/b/touched.html", 2_000), ("a/new.html", 3_000), ("top.css", 1_000)] {
            let copied = try #require(trees.info("target/" + path))
            #expect(copied.st_nlink == 1 && copied.st_ino != trees.info("source/" + path)?.st_ino, "\(path)")
            #expect(copied.st_mtim.tv_sec == time && copied.st_mtim.tv_nsec == 250, "\(path)")
            #expect(trees.read("target/" + path) == trees.read("source/" + path))
        }
        #expect(trees.info("target/a/gone.html") == nil)
        #expect(trees.info("target/empty").map { $0.st_mode & S_IFMT } == S_IFDIR)
        // The source is read, never changed.
        #expect(trees.info("source/a/b/same.html")?.st_nlink == 1)
    }

    @Test func theFirstReferenceThatHoldsAFileAlikeGivesTheLink() throws {
        let trees = try Trees()
        try trees.write("source/page.html", "page", modified: 1_000)
        try trees.write("earlier/page.html", "page", modified: 999)
        try trees.write("outside/page.html", "page", modified: 1_000)
        try trees.write("source/other.html", "other", modified: 1_000)
        try trees.write("earlier/other.html", "other", modified: 1_000)
        try trees.write("outside/other.html", "other", modified: 1_000)
        // Below the top: a folder the first reference lacks, and one where it lacks a file.
        try trees.write("source/a/b/deep.html", "deep", modified: 1_000)
        try trees.write("outside/a/b/deep.html", "deep", modified: 1_000)
        try trees.write("source/a/c/one.html", "one", modified: 1_000)
        try trees.write("earlier/a/c/one.html", "one", modified: 1_000)
        try trees.write("source/a/c/two.html", "two", modified: 1_000)
        try trees.write("outside/a/c/two.html", "two", modified: 1_000)
        let tally = try #require(try trees.copy(references: ["earlier", "outside"]))
        #expect(tally.linked == 5 && tally.copied == 0)
        #expect(trees.info("target/page.html")?.st_ino == trees.info("outside/page.html")?.st_ino)
        #expect(trees.info("target/other.html")?.st_ino == trees.info("earlier/other.html")?.st_ino)
        #expect(trees.info("target/a/b/deep.html")?.st_ino == trees.info("outside/a/b/deep.html")?.st_ino)
        #expect(trees.info("target/a/c/one.html")?.st_ino == trees.info("earlier/a/c/one.html")?.st_ino)
        #expect(trees.info("target/a/c/two.html")?.st_ino == trees.info("outside/a/c/two.html")?.st_ino)
    }

    @Test func linksInsideTheTreeAreCopiedAsLinksAndTheOthersLeftOut() throws {
        let trees = try Trees()
        try trees.write("source/a/b/page.html", "page")
        // Kept: `..` only first, and no higher than the top.
        let kept = [("a/b/up", "../../a/b/page.html"), ("a/sibling", "b/page.html"), ("root", "."), ("a/b/here", "./page.html"),
                    ("a/top", ".."), ("a/b/dotted", "../b/./page.html")]
        // Left out: above the top, absolute, `..` after a name (through the link `a/top`, which
        // points at the top, `a/out` would lead outside), or at the end after another.
        let leftOut = [("a/b/above", "../../../outside/secret.txt"), ("a/absolute", trees.path + "/outside/secret.txt"),
                       ("a/out", "top/a/top/../../outside/secret.txt"), ("a/b/again", "../b/../b/page.html"), ("a/b/twice", "../.."),
                       ("a/b/here-up", "./..")]
        for (link, pointee) in kept + leftOut { #expect(symlink(pointee, trees.path + "/source/" + link) == 0) }
        #expect(mkfifo(trees.path + "/source/a/pipe", 0o644) == 0)
        var times = [timespec(tv_sec: 1_000, tv_nsec: 5), timespec(tv_sec: 1_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, trees.path + "/source/a/sibling", &times, AT_SYMLINK_NOFOLLOW) == 0)

        let tally = try #require(try trees.copy(references: []))
        #expect(tally == LinkingCopy.Tally(linked: 0, copied: 1, links: kept.count, leftOut: leftOut.count + 1))
        for (link, pointee) in kept {
            #expect(trees.info("target/" + link).map { $0.st_mode & S_IFMT } == S_IFLNK, "\(link)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: trees.path + "/target/" + link)) == pointee)
        }
        #expect(trees.info("target/a/sibling")?.st_mtim.tv_sec == 1_000)
        for (link, _) in leftOut { #expect(trees.info("target/" + link) == nil, "\(link)") }
        #expect(trees.info("target/a/pipe") == nil)
    }

    @Test func linksInAReferenceAreNeverFollowed() throws {
        let trees = try Trees()
        // The reference's folder `a` and file `b/secret.txt` are links to the secret's folder and
        // file: the same size and time as the source's, but outside every tree.
        try trees.write("outside/page.html", "same", modified: 1_000)
        try trees.write("source/a/page.html", "same", modified: 1_000)
        try trees.write("source/b/secret.txt", "secret")
        let secret = try #require(trees.info("outside/secret.txt"))
        var times = [secret.st_atim, secret.st_mtim]
        #expect(utimensat(AT_FDCWD, trees.path + "/source/b/secret.txt", &times, 0) == 0)
        #expect(symlink(trees.path + "/outside", trees.path + "/earlier/a") == 0)
        try FileManager.default.createDirectory(atPath: trees.path + "/earlier/b", withIntermediateDirectories: false)
        #expect(symlink(trees.path + "/outside/secret.txt", trees.path + "/earlier/b/secret.txt") == 0)

        #expect(try trees.copy() == LinkingCopy.Tally(linked: 0, copied: 2))
        #expect(trees.info("outside/page.html")?.st_nlink == 1 && trees.info("outside/secret.txt")?.st_nlink == 1)
        #expect(trees.info("target/a/page.html")?.st_nlink == 1)
    }

    @Test func aCopyToldToStopStopsAtTheNextEntry() throws {
        let trees = try Trees()
        try trees.write("source/a/b/page.html", "page")
        try trees.write("source/a/c.html", "c")
        try trees.write("source/a/d.html", "d")
        // Asked before `a` (a folder, made), then before the first entry of `a`.
        let asked = LockedCount()
        #expect(try trees.copy { asked.next() > 2 } == nil)
        #expect(trees.info("target/a") != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: trees.path + "/target/a").count == 1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsync"), "needs rsync (scripts/test installs it)"))
    func theCopyIsTheOneRsyncMakesWithTheSameLinks() throws {
        let trees = try Trees()
        for index in 0..<40 {
            let folder = "\(2000 + index % 7)/\(index % 12)/post-\(index)"
            try trees.write("source/\(folder)/index.html", "post \(index)", modified: 1_000 + index)
            // Two in three are in the earlier release alike; of the others, half at another time.
            if index % 3 != 0 { try trees.write("earlier/\(folder)/index.html", "post \(index)", modified: 1_000 + index) }
            if index % 6 == 0 { try trees.write("earlier/\(folder)/index.html", "post \(index)", modified: 5) }
        }
        try trees.write("source/style.css", "body{}", modified: 77)
        try trees.write("earlier/style.css", "body{}", modified: 77)
        #expect(symlink("2000/0/post-0/index.html", trees.path + "/source/latest") == 0)
        #expect(symlink("/etc/hostname", trees.path + "/source/host") == 0)
        #expect(symlink("../../style.css", trees.path + "/source/2000/0/style") == 0)
        #expect(symlink("0/../0", trees.path + "/source/2000/back") == 0)
        #expect(symlink("..", trees.path + "/source/2001/up") == 0)
        var times = [timespec(tv_sec: 500, tv_nsec: 7), timespec(tv_sec: 500, tv_nsec: 7)]
        #expect(utimensat(AT_FDCWD, trees.path + "/source/latest", &times, AT_SYMLINK_NOFOLLOW) == 0)

        _ = try trees.copy()
        try FileManager.default.createDirectory(atPath: trees.path + "/rsynced", withIntermediateDirectories: false)
        let rsync = Process()
        rsync.executableURL = URL(fileURLWithPath: "/usr/bin/rsync")
        rsync.arguments = ["-rlt", "-s", "--modify-window=-1", "--safe-links", "--delete", "--chmod=D755,F644", "--omit-dir-times",
                           "--link-dest=../earlier", "--", trees.path + "/source/", trees.path + "/rsynced/"]
        rsync.standardError = FileHandle.nullDevice
        try rsync.run()
        rsync.waitWithoutSpinning()
        #expect(rsync.terminationStatus == 0)

        let ours = try Self.describe(trees.path + "/target", earlier: trees.path + "/earlier")
        let theirs = try Self.describe(trees.path + "/rsynced", earlier: trees.path + "/earlier")
        // Seven years, forty months, forty posts, the stylesheet and the three links kept.
        #expect(ours.count == 7 + 40 + 40 + 40 + 1 + 3)
        #expect(ours.values.filter { $0.hasSuffix(" shared") }.count == 26 + 1)
        #expect(ours == theirs)
    }

    /// Each entry below `root`: its kind, bytes or target, time, mode, and whether it is the
    /// file of the same path in `earlier`.
    static func describe(_ root: String, earlier: String) throws -> [String: String] {
        var described: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
            var info = stat(), before = stat()
            #expect(lstat(root + "/" + path, &info) == 0)
            let shared = lstat(earlier + "/" + path, &before) == 0 && before.st_ino == info.st_ino
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                described[path] = "folder \(String(info.st_mode & 0o777, radix: 8))"
            case S_IFLNK:
                described[path] = "link to " + (try FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + path))
                    + " \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            default:
                let bytes = FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                described[path] = "file \(bytes) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(String(info.st_mode & 0o777, radix: 8))"
                    + (shared ? " shared" : "")
            }
        }
        return described
    }
}

/// A count that threads may step.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The count after one more.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
