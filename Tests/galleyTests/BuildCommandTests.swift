import Foundation
import TestThreads
import Testing

@Suite(.onBlockingPool) struct BuildCommandTests {
    /// The repository's own sample blog.
    static let sampleSite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "site")

    func blog() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: CLI Blog\nbase_url: https://cli.example.com/\n")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        return folder
    }

    @Test func buildsAndPrintsAOneLineSummary() throws {
        let folder = try blog()
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.range(of: #"^1 post, 0 pages: \d+ files written, 0 unchanged in \d+ ms\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
        #expect(folder.read("blog/_site/2019/10/08/hello/index.html")?.contains("Hi.") == true)

        let again = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(again.stdout.contains(": 0 files written, "))
    }

    /// A post saved and built at once, and built again: the second build reads that post
    /// again, finds what the first one read, and stops, rather than going through the cache
    /// because the post's times are too recent to vouch for it.
    @Test func aSecondBuildRightAfterASaveSaysNothingChanged() throws {
        let folder = try blog()
        Thread.sleep(forTimeInterval: 2.2)  // past the two seconds a file's times are not trusted
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi again.\n")
        let first = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(first.status == 0 && first.stdout.contains("files written"), "\(first.stdout)\(first.stderr)")
        let second = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(second.stdout.contains(": nothing changed, "), "\(second.stdout)")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi once more.\n")
        let third = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(third.status == 0 && !third.stdout.contains("nothing changed"), "\(third.stdout)")
        #expect(folder.read("blog/_site/2019/10/08/hello/index.html")?.contains("Hi once more.") == true)
    }

    /// A binary written over in place, keeping its inode, its size and (given back) its
    /// modification time, may be another build of Galley: what it cached is not trusted.
    @Test func aBinaryWrittenOverInPlaceIsAnotherOne() throws {
        let folder = try blog()
        let copy = folder.url.appending(path: "galley-copy")
        try FileManager.default.copyItem(at: GalleyProcess.binary, to: copy)
        Thread.sleep(forTimeInterval: 2.2)  // past the two seconds a file's times are not trusted
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url, executable: copy).status == 0)
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url, executable: copy).stdout.contains(": nothing changed, "))
        var before = stat()
        #expect(stat(copy.path, &before) == 0)
        try Data(contentsOf: copy).write(to: copy)  // in place: the same inode
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, copy.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(copy.path, &after) == 0 && after.st_ino == before.st_ino && after.st_size == before.st_size)
        let again = try GalleyProcess.run(["build", "blog"], in: folder.url, executable: copy)
        #expect(again.status == 0 && !again.stdout.contains("nothing changed"), "\(again.stdout)")
    }

    @Test func outputFolderBaseURLDraftsAndFuture() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-draft.md", "---\ntitle: Draft\ndraft: true\n---\nWIP\n")
        try folder.write("blog/posts/2999-01-01-later.md", "---\ntitle: Later\n---\nSoon\n")
        let result = try GalleyProcess.run(["build", "blog", "-o", "public", "--base-url", "https://preview.example.org", "--drafts", "--future"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.read("public/2019/10/09/draft/index.html") != nil)
        #expect(folder.read("public/2999/01/01/later/index.html") != nil)
        #expect(folder.read("public/feed.xml")?.contains("<link>https://preview.example.org/</link>") == true)
        #expect(folder.read("blog/_site/index.html") == nil)

        let short = try GalleyProcess.run(["build", "blog", "-o", "short", "-D", "-F"], in: folder.url)
        #expect(short.status == 0)
        #expect(folder.read("short/2019/10/09/draft/index.html") != nil)
    }

    @Test func errorsNameTheFileAndLineAndKeepTheOldOutput() throws {
        let folder = try blog()
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url).status == 0)
        let before = folder.read("blog/_site/index.html")

        try folder.write("blog/posts/2019-10-10-bad.md", "---\ntitle: Bad\ndate: someday\n---\n")
        try folder.write("blog/posts/2019-10-11-worse.md", "---\ntags: [x]\n---\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = BuildMistakeTests.said(result.stderr)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("error: blog/posts/2019-10-10-bad.md:3: 'date' is not a date: 'someday'"))
        #expect(lines[1] == "error: blog/posts/2019-10-11-worse.md:1: missing title: add `title: …` to the front matter")
        #expect(lines[2].hasPrefix("build failed: 2 errors; "))
        #expect(folder.read("blog/_site/index.html") == before)
    }

    /// A warning is one line whatever the blog put in it: a line break in a link's address
    /// once printed the rest as a line of its own, which could pass for another warning.
    @Test func aWarningStaysOneLine() throws {
        let folder = try blog()
        try folder.write("blog/posts/2019-10-09-odd.md", "---\ntitle: Odd\n---\n[a](/2019/10/08/a%0Awarning:%20fake/) [b](/2019/10/08/\u{202E}b/)\n")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 2, "\(result.stderr)")
        #expect(warnings.first?.contains(#"(/2019/10/08/a\u{A}warning: fake/)"#) == true, "\(result.stderr)")
        #expect(warnings.last?.contains(#"/2019/10/08/\u{202E}b/"#) == true && !result.stderr.contains("\u{202E}"), "\(result.stderr)")
    }

    @Test func aFolderThatIsNotABlogIsAClearError() throws {
        let folder = try ScratchFolder()
        try folder.write("empty/readme.txt", "hi")
        let result = try GalleyProcess.run(["build", "empty"], in: folder.url)
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("error: empty/galley.yml: not found"))
        // Nothing is written beside a folder that is no blog.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "empty").path) == ["readme.txt"])
        let missing = try GalleyProcess.run(["build", "nowhere"], in: folder.url)
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("nowhere: no such folder"))
        // A file named where the folder goes was "no such folder" too.
        let file = try GalleyProcess.run(["serve", "empty/readme.txt", "--port", "0"], in: folder.url)
        #expect(file.status == 3)
        #expect(file.stderr.hasPrefix("error: empty/readme.txt: is a file, not a blog folder"), "\(file.stderr)")
        let badURL = try GalleyProcess.run(["build", "empty", "--base-url", "ftp://x"], in: folder.url)
        #expect(badURL.status == 2)
        #expect(badURL.stderr.contains("--base-url 'ftp://x' must be an absolute http or https address"))
    }

    @Test func theSampleBlogBuildsWithEveryFeature() throws {
        let folder = try ScratchFolder()
        // The cache goes in the scratch folder too: the repository's sample blog is left as it is.
        let result = try GalleyProcess.run(["build", Self.sampleSite.path, "-o", "out", "--cache", "cache"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("9 posts, 1 page: "))
        let post = { (path: String) in folder.read("out/" + path) ?? "" }
        #expect(post("2024/03/02/hello-galley/index.html").contains("<time datetime=\"2024-03-02T00:00:00+01:00\">2 March 2024</time>"))
        #expect(post("2024/05/01/footnotes-are-marginalia/index.html").contains("class=\"footnotes\""))
        #expect(post("2024/04/14/a-table-of-tea/index.html").contains("<table>"))
        #expect(post("2024/06/20/shell-one-liners/index.html").contains("<code class=\"language-swift\">"))
        #expect(post("2024/03/09/writing-on-the-train/index.html").contains("<img src=\"/images/galley-proof.svg\""))
        #expect(post("2024/07/04/raw-html-in-a-post/index.html").contains("<details>"))
        #expect(post("2024/08/30/episode-1-proofs/index.html").contains("<audio controls"))
        #expect(post("feed.xml").contains("<enclosure url=\"https://blog.example.com/audio/episode-1.wav\" length=\"16044\" type=\"audio/wav\"/>"))
        #expect(post("2024/10/12/a-walk-in-photos/hill.svg").contains("<svg"))
        #expect(post("previews/index.html").contains("url=https://blog.example.com/2024/09/30/branch-previews/"))
        #expect(post("about/index.html").contains("<h1>About</h1>"))
        #expect(folder.read("out/2024/11/05/unfinished-thoughts/index.html") == nil)
        #expect(post("tags/writing/index.html").contains("Footnotes are marginalia"))
        #expect(post("categories/notes/index.html").contains("Hello, galley"))
        #expect(post("categories/how-to/index.html").contains("Every branch gets a preview"))
    }

    /// (Not under ThreadSanitizer, whose runtime cannot start under a file-size limit this small:
    /// even `galley --version` stops with a SIGBUS there.)
    @Test(.disabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "ThreadSanitizer cannot start under a 100 KiB file-size limit"))
    func aWriteThatFailsLeavesTheLiveSiteAndNoSpareBehind() throws {
        let folder = try blog()
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url).status == 0)
        let before = folder.read("blog/_site/index.html")
        // A file bigger than the process may write: the build fails as on a full disk.
        try folder.write("blog/static/big.bin", String(repeating: "x", count: 200_000))
        let full = try GalleyProcess.run(["build", "blog"], in: folder.url, fileSizeLimit: 100)
        #expect(full.status != 0)
        #expect(full.stderr.contains("big.bin"), "\(full.stderr)")
        #expect(full.stderr.contains("was removed"), "\(full.stderr)")
        #expect(folder.read("blog/_site/index.html") == before)
        #expect(folder.read("blog/_site/big.bin") == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "blog/._site.galley-spare").path))
        // Room again: the next build needs no hand cleaning.
        let again = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(folder.read("blog/_site/big.bin")?.count == 200_000)
    }

    @Test func aHostileBlogFailsWithMessagesRatherThanACrash() throws {
        let folder = try blog()
        #expect(try GalleyProcess.run(["build", "blog"], in: folder.url).status == 0)
        let before = folder.read("blog/_site/index.html")

        // Each of these crashed the process (a stack overflow, an overflow trap) or took minutes
        // and gigabytes; the timeout stops a build that would hang.
        let config = "title: CLI Blog\nbase_url: https://cli.example.com/\n"
        try folder.write("blog/galley.yml", config + "per_page: 9223372036854775807\n")
        try folder.write("blog/layouts/footer.mustache", "<footer>\n{{>footer}}</footer>")
        let result = try GalleyProcess.run(["build", "blog"], in: folder.url, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = BuildMistakeTests.said(result.stderr)
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("error: blog/galley.yml:3: 'per_page' must be a whole number from 1 to ") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("error: blog/layouts/footer.mustache:2: 'footer' brings itself in again (footer > footer)") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("build failed: 2 errors; ") == true)

        // Posts are read once the settings and the layouts are good.
        try folder.write("blog/galley.yml", config)
        try folder.write("blog/layouts/footer.mustache", "<footer></footer>")
        let bomb = (1...9).map { level in
            "l\(level): &l\(level) [" + Array(repeating: level == 1 ? "lol" : "*l\(level - 1)", count: 9).joined(separator: ", ") + "]"
        }
        try folder.write("blog/posts/2019-10-12-bomb.md", "---\ntitle: Bomb\n" + bomb.joined(separator: "\n") + "\n---\n")
        let bombed = try GalleyProcess.run(["build", "blog"], in: folder.url, timeout: 30)
        #expect(bombed.status == 1, "\(bombed.stderr)")
        #expect(bombed.stderr.hasPrefix("error: blog/posts/2019-10-12-bomb.md:3: YAML anchors (&name) are not supported"), "\(bombed.stderr)")
        #expect(folder.read("blog/_site/index.html") == before)
    }

    @Test func anOutputInsideASourceFolderIsRefused() throws {
        let folder = try blog()
        let result = try GalleyProcess.run(["build", "blog", "-o", "blog/static/out"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("is inside static/, where the next build would read it back"))
        #expect(folder.read("blog/static/out/index.html") == nil)

        // Also through a link whose target is a source folder, on the very first build.
        symlink("posts", folder.url.appending(path: "blog/p").path)
        let linked = try GalleyProcess.run(["build", "blog", "-o", "blog/p/out"], in: folder.url)
        #expect(linked.status != 0)
        #expect(linked.stderr.contains("is inside posts/"))
        #expect(folder.read("blog/posts/out/index.html") == nil)
    }
}
