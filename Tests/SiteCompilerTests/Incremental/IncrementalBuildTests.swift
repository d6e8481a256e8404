import Diagnostics
import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// Builds that reuse the cache must write exactly what a build from nothing writes.
@Suite struct IncrementalBuildTests {
    let blog: TestBlog
    var cache: URL { blog.root.appending(path: ".galley-cache") }

    init() throws {
        var files: [String: String] = [
            "pages/about.md": TestBlog.post("title: About"),
            "static/notes.txt": "static",
        ]
        for day in 1...12 {
            let tags = ["alpha", day % 2 == 0 ? "even" : "odd", day % 3 == 0 ? "three" : "other"]
            files[String(format: "posts/2019-10-%02d-post-%d.md", day, day)] =
                TestBlog.post("title: Post \(day)\ntags: [\(tags.joined(separator: ", "))]", "Opening of \(day).\n\nMore of \(day).")
        }
        blog = try TestBlog(TestBlog.config, files)
    }

    /// Builds with the cache, trusting file versions at once (no racy margin), then waits out a
    /// clock tick so that the test's next edit cannot share the times the build saw.
    @discardableResult
    func incremental() throws -> SiteBuilder.Report {
        var builder = SiteBuilder(source: blog.source, options: blog.options())
        builder.racyMargin = 0
        let report = try builder.build(into: blog.output, cache: cache)
        Thread.sleep(forTimeInterval: 0.03)
        return report
    }

    /// Writes `text` at `path`, builds with the cache, and expects what a build from nothing
    /// makes (`step` names the edit where it does not).
    func edit(_ path: String, _ text: String, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try blog.write(path, text)
        try incremental()
        try blog.expectSameAsFullBuild(step, sourceLocation: sourceLocation)
    }

    func stamp(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(blog.output.appending(path: path).path, &info) == 0 else { return nil }
        return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }

    @Test func aSeriesOfEditsGivesTheSameSiteAsAFullBuild() throws {
        try incremental()
        try blog.expectSameAsFullBuild("first build")
        let noop = try incremental()
        #expect(noop.written == 0)
        try blog.expectSameAsFullBuild("no change")

        try blog.write("posts/2019-10-20-added.md", TestBlog.post("title: Added\ntags: [alpha, new]"))
        try incremental()
        try blog.expectSameAsFullBuild("add a post")

        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd, other]", "New opening."))
        try incremental()
        try blog.expectSameAsFullBuild("edit a post")

        try blog.write("posts/2019-10-06-post-6.md", TestBlog.post("title: Post 6\ntags: [beta]", "Opening of 6.\n\nMore of 6."))
        try incremental()
        try blog.expectSameAsFullBuild("retag a post")
        #expect(blog.page("tags/beta/index.html")?.contains("Post 6") == true)

        try blog.write("posts/2019-10-09-post-9.md", TestBlog.post("title: Post 9\ndate: 2019-10-09 18:30\ntags: [alpha, odd, three]",
                                                                  "Opening of 9.\n\nMore of 9."))
        try incremental()
        try blog.expectSameAsFullBuild("give a post a time of day")

        // The same moment written in another zone, in which lists then show it.
        try blog.write("posts/2019-10-09-post-9.md", TestBlog.post("title: Post 9\ndate: 2019-10-09T17:30:00+01:00\ntags: [alpha, odd, three]",
                                                                  "Opening of 9.\n\nMore of 9."))
        try incremental()
        try blog.expectSameAsFullBuild("write a post's date in another zone")

        try blog.write("posts/2019-10-11-post-11.md", TestBlog.post("title: Post 11\nsummary: A summary of its own.\ntags: [alpha, odd, other]",
                                                                   "Opening of 11.\n\nMore of 11."))
        try incremental()
        try blog.expectSameAsFullBuild("give a post a summary")

        try blog.remove("posts/2019-10-03-post-3.md")
        try incremental()
        try blog.expectSameAsFullBuild("delete a post")
        #expect(blog.page("2019/10/03/post-3/index.html") == nil)

        try blog.write("layouts/post-summary.mustache", "<article class=\"mine\"><a href=\"{{url}}\">{{title}}</a></article>")
        try incremental()
        try blog.expectSameAsFullBuild("change a layout")
        #expect(blog.page("index.html")?.contains("class=\"mine\"") == true)

        // Every post page again, from documents the cache holds without their bodies.
        try blog.write("layouts/post.mustache", "<main class=\"mine\"><h1>{{site.title}}</h1>{{{page.content}}}</main>")
        try incremental()
        try blog.expectSameAsFullBuild("change the post layout")
        #expect(blog.page("2019/10/02/post-2/index.html") == "<main class=\"mine\"><h1>Test Blog</h1><p>Opening of 2.</p>\n<p>More of 2.</p>\n</main>")

        try blog.write("galley.yml", TestBlog.config.replacingOccurrences(of: "Test Blog", with: "Renamed Blog"))
        try incremental()
        try blog.expectSameAsFullBuild("change the config")
        #expect(blog.page("2019/10/01/post-1/index.html")?.contains("Renamed Blog") == true)

        try blog.write("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7\ndraft: true"))
        try incremental()
        try blog.expectSameAsFullBuild("make a post a draft")

        try blog.write("static/notes.txt", "static, edited")
        try blog.write("pages/about.md", TestBlog.post("title: About me"))
        try incremental()
        try blog.expectSameAsFullBuild("edit a page and a static file")
    }

    /// A build into a new folder leaves no spare, and records what the live folder holds, so the
    /// next build need not list it; a record the live folder no longer matches is not trusted.
    /// A build that fails after its documents began saving (they are saved either way) has
    /// saved them when it returns: nothing is written after it, and no temporary file is left.
    @Test func aFailedBuildHasSavedItsDocumentsWhenItReturns() throws {
        // Posts with big front matter, so that saving their documents takes longer than
        // planning the few pages whose clash stops the build.
        let notes = String(repeating: "a long note, kept with the post's document; ", count: 4000)
        for number in 1...40 {
            try blog.write(String(format: "posts/2019-09-%02d-big.md", number % 28 + 1).replacingOccurrences(of: "big", with: "big-\(number)"),
                           TestBlog.post("title: Big \(number)\nnotes: \"\(notes)\"", "Words of \(number)."))
        }
        try blog.write("posts/2019-10-20-clash.md", TestBlog.post("title: Clash\naliases:\n  - /2019/10/01/post-1/"))
        for attempt in 0..<3 {
            #expect(throws: BuildFailure.self) { try incremental() }
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
            let documents = try #require(files.first { $0.hasSuffix(".documents") }, "attempt \(attempt): \(files)")
            #expect(!files.contains { $0.contains(".tmp-") }, "attempt \(attempt): \(files)")
            let saved = try FileManager.default.attributesOfItem(atPath: cache.appending(path: documents).path)[.modificationDate] as? Date
            Thread.sleep(forTimeInterval: 0.1)
            let later = try FileManager.default.attributesOfItem(atPath: cache.appending(path: documents).path)[.modificationDate] as? Date
            #expect(saved == later, "attempt \(attempt): written after the build returned")
            try FileManager.default.removeItem(at: cache)
        }
    }

    @Test func aBuildIntoANewFolderRecordsWhatItHolds() throws {
        let recordFile = SpareRecord.file(beside: BuildCache.file(for: blog.output, in: cache))
        try incremental()
        let record = try #require(SpareRecord.load(from: recordFile), "no record after a build into a new folder")
        #expect(record.spare.isEmpty)
        #expect(Set(record.files) == Set(try blog.outputFiles()))
        #expect(!FileManager.default.fileExists(atPath: OutputWriter(destination: blog.output).spare.path))

        // The first edit after it goes by the record; the builds that follow, by theirs.
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5, retitled\ntags: [alpha, odd, other]", "Opening of 5."))
        try incremental()
        try blog.expectSameAsFullBuild("the first edit after a build into a new folder")
        // The pages it wrote were linked into the spare after the swap: recorded as they are since.
        #expect(try incremental().upToDate, "the pages the first edit wrote look changed by hand")
        try blog.remove("posts/2019-10-12-post-12.md")
        try incremental()
        try blog.expectSameAsFullBuild("and the next")

        // A file put in a live folder built from nothing: the folder is not the one recorded.
        try FileManager.default.removeItem(at: blog.output)
        try? FileManager.default.removeItem(at: OutputWriter(destination: blog.output).spare)
        try incremental()
        try blog.write("posts/2019-10-06-post-6.md", TestBlog.post("title: Post 6, retitled\ntags: [alpha, even, three]", "Opening of 6."))
        try Data("by hand".utf8).write(to: blog.output.appending(path: "planted.txt"))
        try incremental()
        try blog.expectSameAsFullBuild("an edit after a file was put in the live folder")
        // The folder it was put in is the spare now, brought up to date by what the last build
        // found changed: the planted file among them, or the next build would show it again.
        try blog.write("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7, retitled\ntags: [alpha, odd, other]", "Opening of 7."))
        try incremental()
        try blog.expectSameAsFullBuild("the edit after that")
    }

    /// The spare shares its pages with the live folder; a page replaced or removed in the spare
    /// by hand changes the live file's link count, so the page is rendered again, and the spare
    /// is made to hold it again rather than publish what was done to it.
    @Test func aPageChangedOrRemovedInTheSpareByHandIsNotPublished() throws {
        let spare = OutputWriter(destination: blog.output).spare
        try incremental()
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5, edited."))
        try incremental()
        let replaced = spare.appending(path: "about/index.html"), removed = spare.appending(path: "tags/three/index.html")
        let bytes = try Data(contentsOf: replaced)
        try FileManager.default.removeItem(at: replaced)
        try (bytes + Data("changed by hand".utf8)).write(to: replaced)
        try FileManager.default.removeItem(at: removed)
        try edit("posts/2019-10-06-post-6.md", TestBlog.post("title: Post 6\ntags: [alpha, even, three]", "Opening of 6, edited."),
                 "pages replaced and removed in the spare")
        try edit("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7\ntags: [alpha, odd, other]", "Opening of 7, edited."), "and the build after")
    }

    /// After a build that rewrote every page (a new site title), the spare, the folder the build
    /// before left, took every live file: the edit after it renders only what it changed, as
    /// after any other build.
    @Test func theEditAfterABuildThatRewroteEveryPageRendersOnlyWhatItChanged() throws {
        try incremental()
        try blog.write("posts/2019-10-02-post-2.md", TestBlog.post("title: Post 2\ntags: [alpha, even, other]", "Opening of 2, edited."))
        try incremental()
        try blog.write("galley.yml", TestBlog.config.replacingOccurrences(of: "title: Test Blog", with: "title: A Retitled Blog"))
        let everything = try incremental()
        let elsewhere = ["2019/10/01/post-1/index.html", "2019/10/11/post-11/index.html", "archive/index.html", "about/index.html"]
        #expect(Set(elsewhere).isSubset(of: everything.renderedPages))
        try blog.write("posts/2019-10-05-post-5.md", TestBlog.post("title: Post 5\ntags: [alpha, odd, other]", "Opening of 5, edited."))
        let report = try incremental()
        #expect(report.renderedPages.isDisjoint(with: elsewhere), "rendered again: \(report.renderedPages.sorted())")
        #expect(report.renderedPages.contains("2019/10/05/post-5/index.html"))
        // The spare took the live files themselves: a page this edit left alone is one file
        // under both names, as the last build wrote it.
        let spare = OutputWriter(destination: blog.output).spare
        for page in elsewhere {
            #expect(inode(spare.appending(path: page)) != nil && inode(spare.appending(path: page)) == inode(blog.output.appending(path: page)), "\(page)")
        }
        #expect(try blog.outputFiles().filter { $0.contains("galley-tmp") }.isEmpty)
        try blog.expectSameAsFullBuild("an edit after every page was rewritten")
    }

    func inode(_ url: URL) -> ino_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_ino : nil
    }

    @Test func filesThatBecomeFoldersAndBackAreReplacedWhole() throws {
        let record = SpareRecord.file(beside: BuildCache.file(for: blog.output, in: cache))
        try incremental()
        try blog.write("static/thing", "a file")
        try incremental()
        #expect(FileManager.default.fileExists(atPath: record.path), "no spare record: later builds would list the whole tree")

        try blog.remove("static/thing")
        try blog.write("static/thing/index.html", "now a folder")
        try blog.write("static/thing/deeper/note.txt", "deeper")
        try incremental()
        try blog.expectSameAsFullBuild("file to folder")
        try incremental()
        try blog.expectSameAsFullBuild("file to folder, again")

        try FileManager.default.removeItem(at: blog.root.appending(path: "static/thing"))
        try blog.write("static/thing", "a file again")
        try incremental()
        try blog.expectSameAsFullBuild("folder to file")
        try incremental()
        try blog.expectSameAsFullBuild("folder to file, again")

        // A post and its folder go; the folders it leaves empty go with them.
        try blog.remove("posts/2019-10-12-post-12.md")
        try incremental()
        try blog.expectSameAsFullBuild("delete the only post of a month")
        try incremental()
        try blog.expectSameAsFullBuild("and build once more")
    }

    @Test func aChangeToTheThemesWordsReachesEveryPage() throws {
        try incremental()
        try blog.write("galley.yml", TestBlog.config + "strings:\n  min_read: minutes to read\n")
        try incremental()
        #expect(blog.page("2019/10/10/post-10/index.html")?.contains("1 minutes to read") == true)
        #expect(blog.page("index.html")?.contains("1 minutes to read") == true)
        try blog.expectSameAsFullBuild("strings: in galley.yml")
        try blog.write("galley.yml", TestBlog.config + "language: fr\nstrings:\n  min_read: minutes to read\n")
        try incremental()
        #expect(blog.page("about/index.html")?.contains("Archives</a>") == true)
        try blog.expectSameAsFullBuild("language: in galley.yml")
        try blog.write("layouts/strings/fr.yml", "archive: Les archives\n")
        try incremental()
        #expect(blog.page("about/index.html")?.contains("Les archives</a>") == true)
        try blog.expectSameAsFullBuild("the blog's own words")
    }

    @Test func editingOnePostLeavesUnrelatedFilesAlone() throws {
        try incremental()
        let unrelated = ["2019/10/01/post-1/index.html", "tags/three/index.html", "page/2/index.html", "about/index.html", "style.css"]
        let before = unrelated.map(stamp)
        let postBefore = stamp("2019/10/10/post-10/index.html")
        Thread.sleep(forTimeInterval: 0.01)

        // Post 10 carries alpha, even and other; its excerpt stays the same.
        try blog.write("posts/2019-10-10-post-10.md",
                       TestBlog.post("title: Post 10\ntags: [alpha, even, other]", "Opening of 10.\n\nMore of 10, and a new sentence."))
        let report = try incremental()
        #expect(unrelated.map(stamp) == before)
        #expect(stamp("2019/10/10/post-10/index.html") != postBefore)
        #expect(report.written <= 6, "wrote \(report.written) files for one edit")
        try blog.expectSameAsFullBuild("one edit")
    }

    /// A rebuild writes its documents mostly as ranges of the file it read; that file must read
    /// back whole, or the next build would quietly start from nothing.
    @Test func theDocumentsARebuildSavesReadBackWhole() throws {
        let first = try incremental()
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha, odd, three]", "Opening of 3.\n\nA new middle."))
        try incremental()
        try blog.write("posts/2019-10-07-post-7.md", TestBlog.post("title: Post 7\ntags: [alpha, odd, other]", "Opening of 7.\n\nMore of 7, and more."))
        let report = try incremental()
        // Pages that show neither edited post: a build that lost its documents renders them too.
        let elsewhere = ["2019/10/01/post-1/index.html", "2019/10/11/post-11/index.html", "archive/index.html", "tags/index.html"]
        #expect(Set(elsewhere).isSubset(of: first.renderedPages))
        #expect(report.renderedPages.isDisjoint(with: elsewhere), "rendered again: \(report.renderedPages.sorted())")
        #expect(report.renderedPages.contains("2019/10/07/post-7/index.html"))
        // Post 7 grew by three words, and its reading time did not: its neighbours and its home
        // page, which show that and not the count, stay as they are.
        #expect(report.renderedPages.isDisjoint(with: ["2019/10/06/post-6/index.html", "2019/10/08/post-8/index.html", "page/3/index.html"]))
        // Nor the page the build before wrote, though the spare sync has linked it since.
        #expect(!report.renderedPages.contains("2019/10/03/post-3/index.html"))
        try blog.expectSameAsFullBuild("two edits")

        // A page the last build wrote, changed by hand before the next sync links it, is made again.
        try Data("tampered".utf8).write(to: blog.output.appending(path: "2019/10/07/post-7/index.html"))
        try blog.write("posts/2019-10-01-post-1.md", TestBlog.post("title: Post 1\ntags: [alpha, odd, other]", "Opening of 1.\n\nMore of 1, and more."))
        let again = try incremental()
        #expect(again.renderedPages.contains("2019/10/07/post-7/index.html"))
        // The page the sync linked the build before is recorded as it is since: kept.
        #expect(!again.renderedPages.contains("2019/10/03/post-3/index.html"), "rendered again: \(again.renderedPages.sorted())")
        try blog.expectSameAsFullBuild("a relinked page changed by hand")
    }

    /// The documents are in several files by path: an edit rewrites the one that holds the
    /// post, a removed post the one that held it, and the others stay as they were.
    @Test func anEditRewritesOnlyTheDocumentsFileOfItsPost() throws {
        try incremental()
        let files = BuildCache.documentsFiles(beside: BuildCache.file(for: blog.output, in: cache))
        func stamps() -> [[Int]?] {
            files.map { file in
                var info = stat()
                guard stat(file.path, &info) == 0 else { return nil }
                return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            }
        }
        let first = stamps()
        #expect(first.allSatisfy { $0 != nil }, "a first build writes every documents file")
        let edited = "posts/2019-10-04-post-4.md", removed = "posts/2019-10-09-post-9.md"
        try blog.write(edited, TestBlog.post("title: Post 4, retitled\ntags: [alpha, even, other]", "Opening of 4.\n\nMore of 4."))
        try incremental()
        let afterEdit = stamps()
        let shard = BuildCache.shard(of: edited)
        for index in files.indices {
            #expect((afterEdit[index] != first[index]) == (index == shard), "file \(index) after an edit to a post in file \(shard)")
        }
        try FileManager.default.removeItem(at: blog.root.appending(path: removed))
        try incremental()
        let afterRemoval = stamps()
        let removedShard = BuildCache.shard(of: removed)
        for index in files.indices {
            #expect((afterRemoval[index] != afterEdit[index]) == (index == removedShard), "file \(index) after a post in file \(removedShard) went")
        }
        try blog.expectSameAsFullBuild("an edit and a removal")
        // A build reads back every document it kept, in every file: pages that show neither
        // post are not made again.
        try blog.write(edited, TestBlog.post("title: Post 4, again\ntags: [alpha, even, other]", "Opening of 4.\n\nMore of 4."))
        let report = try incremental()
        #expect(report.renderedPages.isDisjoint(with: ["2019/10/01/post-1/index.html", "2019/10/11/post-11/index.html", "about/index.html"]),
                "rendered again: \(report.renderedPages.sorted())")
    }

    /// The one documents file of a Galley before they were split is removed by the first build
    /// that writes them split.
    @Test func theUnsplitDocumentsFileIsRemoved() throws {
        let cacheFile = BuildCache.file(for: blog.output, in: cache)
        let unsplit = BuildCache.unsplitDocumentsFile(beside: cacheFile)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("galley-build-documents-13".utf8).write(to: unsplit)
        try incremental()
        #expect(!FileManager.default.fileExists(atPath: unsplit.path))
        #expect(BuildCache.documentsFiles(beside: cacheFile).allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }

    @Test func aLongerPostRendersOnlyThePagesThatShowItsLength() throws {
        try incremental()
        let listsOnly = ["archive/index.html", "tags/index.html", "tags/alpha/index.html", "tags/odd/index.html"]
        let before = listsOnly.map(stamp)
        // Post 3's excerpt stays; its length (reading time on the home page) does not.
        let words = Array(repeating: "word", count: 400).joined(separator: " ")
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha, odd, three]", "Opening of 3.\n\n\(words)"))
        let report = try incremental()
        #expect(listsOnly.map(stamp) == before, "list pages that do not show the length were rewritten")
        #expect(report.renderedPages.isDisjoint(with: listsOnly), "rendered again: \(report.renderedPages.sorted())")
        #expect(report.renderedPages.contains("2019/10/03/post-3/index.html"))
        try blog.expectSameAsFullBuild("a longer post")

        // A theme whose archive shows the reading time gets a new archive.
        try blog.write("layouts/archive.mustache", "{{#posts}}{{title}}: {{reading_time}} min\n{{/posts}}")
        try incremental()
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\ntags: [alpha, odd, three]", "Opening of 3.\n\nShort again."))
        try incremental()
        #expect(blog.page("archive/index.html")?.contains("Post 3: 1 min") == true)
        try blog.expectSameAsFullBuild("an archive that shows the length")
    }

    /// An excerpt's relative links are rebased on its post's folder: a list that shows excerpts
    /// but not addresses is made again when a post moves.
    @Test func aListOfExcerptsFollowsAPostThatMoves() throws {
        try blog.write("layouts/archive.mustache", "{{#posts}}{{{excerpt}}}\n{{/posts}}")
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3", "See [the notes](notes/).\n\n<!--more-->\n\nMore of 3."))
        try incremental()
        #expect(blog.page("archive/index.html")?.contains("/2019/10/03/post-3/notes/") == true)
        try blog.write("posts/2019-10-03-post-3.md", TestBlog.post("title: Post 3\nslug: moved", "See [the notes](notes/).\n\n<!--more-->\n\nMore of 3."))
        try incremental()
        #expect(blog.page("archive/index.html")?.contains("/2019/10/03/moved/notes/") == true)
        try blog.expectSameAsFullBuild("a post that moved")
    }

    @Test func aDamagedOrMissingCacheMeansAFullBuildNeverAWrongOne() throws {
        try incremental()
        let cacheFile = BuildCache.file(for: blog.output, in: cache)
        #expect(FileManager.default.fileExists(atPath: cacheFile.path))

        // 64 bytes in the middle of a file overwritten, after a post changed.
        func damage(_ file: URL, after post: Int) throws {
            #expect(FileManager.default.fileExists(atPath: file.path))
            try blog.write(String(format: "posts/2019-10-%02d-post-%d.md", post, post), TestBlog.post("title: Post \(post), changed"))
            var damaged = try Data(contentsOf: file)
            damaged.replaceSubrange(damaged.count / 2..<damaged.count / 2 + 64, with: Data(repeating: 0xFF, count: 64))
            try damaged.write(to: file)
        }
        try damage(cacheFile, after: 1)
        try incremental()
        try blog.expectSameAsFullBuild("damaged page records")
        // The documents beside the page records: the biggest of their files, then all of them.
        let documents = BuildCache.documentsFiles(beside: cacheFile)
        let sizes = documents.map { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? 0 }
        try damage(documents[sizes.indices.max { sizes[$0] < sizes[$1] }!], after: 5)
        try incremental()
        try blog.expectSameAsFullBuild("damaged documents")
        for (number, file) in documents.enumerated() {
            try blog.write("posts/2019-10-06-post-6.md", TestBlog.post("title: Post 6, take \(number)"))
            try Data("damaged".utf8).write(to: file)
        }
        try incremental()
        try blog.expectSameAsFullBuild("every documents file damaged")

        try Data("not a cache".utf8).write(to: cacheFile)
        try blog.write("posts/2019-10-02-post-2.md", TestBlog.post("title: Post 2, changed"))
        try incremental()
        try blog.expectSameAsFullBuild("garbage cache")

        try FileManager.default.removeItem(at: cache)
        try blog.write("posts/2019-10-04-post-4.md", TestBlog.post("title: Post 4, changed"))
        try incremental()
        try blog.expectSameAsFullBuild("no cache")

        // A page changed by hand in the output is noticed and rendered again.
        try Data("tampered".utf8).write(to: blog.output.appending(path: "2019/10/08/post-8/index.html"))
        try incremental()
        try blog.expectSameAsFullBuild("tampered output")
    }

    /// A build that finds the sources as the last one left them, but one page changed by hand
    /// in the output, renders that page alone again, from the cache.
    @Test func aPageChangedByHandIsRenderedAloneAgain() throws {
        try incremental()
        let page = "2019/10/08/post-8/index.html"
        try Data("changed by hand".utf8).write(to: blog.output.appending(path: page))
        let report = try incremental()
        #expect(report.renderedPages == [page])
        try blog.expectSameAsFullBuild("a page changed by hand")
    }
}
