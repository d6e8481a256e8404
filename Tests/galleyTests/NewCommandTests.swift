import Foundation
import TestThreads
import Testing

@Suite(.onBlockingPool) struct NewCommandTests {
    /// Today as `galley new` dates a post in a blog whose timezone is UTC.
    static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    /// The environment's timezone is UTC, so `galley new site` writes `timezone: UTC`.
    static let utc = ["TZ": "UTC"]

    /// Each test starts at least a minute before midnight UTC, or just after it: `galley new`
    /// dates a post when it runs and the test reads ``today`` afterwards, and a run that
    /// crossed midnight in between expected the wrong day. No test here takes a minute.
    init() {
        let secondsIntoDay = Int(Date().timeIntervalSince1970) % 86_400
        let left = 86_400 - secondsIntoDay
        if left < 60 { Thread.sleep(forTimeInterval: Double(left) + 1) }
    }

    func newBlog(_ folder: ScratchFolder, _ arguments: [String] = []) throws {
        let result = try GalleyProcess.run(["new", "site", "blog"] + arguments, in: folder.url, environment: Self.utc)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    func newPost(_ folder: ScratchFolder, _ arguments: [String], in directory: String = "blog") throws -> GalleyProcess.Result {
        try GalleyProcess.run(["new", "post"] + arguments, in: folder.url.appending(path: directory), environment: Self.utc)
    }

    @Test func aNewSiteAndPostBuildFromAnEmptyFolder() throws {
        let folder = try ScratchFolder()
        try newBlog(folder, ["--title", "Field Notes"])
        let settings = folder.read("blog/galley.yml") ?? ""
        #expect(settings.contains("title: \"Field Notes\"\n"))
        #expect(settings.contains("timezone: UTC\n"))
        #expect(settings.contains("# base_url: https://example.com/\n"))
        #expect(folder.read("blog/.gitignore") == "_site/\n.galley-cache/\n._site.galley-*\n")
        #expect(folder.read("blog/pages/about.md")?.contains("title: About") == true)
        #expect(folder.read("blog/static/images/proof.svg")?.hasPrefix("<svg") == true)
        let first = "blog/posts/\(Self.today)-welcome.md"
        #expect(folder.read(first)?.contains("title: \"Welcome to Field Notes\"") == true)

        let post = try newPost(folder, ["Notes from the train"])
        #expect(post.status == 0, "\(post.stderr)")
        #expect(post.stdout == "posts/\(Self.today)-notes-from-the-train.md\n")
        #expect(post.stderr.isEmpty)
        let text = folder.read("blog/posts/\(Self.today)-notes-from-the-train.md") ?? ""
        #expect(text.hasPrefix("---\ntitle: \"Notes from the train\"\ndate: \(Self.today)T"))
        #expect(text.contains("+00:00\ntags: []\n---\n"))

        let build = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        // No base_url: no warning, only a word in the summary.
        #expect(build.stderr.isEmpty, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("2 posts, 1 page: "), "\(build.stdout)")
        #expect(build.stdout.contains("; no base_url, so feeds and the sitemap point at http://localhost:8000/"))
        let day = Self.today.replacingOccurrences(of: "-", with: "/")
        let welcome = folder.read("blog/_site/\(day)/welcome/index.html") ?? ""
        #expect(welcome.contains("<img src=\"/images/proof.svg\""))
        #expect(welcome.contains("<a href=\"/about/\">about page</a>"))
        #expect(welcome.contains("<code class=\"language-sh\">"))
        #expect(folder.read("blog/_site/\(day)/notes-from-the-train/index.html") != nil)
        #expect(folder.read("blog/_site/about/index.html") != nil)
        #expect(folder.read("blog/_site/images/proof.svg") != nil)
        #expect(folder.read("blog/_site/feed.xml")?.contains("http://localhost:8000/") == true)

        // The sample pages pass the strict check too.
        let strict = try GalleyProcess.run(["build", "blog", "--strict", "-o", "strict"], in: folder.url)
        #expect(strict.status == 0, "\(strict.stderr)")
    }

    @Test func aBaseURLGoesIntoTheSettings() throws {
        let folder = try ScratchFolder()
        try newBlog(folder, ["--base-url", "https://notes.example.org/blog"])
        #expect(folder.read("blog/galley.yml")?.contains("\nbase_url: \"https://notes.example.org/blog/\"\n") == true)
        #expect(folder.read("blog/galley.yml")?.contains("title: \"blog\"\n") == true)
        let build = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!build.stdout.contains("base_url"))
        let day = Self.today.replacingOccurrences(of: "-", with: "/")
        #expect(folder.read("blog/_site/\(day)/welcome/index.html")?.contains("<img src=\"/blog/images/proof.svg\"") == true)

        let bad = try GalleyProcess.run(["new", "site", "other", "--base-url", "notes.example.org"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("error: --base-url 'notes.example.org' must be an absolute http or https address"), "\(bad.stderr)")
        #expect(folder.read("other/galley.yml") == nil)
    }

    @Test func aFolderWithAnythingInItIsRefusedAndNothingWritten() throws {
        let folder = try ScratchFolder()
        try folder.write("blog/notes.txt", "mine")
        let result = try GalleyProcess.run(["new", "site", "blog"], in: folder.url)
        #expect(result.status == 4)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: blog: is not empty: galley new site writes only into a new or empty folder, so nothing of yours is overwritten\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog").path) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["blog"])

        // A link is not followed, to an empty folder or not.
        try FileManager.default.createDirectory(at: folder.url.appending(path: "elsewhere"), withIntermediateDirectories: true)
        symlink("elsewhere", folder.url.appending(path: "linked").path)
        let linked = try GalleyProcess.run(["new", "site", "linked"], in: folder.url)
        #expect(linked.status == 4)
        #expect(linked.stderr.contains("linked: is a symbolic link"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "elsewhere").path).isEmpty)

        try folder.write("file", "x")
        let file = try GalleyProcess.run(["new", "site", "file"], in: folder.url)
        #expect(file.status == 4)
        #expect(file.stderr.contains("file: exists and is not a folder"))

        // An empty folder, and one whose parents are missing, are fine.
        try FileManager.default.createDirectory(at: folder.url.appending(path: "empty"), withIntermediateDirectories: true)
        #expect(try GalleyProcess.run(["new", "site", "empty"], in: folder.url).status == 0)
        // The folder a shell stands in stays the same folder, with the blog in it.
        let here = folder.url.appending(path: "here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        let inode = try FileManager.default.attributesOfItem(atPath: here.path)[.systemFileNumber] as? Int
        #expect(try GalleyProcess.run(["new", "site", "."], in: here).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: here.path)[.systemFileNumber] as? Int == inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["blog", "elsewhere", "empty", "file", "here", "linked"])
        #expect(try GalleyProcess.run(["new", "post", "Here"], in: here).status == 0)
        #expect(try GalleyProcess.run(["new", "site", "deep/er/blog"], in: folder.url).status == 0)
        #expect(folder.read("deep/er/blog/galley.yml") != nil)
    }

    @Test func aPostIsNeverOverwritten() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        let first = try newPost(folder, ["Twice"])
        #expect(first.status == 0)
        let path = "blog/" + first.stdout.trimmingCharacters(in: .newlines)
        try folder.write(path, "---\ntitle: Twice\n---\nMy words.\n")
        let again = try newPost(folder, ["Twice"])
        #expect(again.status == 4)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr == "error: \(first.stdout.trimmingCharacters(in: .newlines)): already exists; galley new post never overwrites a post (give it another title or --date)\n")
        #expect(folder.read(path) == "---\ntitle: Twice\n---\nMy words.\n")
        // Nor by a bundle at the same address.
        let bundle = try newPost(folder, ["Twice", "--bundle"])
        #expect(bundle.status == 4)
        #expect(bundle.stderr.contains("already exists"))
    }

    /// A file where the posts folder goes was said as the system's "File exists".
    @Test func aFileWherePostsGoIsSaidToBeInTheWay() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        try FileManager.default.removeItem(at: folder.url.appending(path: "blog/posts"))
        try folder.write("blog/posts", "not a folder")
        let refused = try newPost(folder, ["Blocked"])
        #expect(refused.status == 4)
        #expect(refused.stderr.contains("posts: cannot create folder: a file of that name is in the way"), "\(refused.stderr)")
        #expect(folder.read("blog/posts") == "not a folder")
    }

    @Test func aPostOutsideABlogOrWithoutATitleIsRefused() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        let outside = try GalleyProcess.run(["new", "post", "Lost"], in: folder.url)
        #expect(outside.status == 3)
        #expect(outside.stderr.hasPrefix("error: \(folder.url.path): is not a blog folder (it has no galley.yml)"), "\(outside.stderr)")
        let named = try GalleyProcess.run(["new", "post", "Found", "--site", "blog"], in: folder.url)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == "blog/posts/\(Self.today)-found.md\n")
        let untitled = try newPost(folder, ["  "])
        #expect(untitled.status == 2)
        #expect(untitled.stderr.contains("a post needs a title"))
        let badDate = try newPost(folder, ["Then", "--date", "next tuesday"])
        #expect(badDate.status == 2)
        #expect(badDate.stderr.hasPrefix("error: --date: 'next tuesday' is not a date"), "\(badDate.stderr)")
        // In the blog's zone (UTC) this is the year 10000: the file it named was one no build reads.
        let tooLate = try newPost(folder, ["Later", "--date", "9999-12-31T23:59:59-18:00"])
        #expect(tooLate.status == 2)
        #expect(tooLate.stderr.contains("falls in the year 10000 in the blog's timezone"), "\(tooLate.stderr)")
        let first = try newPost(folder, ["First", "--date", "0001-01-01"])
        #expect(first.stdout == "posts/0001-01-01-first.md\n", "\(first.stderr)")
    }

    @Test func aTitleWithOddCharactersKeepsItsTextAndGetsTheCompilersSlug() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        let title = #"Ça va? "Quotes": a #hash, \back\ & [brackets] -- 100%"#
        let post = try newPost(folder, [title])
        #expect(post.status == 0, "\(post.stderr)")
        #expect(post.stdout == "posts/\(Self.today)-ca-va-quotes-a-hash-back-brackets-100.md\n")
        let symbols = try newPost(folder, ["!!!"])
        #expect(symbols.stdout == "posts/\(Self.today)-post.md\n")

        let build = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.isEmpty, "\(build.stderr)")
        let day = Self.today.replacingOccurrences(of: "-", with: "/")
        let page = folder.read("blog/_site/\(day)/ca-va-quotes-a-hash-back-brackets-100/index.html") ?? ""
        #expect(page.contains(#"Ça va? &quot;Quotes&quot;: a #hash, \back\ &amp; [brackets] -- 100%"#), "\(page.prefix(2000))")
    }

    /// A title that starts with `-` reads as an option; said so, with the way round it, and
    /// nothing is written (`-hot takes` printed the help, as `-h`, and exited 0).
    @Test func aTitleStartingWithADashIsSaidToGoAfterTwoDashes() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        for title in ["-hot takes", "-30 degrees outside"] {
            let refused = try newPost(folder, [title])
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(title): \(refused.stdout)")
            #expect(refused.stderr.contains("error: '\(title)' reads as an option") && refused.stderr.contains("galley new post -- '\(title)'"),
                    "\(refused.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog/posts").path).count == 1)
        let after = try newPost(folder, ["--draft", "--date", "2024-01-02", "--", "-hot takes"])
        #expect(after.status == 0 && after.stdout == "posts/2024-01-02-hot-takes.md\n", "\(after.stderr)")
    }

    /// Titles with no letter or digit a slug keeps are `post`, `post-2`, …: not refused as taken.
    @Test func titlesThatMakeNoSlugAreNumbered() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        let made = try ["日本語のタイトル", "🎉🎉", "!!!"].map { try newPost(folder, [$0, "--date", "2024-01-02"]).stdout }
        #expect(made == ["posts/2024-01-02-post.md\n", "posts/2024-01-02-post-2.md\n", "posts/2024-01-02-post-3.md\n"])
        let taken = try newPost(folder, ["A title", "--date", "2024-01-02"])
        #expect(taken.status == 0)
        #expect(try newPost(folder, ["A title", "--date", "2024-01-02"]).stderr.contains("already exists"))
    }

    @Test func aBundleIsAFolderAndADraftWaitsForDrafts() throws {
        let folder = try ScratchFolder()
        try newBlog(folder)
        try folder.write("blog/galley.yml", (folder.read("blog/galley.yml") ?? "").replacingOccurrences(of: "timezone: UTC", with: "timezone: Asia/Tokyo"))
        let bundle = try newPost(folder, ["With photos", "--bundle", "--date", "2024-02-29 23:30"])
        #expect(bundle.stdout == "posts/2024-02-29-with-photos/index.md\n")
        #expect(folder.read("blog/posts/2024-02-29-with-photos/index.md")?.contains("date: 2024-02-29T23:30:00+09:00\n") == true)
        try folder.write("blog/posts/2024-02-29-with-photos/view.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")

        let draft = try newPost(folder, ["Not yet", "--draft", "--date", "2024-03-01"])
        #expect(draft.stdout == "posts/2024-03-01-not-yet.md\n")
        #expect(folder.read("blog/posts/2024-03-01-not-yet.md")?.contains("\ndraft: true\n") == true)
        try folder.write("blog/posts/2999-01-01-later.md", "---\ntitle: Later\n---\nSoon.\n")

        let build = try GalleyProcess.run(["build", "blog"], in: folder.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("; left out 1 draft (--drafts) and 1 future post (--future)"), "\(build.stdout)")
        #expect(folder.read("blog/_site/2024/02/29/with-photos/view.svg") != nil)
        #expect(folder.read("blog/_site/2024/03/01/not-yet/index.html") == nil)

        let drafts = try GalleyProcess.run(["build", "blog", "--drafts"], in: folder.url)
        #expect(drafts.status == 0, "\(drafts.stderr)")
        #expect(drafts.stdout.contains("; left out 1 future post (--future)"), "\(drafts.stdout)")
        #expect(folder.read("blog/_site/2024/03/01/not-yet/index.html") != nil)
    }
}
