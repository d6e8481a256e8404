import Foundation
import Digests
import Highlighting
@testable import SiteContent
import SiteTestSupport
import Testing

@testable import Dates
@testable import SiteCompiler

/// A rebuild that finds every source and output file as the last build left them stops early;
/// anything that could change the output must make it build.
@Suite struct BuildStampTests {
    let blog: TestBlog
    var cache: URL { blog.root.appending(path: ".galley-cache") }

    init() throws {
        var files: [String: String] = ["pages/about.md": TestBlog.post("title: About"), "static/notes.txt": "static"]
        for day in 1...6 {
            files[String(format: "posts/2019-10-%02d-post-%d.md", day, day)] = TestBlog.post("title: Post \(day)\ntags: [alpha]")
        }
        blog = try TestBlog(TestBlog.config, files)
    }

    /// Builds with the cache. The margin is zero because every change below happens at least one
    /// clock tick after the build before it (see `settle`).
    @discardableResult
    func build(_ options: BuildOptions? = nil) throws -> SiteBuilder.Report {
        var builder = SiteBuilder(source: blog.source, options: options ?? blog.options())
        builder.racyMargin = 0
        return try builder.build(into: blog.output, cache: cache)
    }

    /// Waits longer than the coarsest Linux clock tick, so a change after this has new times.
    func settle() { Thread.sleep(forTimeInterval: 0.03) }

    /// Sets a file's modification time back to what it was, as `touch -r` or an unpacked archive would.
    func restoreTime(_ url: URL, to time: timespec) {
        var times = [time, time]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    func modificationTime(_ url: URL) -> timespec {
        var info = stat()
        _ = stat(url.path, &info)
        return info.st_mtim
    }

    /// Builds until a stamp is in place and the next build takes it.
    func expectUpToDate(sourceLocation: SourceLocation = #_sourceLocation) throws {
        settle()
        try build()
        let report = try build()
        #expect(report.upToDate, sourceLocation: sourceLocation)
        #expect(report.written == 0, sourceLocation: sourceLocation)
        settle()
    }

    @Test func anUnchangedBlogIsUpToDateAndKeepsItsWarnings() throws {
        try blog.write("posts/notes.txt", "not a post")
        let first = try build()
        #expect(!first.upToDate)
        settle()
        try build()
        let again = try build()
        #expect(again.upToDate)
        #expect(again.posts == 6 && again.pages == 1)
        #expect(again.unchanged == (try blog.outputFiles().count))
        #expect(again.warnings.map(\.path) == ["posts/notes.txt"])
        #expect(again.description.contains("nothing changed"))
    }

    @Test func aSameSizeEditWithItsOldTimeIsStillSeen() throws {
        try expectUpToDate()
        let post = blog.root.appending(path: "posts/2019-10-03-post-3.md")
        let time = modificationTime(post)
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post X\ntags: [alpha]"))
        restoreTime(post, to: time)
        #expect(try !build().upToDate)
        #expect(blog.page("2019/10/03/post-3/index.html")?.contains("Post X") == true)
        try blog.expectSameAsFullBuild("same-size edit")
    }

    @Test func outputChangedByHandIsRebuilt() throws {
        try expectUpToDate()
        let page = blog.output.appending(path: "2019/10/02/post-2/index.html")
        let original = try Data(contentsOf: page)
        let time = modificationTime(page)
        try Data(repeating: UInt8(ascii: "x"), count: original.count).write(to: page)
        restoreTime(page, to: time)
        #expect(try !build().upToDate)
        try blog.expectSameAsFullBuild("tampered output")

        try expectUpToDate()
        try FileManager.default.removeItem(at: blog.output.appending(path: "tags/alpha/index.html"))
        #expect(try !build().upToDate)
        try blog.expectSameAsFullBuild("deleted output")
    }

    /// After an edit, most pages are kept and their stamps are carried over rather than read
    /// again: the stamp that build leaves must describe the folder exactly, or the next build
    /// would do work for nothing (or, worse, trust a file that changed).
    @Test func theBuildAfterAnEditLeavesAStampTheNextBuildTakes() throws {
        try expectUpToDate()
        for round in 1...3 {
            try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha]", "Edited, round \(round)."))
            let edit = try build()
            #expect(!edit.upToDate)
            #expect(edit.written >= 1 && edit.unchanged > 5)
            settle()
            let next = try build()
            #expect(next.upToDate, "round \(round)")
            #expect(blog.page("2019/10/03/post-3/index.html")?.contains("Edited, round \(round).") == true)
            settle()
        }
        try blog.expectSameAsFullBuild("after the edits")
    }

    @Test func newFilesLayoutsAndOptionsAreSeen() throws {
        try expectUpToDate()
        try blog.write("static/images/new.txt", "new")
        #expect(try !build().upToDate)
        #expect(FileManager.default.fileExists(atPath: blog.output.appending(path: "images/new.txt").path))

        try expectUpToDate()
        try blog.write("layouts/footer.mustache", "<footer>mine</footer>")
        #expect(try !build().upToDate)
        #expect(blog.page("index.html")?.contains("<footer>mine</footer>") == true)
        try blog.expectSameAsFullBuild("new layout")

        try expectUpToDate()
        let drafts = blog.options(drafts: true)
        #expect(try !build(drafts).upToDate)
        #expect(try build(drafts).upToDate)
        #expect(try !build().upToDate)
    }

    /// Installing, upgrading or removing KaTeX or python3-emoji changes what a build would
    /// make of the same sources: their identities are in the stamp's key, as Pygments' is.
    @Test func anotherTypesetterOrEmojiInstallationIsSeen() throws {
        struct Names: EmojiSource {
            var identity: String
            func names() throws(EmojiUnavailable) -> [String: String] { [:] }
        }
        var options = blog.options()
        options.typesetter = TestTypesetter()
        options.emoji = Names(identity: "emoji/1")
        settle()
        try build(options)
        #expect(try build(options).upToDate)
        settle()
        options.emoji = Names(identity: "emoji/2")
        #expect(try !build(options).upToDate)
        #expect(try build(options).upToDate)
        settle()
        options.typesetter = TestTypesetter(wrapping: TestTypesetter())
        #expect(try build(options).upToDate, "the same identity")
        options.typesetter = nil
        #expect(try !build(options).upToDate)
    }

    @Test func aFuturePostAppearsWhenItsDayComes() throws {
        try blog.write("posts/2025-06-03-soon.md", TestBlog.post("title: Soon"))
        try expectUpToDate()
        #expect(blog.page("2025/06/03/soon/index.html") == nil)

        var later = blog.options()
        later.now = TestBlog.now.addingTimeInterval(3 * 86_400)
        #expect(try !build(later).upToDate)
        #expect(blog.page("2025/06/03/soon/index.html") != nil)
        try blog.expectSameAsFullBuild("future post due", options: later)
    }

    @Test func aNewYearRebuildsTheCopyrightLine() throws {
        try expectUpToDate()
        var nextYear = blog.options()
        nextYear.now = ContentDate.parse("2026-01-01T00:00:01Z", in: .gmt)!
        #expect(try !build(nextYear).upToDate)
        #expect(blog.page("index.html")?.contains("© 2026") == true)
    }

    /// A file given a time past what nanoseconds count (2262, as an archive can give it) builds
    /// as any other, and an edit of it is seen: it counts as changed just now, every time, so
    /// each build reads it again and compares.
    @Test func aFileDatedPastTheYear2262IsBuiltAndItsEditSeen() throws {
        let post = blog.root.appending(path: "posts/2019-10-03-post-3.md")
        restoreTime(post, to: timespec(tv_sec: 10_000_000_000, tv_nsec: 0))
        try build()
        #expect(blog.page("2019/10/03/post-3/index.html")?.contains("Post 3") == true)
        let stamp = BuildStamp.load(from: BuildStamp.file(beside: BuildCache.file(for: blog.output, in: cache)))
        #expect(stamp?.recent.map(\.path) == ["posts/2019-10-03-post-3.md"])
        #expect(try build().upToDate)
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post Y\ntags: [alpha]"))
        restoreTime(post, to: timespec(tv_sec: 10_000_000_000, tv_nsec: 0))
        try build()
        #expect(blog.page("2019/10/03/post-3/index.html")?.contains("Post Y") == true)
        try blog.expectSameAsFullBuild("a post from far ahead")
    }

    /// A post saved just before a build may change again within the same clock tick, keeping
    /// its times and size: the stamp names it with what the build read, and the next build
    /// reads it again and compares rather than trusting its times or building in full.
    @Test func aPostSavedJustBeforeABuildIsComparedNotTrusted() throws {
        try build()
        // The margin reaches back to the middle of a pause before the post is saved: the post,
        // and only it, is that recent, however long the machine takes to start the build.
        func margin(since: ContinuousClock.Instant) -> Int {
            let (seconds, attoseconds) = (ContinuousClock.now - since).components
            return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        }
        Thread.sleep(forTimeInterval: 0.55)
        var middle = ContinuousClock.now
        Thread.sleep(forTimeInterval: 0.55)
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha]", "Saved just now."))
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = margin(since: middle)
        _ = try builder.build(into: blog.output, cache: cache)
        let stampFile = BuildStamp.file(beside: BuildCache.file(for: blog.output, in: cache))
        let stamp = try #require(BuildStamp.load(from: stampFile))
        #expect(stamp.recent.map(\.path) == ["posts/2019-10-03-post-3.md"])
        let next = try builder.build(into: blog.output, cache: cache)
        #expect(next.upToDate && next.written == 0)

        // What an edit within the same tick would leave: the same times, other bytes.
        var changed = stamp
        changed.recent[0].source = Fingerprint.of(Data("other".utf8), named: "posts/2019-10-03-post-3.md")
        try changed.save(to: stampFile)
        #expect(try !builder.build(into: blog.output, cache: cache).upToDate)
        #expect(blog.page("2019/10/03/post-3/index.html")?.contains("Saved just now.") == true)
        try blog.expectSameAsFullBuild("a post compared again")

        // A layout is read without a digest of its bytes: saved as recently, it leaves no stamp.
        Thread.sleep(forTimeInterval: 0.55)
        middle = ContinuousClock.now
        Thread.sleep(forTimeInterval: 0.55)
        try blog.write("layouts/footer.mustache", "<footer>just now</footer>")
        builder.racyMargin = margin(since: middle)
        _ = try builder.build(into: blog.output, cache: cache)
        #expect(!FileManager.default.fileExists(atPath: stampFile.path))
        #expect(try !builder.build(into: blog.output, cache: cache).upToDate)
    }

    /// A stamp made under another key is not decoded: after an edit, the half megabyte a big
    /// blog's stamp takes is read for its first bytes alone.
    @Test func aStampIsLoadedOnlyUnderItsOwnKey() throws {
        try expectUpToDate()
        let stampFile = BuildStamp.file(beside: BuildCache.file(for: blog.output, in: cache))
        let stamp = try #require(BuildStamp.load(from: stampFile))
        #expect(BuildStamp.load(from: stampFile, key: stamp.key)?.outputs == stamp.outputs)
        #expect(BuildStamp.load(from: stampFile, key: Array(stamp.key.reversed())) == nil)
        // Its own key, but damaged further on: the checksum still says no.
        var bytes = try Data(contentsOf: stampFile)
        bytes[bytes.count - 20] ^= 0xFF
        try bytes.write(to: stampFile)
        #expect(BuildStamp.load(from: stampFile, key: stamp.key) == nil)
        #expect(try !build().upToDate)
    }

    @Test func aRecentEditLeavesNoStamp() throws {
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 60_000_000_000  // every file here was written within the last minute
        _ = try builder.build(into: blog.output, cache: cache)
        #expect(try !builder.build(into: blog.output, cache: cache).upToDate)
        #expect(!FileManager.default.fileExists(atPath: BuildStamp.file(beside: BuildCache.file(for: blog.output, in: cache)).path))
    }
}
