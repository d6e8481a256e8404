import FakeForge
import Foundation
import TestThreads
import Testing

@testable import Previews

/// `galley deploy`, `watch`, `rollback` and `preview-name` as a CI job or a server would run them.
@Suite(.onBlockingPool) struct DeployCommandTests {
    /// A blog in a git repository, and a folder to deploy into.
    func setUp(branch: String = "post/hello") throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: CLI Blog\nbase_url: https://blog.example.com/\n")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        try git(["init", "-q", "-b", branch], in: folder.url.appending(path: "blog"))
        try git(["add", "-A"], in: folder.url.appending(path: "blog"))
        try git(["commit", "-q", "-m", "blog"], in: folder.url.appending(path: "blog"))
        return folder
    }

    @Test func previewNamePrintsTheLabel() throws {
        let folder = try ScratchFolder()
        #expect(try GalleyProcess.run(["preview-name", "post/nanoc-on-ipad"], in: folder.url).stdout == "post-nanoc-on-ipad\n")
        #expect(try GalleyProcess.run(["preview-name", "Feature/Héllo_World", "--domain", "Previews.Example.com"], in: folder.url).stdout
            == "feature-hello-world.previews.example.com\n")
        let long = try GalleyProcess.run(["preview-name", String(repeating: "x", count: 100)], in: folder.url).stdout
        #expect(long.count == 64)
    }

    @Test func deployFromHeadPrintsTheURLLast() throws {
        let folder = try setUp()
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "previews.example.com"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "https://post-hello.previews.example.com/\n")
        #expect(result.stderr.contains("deploying branch post/hello (from HEAD of "))
        #expect(folder.read("previews/post-hello.previews.example.com/2019/10/08/hello/index.html")?.contains("noindex") == true)
    }

    /// A deploy from a folder with edits not committed published them under the commit's
    /// label (the per-commit address meant to show what was reviewed) and said nothing. It
    /// warns; files the build does not read (the cache, the output) are no changes.
    @Test func uncommittedChangesAreDeployedWithAWarning() throws {
        let folder = try setUp()
        let clean = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "previews.example.com"], in: folder.url)
        #expect(clean.status == 0 && !clean.stderr.contains("not committed"), "\(clean.stderr)")
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi, edited.\n")
        try folder.write("blog/posts/2019-10-09-new.md", "---\ntitle: New\n---\nNew.\n")
        let dirty = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "previews.example.com"], in: folder.url)
        #expect(dirty.status == 0, "\(dirty.stderr)")
        let head = try git(["rev-parse", "--short=7", "HEAD"], in: folder.url.appending(path: "blog")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(dirty.stderr.contains("galley: warning: the blog has changes not committed (posts/2019-10-08-hello.md and 1 more): "
            + "the deploy shows them, though it is labelled \(head)"), "\(dirty.stderr)")
        #expect(folder.read("previews/post-hello.previews.example.com/2019/10/08/hello/index.html")?.contains("Hi, edited.") == true)
    }

    /// The same for a blog in a folder of the repository whose name holds wildcards, which git
    /// read as a pattern (and saw no change); a file the repository ignores is read by the
    /// build, so it counts; editors' litter the build never reads does not.
    @Test func uncommittedChangesAreFoundInAnyFolderAndLitterIsNot() throws {
        let folder = try ScratchFolder()
        try folder.write("repo/we[b]/galley.yml", "title: W\nbase_url: https://w.example.com/\n")
        try folder.write("repo/we[b]/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi.\n")
        try folder.write("repo/.gitignore", "2019-10-09-ignored.md\n")
        let repo = folder.url.appending(path: "repo")
        try git(["init", "-q", "-b", "post/w"], in: repo)
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "blog"], in: repo)
        try folder.write("repo/we[b]/posts/2019-10-08-hello.md~", "backup\n")
        try folder.write("repo/we[b]/posts/.2019-10-08-hello.md.swp", "swap\n")
        let litter = try GalleyProcess.run(["deploy", "we[b]", "--to", "../previews", "--domain", "p.test"], in: repo)
        #expect(litter.status == 0 && !litter.stderr.contains("not committed"), "\(litter.stderr)")
        try folder.write("repo/we[b]/posts/2019-10-09-ignored.md", "---\ntitle: Ignored\n---\nRead all the same.\n")
        let ignored = try GalleyProcess.run(["deploy", "we[b]", "--to", "../previews", "--domain", "p.test"], in: repo)
        #expect(ignored.stderr.contains("not committed (we[b]/posts/2019-10-09-ignored.md)"), "\(ignored.stderr)")
        try folder.write("repo/we[b]/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nHi, edited.\n")
        let edited = try GalleyProcess.run(["deploy", "we[b]", "--to", "../previews", "--domain", "p.test"], in: repo)
        #expect(edited.stderr.contains("not committed (we[b]/posts/2019-10-08-hello.md and 1 more)"), "\(edited.stderr)")
    }

    /// `previews list --releases` gave both releases of a commit deployed twice the commit's
    /// address, which shows only the later one.
    @Test func aCommitDeployedTwiceIsListedWithOneAddress() throws {
        let folder = try setUp()
        for _ in 1...2 {
            let deployed = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.test"], in: folder.url)
            #expect(deployed.status == 0, "\(deployed.stderr)")
        }
        let head = try git(["rev-parse", "--short=7", "HEAD"], in: folder.url.appending(path: "blog")).trimmingCharacters(in: .whitespacesAndNewlines)
        let listed = try GalleyProcess.run(["previews", "list", "--to", "previews", "--releases", "--no-sizes"], in: folder.url)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.components(separatedBy: "https://\(head)--post-hello.p.test/").count == 2, "\(listed.stdout)")
        #expect(listed.stdout.contains("\(head) (deployed again later: its address shows that)"), "\(listed.stdout)")
    }

    /// The command line gives deploys their helpers (Pygments, KaTeX), which the previews
    /// library does not know by name: a preview must still have highlighted code and math.
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func aPreviewHasHighlightedCodeAndTypesetMath() throws {
        let folder = try setUp()
        try folder.write("blog/posts/2019-10-09-code.md", "---\ntitle: Code\n---\n```swift\nlet answer = 42\n```\n\n$$x^2$$\n")
        try git(["add", "-A"], in: folder.url.appending(path: "blog"))
        try git(["commit", "-q", "-m", "code"], in: folder.url.appending(path: "blog"))
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "previews.example.com"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let page = folder.read("previews/post-hello.previews.example.com/2019/10/09/code/index.html") ?? ""
        #expect(page.contains(#"<span class="kd">let</span>"#), "no highlighted code in the preview")
        #expect(page.contains("<math"), "no typeset math in the preview")
    }

    @Test func theBranchComesFromCIVariablesAndADetachedHeadIsAnError() throws {
        let folder = try setUp()
        try git(["checkout", "-q", "--detach"], in: folder.url.appending(path: "blog"))
        let detached = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(detached.status == 2, "a missing --branch is a usage mistake")
        #expect(detached.stderr.contains("HEAD is detached at"))
        #expect(detached.stdout.isEmpty)
        #expect(folder.read("previews/head.p.example.com/index.html") == nil)

        let fromCI = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url,
                                           environment: ["GITHUB_REF_NAME": "post/from-actions", "GITHUB_REF_TYPE": "branch"])
        #expect(fromCI.status == 0, "\(fromCI.stderr)")
        #expect(fromCI.stdout == "https://post-from-actions.p.example.com/\n")
        #expect(fromCI.stderr.contains("(from GITHUB_REF_NAME (GitHub or Gitea Actions))"))

        let explicit = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--branch", "x/y", "--scheme", "http"],
                                             in: folder.url, environment: ["CI_COMMIT_REF_NAME": "ignored"])
        #expect(explicit.stdout == "http://x-y.p.example.com/\n")
    }

    @Test func theProductionBranchAndRollback() throws {
        let folder = try setUp(branch: "main")
        let skipped = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(skipped.status == 0)
        #expect(skipped.stdout.isEmpty)
        #expect(skipped.stderr.contains("main is the production branch; pass --production-to DIR"))

        // An empty folder that already exists; nothing may be written beside it.
        try FileManager.default.createDirectory(at: folder.url.appending(path: "www/blog"), withIntermediateDirectories: true)
        let arguments = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--production-to", "www/blog"]
        let published = try GalleyProcess.run(arguments, in: folder.url)
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout == "https://blog.example.com/\n")
        #expect(folder.read("www/blog/current/index.html")?.contains("noindex") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "www").path) == ["blog"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "www/blog").path).sorted() == [".galley", "current"])

        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello again\n---\nHi.\n")
        #expect(try GalleyProcess.run(arguments, in: folder.url).status == 0)
        #expect(folder.read("www/blog/current/2019/10/08/hello/index.html")?.contains("Hello again") == true)
        let rollback = try GalleyProcess.run(["rollback", "--to", "previews", "--domain", "p.example.com", "--production-to", "www/blog", "--branch", "main"], in: folder.url)
        #expect(rollback.status == 0, "\(rollback.stderr)")
        #expect(folder.read("www/blog/current/2019/10/08/hello/index.html")?.contains("Hello again") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "www").path) == ["blog"])

        // A folder that holds a site someone else put there is refused, and left alone.
        try folder.write("www/other/index.html", "hand made")
        let refused = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--production-to", "www/other"], in: folder.url)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("holds files Galley did not put there (index.html)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "www/other").path) == ["index.html"])
    }

    @Test func onlyProductionNeedsABaseURL() throws {
        let folder = try setUp()
        try folder.write("blog/galley.yml", "title: CLI Blog\n")
        let preview = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout == "https://post-hello.p.example.com/\n")

        let production = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--production-to", "www",
                                                "--branch", "main"], in: folder.url)
        #expect(production.status == 1)
        #expect(production.stderr.contains("error: blog/galley.yml: missing 'base_url': a published blog needs the address it is published at"),
                "\(production.stderr)")
        #expect(folder.read("www/current/index.html") == nil)
    }

    @Test func aFileSystemErrorIsSaidInWordsNotDumped() throws {
        let folder = try setUp()
        // A file where the destination's folder should be: Foundation cannot make it.
        try folder.write("blocked", "a file")
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "blocked/previews", "--domain", "p.example.com"], in: folder.url)
        // The destination cannot be made: publishing failed.
        #expect(result.status == 5)
        #expect(result.stderr.contains("error: ") && result.stderr.contains("blocked"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("UserInfo"), "\(result.stderr)")
    }

    @Test func aFailedBuildKeepsThePreviewAndSaysSo() throws {
        let folder = try setUp()
        #expect(try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url).status == 0)
        try folder.write("blog/posts/2019-10-09-bad.md", "---\ntitle: Bad\ndraft: maybe\n---\n")
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("blog/posts/2019-10-09-bad.md:3: 'draft' must be true or false"))
        #expect(result.stderr.contains("the live site was left as it was"))
        #expect(folder.read("previews/post-hello.p.example.com/index.html") != nil)
    }

    @Test func watchOnceDeploysEveryBranchOfABareRepository() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        try git(["init", "-q", "--bare", folder.url.appending(path: "server.git").path], in: folder.url)
        try git(["push", "-q", folder.url.appending(path: "server.git").path, "main", "main:refs/heads/post/one", "main:refs/heads/post/two"], in: blog)
        let result = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--once"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 deployed, 0 failed, 0 removed, 0 unchanged"))
        #expect(folder.read("previews/post-one.p.example.com/index.html") != nil)
        #expect(folder.read("previews/post-two.p.example.com/index.html") != nil)
        #expect(FileManager.default.fileExists(atPath: folder.url.appending(path: "server.git/galley/watch.json").path))

        let again = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--once"], in: folder.url)
        #expect(again.stderr.contains("0 deployed, 0 failed, 0 removed, 3 unchanged"))

        // Another destination has none of them yet: everything goes there.
        let moved = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "elsewhere", "--domain", "p.example.com", "--once"], in: folder.url)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr.contains("2 deployed, 0 failed, 0 removed, 0 unchanged"), "\(moved.stderr)")
        #expect(folder.read("elsewhere/post-one.p.example.com/index.html") != nil)
        #expect(folder.read("elsewhere/post-two.p.example.com/index.html") != nil)

        let badInterval = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--interval", "soon"], in: folder.url)
        #expect(badInterval.status != 0)
        #expect(badInterval.stderr.contains("--interval 'soon' is not a time"))
        // Durations and counts no clock or pass can hold were a crash (`inf`) or a pass that never ended.
        #expect(mkfifo(folder.url.appending(path: "state.pipe").path, 0o644) == 0)
        for (option, value, said) in [("--interval", "inf", "--interval 'inf' is not a time"), ("--interval", "1e30", "is not a time"),
                                      ("--build-timeout", "inf", "--build-timeout must be"), ("--build-timeout", "nan", "--build-timeout must be"),
                                      ("--build-timeout", "0", "--build-timeout must be"), ("--build-memory-mb", "9223372036854775807", "--build-memory-mb must be"),
                                      ("--jobs", "9223372036854775807", "--jobs must be"),
                                      // The state file would replace a device or a pipe: `--state /dev/null` once left the
                                      // system a plain file for /dev/null (a pipe here, so that a mistake costs nothing).
                                      ("--state", "state.pipe", "state.pipe is not a file"), ("--state", "previews", "is a folder"),
                                      // The current folder, and the top of the file system.
                                      ("--to", "", "--to is empty"), ("--to", "//", "--to / is the top of the file system"),
                                      ("--production-to", " ", "--production-to is empty")] {
            let refused = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--once", option, value],
                                                in: folder.url)
            #expect(refused.status == 2, "\(option) \(value): \(refused.stderr)")
            #expect(refused.stderr.contains(said), "\(option) \(value): \(refused.stderr)")
        }
        // A state file whose folder cannot be made is said by its path and reason, not as
        // Foundation's dump of the error.
        try Data("x".utf8).write(to: folder.url.appending(path: "plain"))
        let unmade = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--once",
                                            "--state", "plain/watch.json"], in: folder.url)
        #expect(unmade.status != 0)
        #expect(unmade.stderr.contains("plain: is a file, so the folder cannot go inside it") && !unmade.stderr.contains("NSCocoaErrorDomain"), "\(unmade.stderr)")
        // `.` is the repository's top, where this blog is (every branch once failed, its
        // galley.yml "not found"); a folder outside the repository is a usage mistake.
        let top = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "elsewhere", "--domain", "p.example.com", "--once", "--site", "./"],
                                        in: folder.url)
        #expect(top.status == 0, "\(top.stderr)")
        #expect(top.stderr.contains(" 0 failed"), "\(top.stderr)")
        let outside = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "elsewhere", "--domain", "p.example.com", "--once", "--site", "../x"],
                                            in: folder.url)
        #expect(outside.status == 2, "\(outside.stderr)")
        #expect(outside.stderr.contains("--site '../x' must be a folder inside the repository"), "\(outside.stderr)")
        // A --site the commits do not hold (the shipped service's `--site site`, for a blog at
        // the top): the file looked for is named from the repository's top, `site/galley.yml`,
        // not `galley.yml`, which is there.
        let missing = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "elsewhere", "--domain", "p.example.com", "--once",
                                             "--site", "site", "--state", "site-state.json"], in: folder.url)
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("error: site/galley.yml: not found"), "\(missing.stderr)")
    }

    /// A build's warnings (here, links to pages the blog does not have) reach the writer of
    /// the branch: `galley deploy` says them as `galley build` does, the watcher logs the first
    /// ten and says how many more, and the preview's changes page lists them all.
    @Test func theBuildsWarningsReachTheDeployTheWatchersLogAndTheChangesPage() async throws {
        let folder = try setUp()
        let blog = folder.url.appending(path: "blog")
        let links = (1...12).map { "[gone \($0)](/2019/10/08/gone-\($0)/)" }.joined(separator: "\n\n")
        // The last holds a LINE SEPARATOR, at which the watcher once broke its child's outcome.
        try folder.write("blog/posts/2019-10-09-links.md", "---\ntitle: Links\n---\nLinks below.\n\n" + links + "\n\n[odd](/2019/10/08/a%E2%80%A8b/)\n")
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "links"], in: blog)
        let said = "the link '/2019/10/08/gone-12/' names a file this blog does not have (/2019/10/08/gone-12/)"

        let deployed = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(deployed.status == 0, "\(deployed.stderr)")
        #expect(deployed.stderr.contains("warning: blog/posts/2019-10-09-links.md:28: " + said), "\(deployed.stderr)")
        #expect(deployed.stderr.contains("; 13 warnings; release "), "\(deployed.stderr)")
        let page = try #require(folder.read("previews/post-hello.p.example.com/_galley/changes/index.html"))
        #expect(page.contains("<h2>Warnings (13)</h2>"), "\(page)")
        #expect(page.contains("<li><code>posts/2019-10-09-links.md:28</code>: " + said.replacingOccurrences(of: "'", with: "&#39;") + "</li>"), "\(page)")

        // The watcher builds in a child process, which hands the warnings back with its outcome.
        try git(["init", "-q", "--bare", folder.url.appending(path: "server.git").path], in: folder.url)
        try git(["push", "-q", folder.url.appending(path: "server.git").path, "post/hello:refs/heads/post/x"], in: blog)
        let watched = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "watched", "--domain", "p.example.com", "--once"], in: folder.url)
        #expect(watched.status == 0, "\(watched.stderr)")
        let warnings = watched.stderr.split(separator: "\n").filter { $0.contains("posts/2019-10-09-links.md:") }
        #expect(warnings.count == 10, "\(watched.stderr)")
        #expect(watched.stderr.contains("and 3 more warnings: https://post-x.p.example.com/_galley/changes/ lists them"), "\(watched.stderr)")
        let watchedPage = try #require(folder.read("watched/post-x.p.example.com/_galley/changes/index.html"))
        #expect(watchedPage.contains("<h2>Warnings (13)</h2>") && watchedPage.contains("<code>posts/2019-10-09-links.md:28</code>"), "\(watchedPage)")

        // The listings count them for the build on show, and `galley host`'s index links the count to the page.
        let list = try GalleyProcess.run(["previews", "list", "--to", "watched"], in: folder.url)
        #expect(list.stdout.contains("    13 warnings in the build on show: https://post-x.p.example.com/_galley/changes/ lists them"), "\(list.stdout)")
        let host = try BackgroundGalley(["host", "--root", "watched", "--domain", "p.example.com", "--port", "0"], in: folder.url)
        #expect(eventually(within: 60) { host.stderr.contains("listening on http://127.0.0.1:") }, "\(host.stderr)")
        let port = try #require(host.stderr.components(separatedBy: "listening on http://127.0.0.1:").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) })
        let index = try await RawHTTP(port: port).send("/", headers: ["Host": "p.example.com"])
        #expect(index.text.contains("live, <a href=\"//post-x.p.example.com/_galley/changes/\">13 warnings</a>"), "\(index.text)")
        host.signal(SIGTERM)
    }

    @Test func aRunningWatcherPicksUpPushesAndDeletions() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "main"], in: blog)

        let watcher = Process()
        watcher.executableURL = GalleyProcess.binary
        watcher.arguments = ["watch", "--repo", server.path, "--to", folder.url.appending(path: "previews").path, "--domain", "p.example.com",
                             "--interval", "0.2s"]
        watcher.standardOutput = FileHandle.nullDevice
        watcher.standardError = FileHandle.nullDevice
        try watcher.run()
        let guarding = OrphanGuard(watcher)
        defer {
            withExtendedLifetime(guarding) {}
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitWithoutSpinning()
        }
        func eventually(_ condition: () -> Bool) -> Bool {
            for _ in 0..<300 {  // at most 30 s
                if condition() { return true }
                usleep(100_000)
            }
            return false
        }

        try git(["push", "-q", server.path, "main:refs/heads/post/live"], in: blog)
        #expect(eventually { folder.read("previews/post-live.p.example.com/index.html") != nil })
        try folder.write("blog/posts/2019-10-09-more.md", "---\ntitle: More\n---\n")
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "more"], in: blog)
        try git(["push", "-q", server.path, "main:refs/heads/post/live"], in: blog)
        #expect(eventually { folder.read("previews/post-live.p.example.com/2019/10/09/more/index.html") != nil })
        try git(["push", "-q", server.path, "--delete", "post/live"], in: blog)
        #expect(eventually { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appending(path: "previews/post-live.p.example.com").path)) == nil })
        #expect(watcher.isRunning)
    }

    @Test func theNewestPushWinsNotTheNewestCommit() throws {
        let folder = try setUp()
        let blog = folder.url.appending(path: "blog")
        let older = try git(["rev-parse", "HEAD"], in: blog)
        try folder.write("blog/posts/2019-10-09-newer.md", "---\ntitle: Newer\n---\n")
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "newer"], in: blog)
        let deploy = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--branch", "post/hello"]
        let pipeline = ["GITHUB_REPOSITORY": "owner/blog", "GITHUB_WORKFLOW": "Preview"]
        let newer = try GalleyProcess.run(deploy, in: folder.url, environment: pipeline.merging(["GITHUB_RUN_NUMBER": "8"]) { $1 })
        #expect(newer.status == 0, "\(newer.stderr)")

        // The job of an earlier push (run 7) reaches its deploy step last: it is not put live.
        try git(["checkout", "-q", older], in: blog)
        let late = try GalleyProcess.run(deploy, in: folder.url, environment: pipeline.merging(["GITHUB_RUN_NUMBER": "7"]) { $1 })
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdout.isEmpty)
        #expect(late.stderr.contains("not deployed: commit"), "\(late.stderr)")
        #expect(late.stderr.contains("run 8 of GITHUB_RUN_NUMBER owner/blog Preview is live"), "\(late.stderr)")
        #expect(folder.read("previews/post-hello.p.example.com/2019/10/09/newer/index.html") != nil)

        // The branch reset to the older commit and force-pushed is a new push (run 9): it goes live.
        let back = try GalleyProcess.run(deploy, in: folder.url, environment: pipeline.merging(["GITHUB_RUN_NUMBER": "9"]) { $1 })
        #expect(back.stdout == "https://post-hello.p.example.com/\n", "\(back.stderr)")
        #expect(folder.read("previews/post-hello.p.example.com/2019/10/09/newer/index.html") == nil)
        // So is the same deploy run by hand, outside CI.
        try git(["checkout", "-q", "post/hello"], in: blog)
        #expect(try GalleyProcess.run(deploy, in: folder.url).stdout == "https://post-hello.p.example.com/\n")
        #expect(folder.read("previews/post-hello.p.example.com/2019/10/09/newer/index.html") != nil)
    }

    @Test func aForcePushBackToAnOlderCommitDeploysItOnceAndTheLogStaysQuiet() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Version A\n---\n")
        try git(["commit", "-q", "-am", "A"], in: blog)
        let commitA = try git(["rev-parse", "HEAD"], in: blog)
        try git(["push", "-q", server.path, "main", "main:refs/heads/post/x"], in: blog)
        let watcher = try BackgroundGalley(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--interval", "0.2s"],
                                           in: folder.url)
        let page = "previews/post-x.p.example.com/2019/10/08/hello/index.html"
        #expect(eventually { folder.read(page)?.contains("Version A") == true })

        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Version B\n---\n")
        try git(["commit", "-q", "-am", "B"], in: blog)
        try git(["push", "-q", server.path, "main:refs/heads/post/x"], in: blog)
        #expect(eventually { folder.read(page)?.contains("Version B") == true })

        try git(["push", "-q", "-f", server.path, "\(commitA):refs/heads/post/x"], in: blog)
        #expect(eventually { folder.read(page)?.contains("Version A") == true })
        // The page changes before the deploy is said: waited for, then ten passes or so in
        // which nothing more happens, and nothing more is said.
        #expect(eventually { watcher.stderr.components(separatedBy: "deployed https://post-x.p.example.com/").count == 4 }, "\(watcher.stderr)")
        usleep(500_000)
        let settled = watcher.stderr.split(separator: "\n").count
        usleep(2_000_000)
        let lines = watcher.stderr.split(separator: "\n")
        #expect(lines.count == settled, "\(watcher.stderr)")
        #expect(lines.filter { $0.contains("deployed https://post-x.p.example.com/") }.count == 3, "\(watcher.stderr)")
        #expect(!watcher.stderr.contains("moved during its build"))
        #expect(folder.read(page)?.contains("Version A") == true)
        #expect(watcher.process.isRunning)
    }

    /// A stand-in for rsync, first on the PATH, that lets a test interrupt a deploy over ssh while
    /// it holds the destination's lock and copies a release in: it writes its pid to `started`,
    /// then waits (20 s at most) for a file `go` before it runs the real rsync.
    func pausingRsync(in folder: ScratchFolder) throws -> (environment: [String: String], started: URL) {
        let bin = folder.url.appending(path: "pause-bin")
        let rsync = ["/usr/bin/rsync", "/usr/local/bin/rsync", "/bin/rsync"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "rsync"
        let script = """
            #!/bin/sh
            echo $$ > '\(bin.path)/started'
            i=0
            while [ ! -e '\(bin.path)/go' ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
            exec \(rsync) "$@"

            """
        try folder.write("pause-bin/rsync", script)
        chmod(bin.appending(path: "rsync").path, 0o755)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (["PATH": path], bin.appending(path: "started"))
    }

    /// The `.partial` releases under the previews folder.
    func partialReleases(_ folder: ScratchFolder) -> [String] {
        let releases = folder.url.appending(path: "previews/.galley/releases")
        return ((try? FileManager.default.subpathsOfDirectory(atPath: releases.path)) ?? []).filter { $0.hasSuffix(".partial") }
    }

    /// Whether some process holds the previews folder's lock.
    func lockIsHeld(_ folder: ScratchFolder) -> Bool {
        let descriptor = open(folder.url.appending(path: "previews/\(DestinationLock.path)").path, O_RDWR)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }

    /// Over ssh, where rsync copies each release in and a deploy spends its time: a folder on this
    /// machine is copied by Galley itself, in moments: its stopping is tested in `LocalDestinationTests`,
    /// and its killing below. The host is this machine, so the test sees its folder.
    @Test(.enabled(if: SSHServer.isAvailable, "needs root and OpenSSH (scripts/test installs it)"),
          arguments: [("deploy", SIGTERM), ("deploy", SIGKILL), ("watch", SIGTERM), ("watch", SIGINT)])
    func aProcessStoppedMidDeployLeavesNoLockAndNoPartialRelease(command: String, signal: Int32) throws {
        let folder = try setUp()
        let blog = folder.url.appending(path: "blog")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "post/hello"], in: blog)
        let sshd = try SSHServer()
        let host = ["--to", "127.0.0.1:" + folder.url.appending(path: "previews").path, "--ssh", sshd.command.joined(separator: " ")]
        let deploy = ["deploy", "blog", "--domain", "p.example.com"] + host
        let watch = ["watch", "--repo", server.path, "--domain", "p.example.com"] + host
        let (paused, started) = try pausingRsync(in: folder)
        // ssh's sockets go in a folder of the test's own (a short path, as a socket's must be): a
        // galley killed outright cannot remove the folder it made for them.
        var template = Array("/tmp/galley-test-ssh-XXXXXX".utf8CString)
        let sockets = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: sockets) }
        let environment = paused.merging(["XDG_RUNTIME_DIR": sockets]) { $1 }
        let process = try BackgroundGalley(command == "deploy" ? deploy : watch + ["--interval", "30s"], in: folder.url, environment: environment)
        #expect(eventually { FileManager.default.fileExists(atPath: started.path) }, "\(process.stderr)")
        // The kill lands while the release is copied in, under the lock.
        #expect(lockIsHeld(folder))
        #expect(partialReleases(folder).count == 1)

        process.signal(signal)
        #expect(process.waitForExit(timeout: 10), "\(process.stderr)")
        if signal == SIGKILL {
            // As systemd would, the rest of the process group goes too.
            if let text = try? String(contentsOf: started, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        } else {
            // Stopped cleanly: a deploy says so and fails; a watcher stops as a service should.
            #expect(process.process.terminationReason == .exit)
            #expect(process.process.terminationStatus == (command == "deploy" ? 128 + signal : 0), "\(process.stderr)")
            #expect(partialReleases(folder).isEmpty)
        }
        // The shell on the host that held the lock ends once its ssh connection has.
        #expect(eventually(within: 10) { !lockIsHeld(folder) })

        // The next deploy starts at once, and goes through.
        let start = Date()
        let next = try GalleyProcess.run(command == "deploy" ? deploy : watch + ["--once"], in: folder.url, timeout: 30)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(!next.stderr.contains("waiting for the lock"))
        #expect(folder.read("previews/post-hello.p.example.com/2019/10/08/hello/index.html") != nil)
        #expect(partialReleases(folder).isEmpty, "\(partialReleases(folder))")
    }

    /// More folders than the process may hold open, as under a service manager's default
    /// limit: production's digests, a preview's changes page and both copies still go through,
    /// a folder at a time.
    @Test func aSiteOfMoreFoldersThanItMayHoldOpenIsDeployedWhole() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        for number in 1...600 {
            try folder.write("blog/posts/2020-01-01-p\(number).md", "---\ntitle: P\(number)\n---\nWords \(number).\n")
        }
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "many"], in: blog)
        let deploy = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--production-to", "www"]
        let production = try GalleyProcess.run(deploy, in: folder.url, timeout: 120, openFiles: 256)
        #expect(production.status == 0, "\(production.stderr)")
        #expect(folder.read("www/current/2020/01/01/p600/index.html")?.contains("Words 600.") == true)
        // Every page's digest taken: a file left unread would be missing from them.
        let digestsFolder = folder.url.appending(path: "www/.galley/digests")
        let digestFiles = try FileManager.default.contentsOfDirectory(atPath: digestsFolder.path)
        #expect(digestFiles.count == 1)
        let digests = try String(contentsOf: digestsFolder.appending(path: digestFiles.first ?? ""), encoding: .utf8)
        let postPages = Set((1...600).map { "2020/01/01/p\($0)/index.html" })
        // A file's line: f, digest, size, time, path, title.
        let measured = Set(digests.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.first == "f" && fields.count > 4 ? String(fields[4]) : nil
        })
        #expect(postPages.isSubset(of: measured), "\(postPages.subtracting(measured).count) post pages have no digest")

        try git(["checkout", "-q", "-b", "post/edit"], in: blog)
        try folder.write("blog/posts/2020-01-01-p7.md", "---\ntitle: P7\n---\nOther words.\n")
        try git(["commit", "-q", "-am", "edit"], in: blog)
        let preview = try GalleyProcess.run(deploy, in: folder.url, timeout: 120, openFiles: 256)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(folder.read("previews/post-edit.p.example.com/2020/01/01/p7/index.html")?.contains("Other words.") == true)
        let changes = try #require(folder.read("previews/post-edit.p.example.com/_galley/changes/index.html"))
        #expect(changes.contains("/2020/01/01/p7/"), "\(changes)")
        #expect(!changes.contains("/2020/01/01/p8/"), "\(changes)")
    }

    /// A folder on this machine is copied in by Galley itself, with no rsync to pause: the
    /// deploy is frozen as soon as its release appears, then killed. What a user would see is
    /// the preview as it was, and the next deploy sweeping what the killed one left.
    @Test func aLocalDeployKilledWhileItsReleaseIsStagedLeavesThePreviewAsItWas() throws {
        let folder = try setUp()
        let blog = folder.url.appending(path: "blog")
        // Enough files that the copy lasts long enough to be caught.
        for number in 1...1500 {
            try folder.write("blog/posts/2020-01-01-p\(number).md", "---\ntitle: P\(number)\n---\nWords.\n")
        }
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "many"], in: blog)
        let deploy = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com"]
        let first = try GalleyProcess.run(deploy, in: folder.url, timeout: 120)
        #expect(first.status == 0, "\(first.stderr)")
        let page = "previews/post-hello.p.example.com/2019/10/08/hello/index.html"
        #expect(folder.read(page)?.contains("Hi.") == true)
        let releases = folder.url.appending(path: "previews/.galley/releases")
        func staged() -> Bool {
            let sites = (try? FileManager.default.contentsOfDirectory(atPath: releases.path)) ?? []
            return sites.contains { site in
                ((try? FileManager.default.contentsOfDirectory(atPath: releases.appending(path: site).path)) ?? [])
                    .contains { $0.hasSuffix(".partial") }
            }
        }
        // A deploy that goes through between two looks (a busy machine) is the live one, and
        // the next edit's deploy is tried.
        var live = "Hi.", frozen: BackgroundGalley?
        for attempt in 1...5 where frozen == nil {
            try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nEdit \(attempt).\n")
            try git(["commit", "-q", "-am", "edit \(attempt)"], in: blog)
            let process = try BackgroundGalley(deploy, in: folder.url)
            let deadline = Date().addingTimeInterval(120)
            while process.process.isRunning, Date() < deadline {
                if staged() {
                    process.signal(SIGSTOP)
                    frozen = process
                    break
                }
                usleep(200)
            }
            if frozen == nil {
                #expect(process.waitForExit(timeout: 60) && process.process.terminationStatus == 0, "\(process.stderr)")
                live = "Edit \(attempt)."
            }
        }
        let process = try #require(frozen, "no deploy was seen with its release staged")
        #expect(partialReleases(folder).count == 1)
        process.signal(SIGKILL)
        #expect(process.waitForExit(timeout: 10))
        #expect(!lockIsHeld(folder))
        #expect(folder.read(page)?.contains(live) == true, "the live preview is the last good one: \(folder.read(page) ?? "none")")

        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello\n---\nThe last edit.\n")
        try git(["commit", "-q", "-am", "last"], in: blog)
        let next = try GalleyProcess.run(deploy, in: folder.url, timeout: 120)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(folder.read(page)?.contains("The last edit.") == true)
        #expect(partialReleases(folder).isEmpty, "\(partialReleases(folder))")
    }

    @Test func aDeployWaitsForALiveHolderOfTheLockAndSaysWho() throws {
        let folder = try setUp()
        // Held as a deploy in this process holds it: an flock on the file, with who in it.
        let lockFile = folder.url.appending(path: "previews/\(DestinationLock.path)")
        try FileManager.default.createDirectory(at: lockFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let held = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(flock(held, LOCK_EX) == 0)
        try Data((LockHolder(purpose: "a test holding the lock").line + "\n").utf8).write(to: lockFile)
        let deploy = try BackgroundGalley(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(eventually { deploy.stderr.contains("waiting for the lock") }, "\(deploy.stderr)")
        #expect(deploy.stderr.contains("held by galley pid \(getpid()) on \(ProcessInfo.processInfo.hostName) since "), "\(deploy.stderr)")
        #expect(deploy.stderr.contains("(a test holding the lock)"))
        usleep(500_000)
        #expect(deploy.process.isRunning)
        #expect(folder.read("previews/post-hello.p.example.com/index.html") == nil)

        close(held)
        #expect(deploy.waitForExit(timeout: 30))
        #expect(deploy.process.terminationStatus == 0, "\(deploy.stderr)")
        #expect(folder.read("previews/post-hello.p.example.com/index.html") != nil)
    }

    // Synchronous: an async test waits for a shared thread to come back after each sleep, which
    // other suites' long synchronous tests can hold past the end of the build.
    @Test func aBranchWhoseBuildCrashesFailsAloneAndTheWatcherGoesOn() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "main:refs/heads/post/good"], in: blog)
        // Enough posts that its build is still running when it is made to crash.
        for day in 1...300 {
            try folder.write("blog/posts/2020-01-01-p\(day).md", "---\ntitle: P\(day)\n---\n" + String(repeating: "Some *words*. ", count: 300) + "\n")
        }
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "big"], in: blog)
        try git(["push", "-q", server.path, "main:refs/heads/post/big"], in: blog)

        // Under AddressSanitizer, its handler would catch the SIGSEGV and exit with a report,
        // where a build of the shipped binary dies of the signal: the handler is left out. So is
        // the Swift runtime's backtracer, which a debug build has: while it symbolicates the
        // crash, the build's other threads finish the build.
        let asan = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        let run = try BackgroundGalley(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once", "--jobs", "2"],
                                       in: folder.url, environment: ["ASAN_OPTIONS": asan + "handle_segv=0", "SWIFT_BACKTRACE": "enable=no"])
        // Each build is a `galley build-commit` child of the watcher; the big one's gets a SIGSEGV.
        var crashed = false
        for _ in 0..<600 where !crashed {
            for child in Self.children(of: run.process.processIdentifier) where Self.commandLine(of: child).contains("post/big@") {
                crashed = kill(child, SIGSEGV) == 0
            }
            usleep(10_000)
        }
        #expect(crashed, "children: \(Self.children(of: run.process.processIdentifier)) of \(run.process.processIdentifier)")
        #expect(run.waitForExit(timeout: 120))
        #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 1, "\(run.stderr)")
        #expect(run.stderr.contains("1 deployed, 1 failed"), "\(run.stderr)")
        #expect(run.stderr.contains("the build crashed (signal 11); the watcher and the other branches went on"), "\(run.stderr)")
        #expect(folder.read("previews/post-good.p.example.com/index.html") != nil)
        #expect(folder.read("previews/post-big.p.example.com/index.html") == nil)
    }

    @Test func aBranchNamedLikeAnOptionIsBuiltAsABranch() throws {
        let folder = try setUp(branch: "main")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        // git's porcelain refuses such a name, but a push of the ref itself makes one.
        try git(["push", "-q", server.path, "main:refs/heads/--output=/tmp/elsewhere", "main:refs/heads/-x"], in: folder.url.appending(path: "blog"))
        let result = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 deployed, 0 failed"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/elsewhere"))
    }

    @Test func aBuildPastItsMemoryOrTimeIsStoppedAndSaysWhy() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        let server = folder.url.appending(path: "server.git")
        // Enough posts that the build runs long enough to be looked at.
        for day in 1...200 {
            try folder.write("blog/posts/2020-01-01-p\(day).md", "---\ntitle: P\(day)\n---\n" + String(repeating: "Some *words*. ", count: 100) + "\n")
        }
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "more"], in: blog)
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "main:refs/heads/post/one"], in: blog)
        let memory = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once",
                                            "--build-memory-mb", "1"], in: folder.url)
        #expect(memory.status == 1)
        #expect(memory.stderr.contains("the build was stopped: it used more than 1 MB of memory"), "\(memory.stderr)")
        let time = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once",
                                          "--build-timeout", "0.001", "--state", "other.json"], in: folder.url)
        #expect(time.status == 1)
        #expect(time.stderr.contains("the build was stopped: it took longer than 0 s"), "\(time.stderr)")
        #expect(folder.read("previews/post-one.p.example.com/index.html") == nil)
    }

    /// A watcher killed with SIGKILL cannot stop its builds: each build ends by itself once its
    /// watcher is gone. Here the build is stuck for good, opening a blob the test made a FIFO.
    @Test func aBuildEndsWhenItsWatcherIsKilled() throws {
        let folder = try setUp(branch: "post/stuck")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "post/stuck"], in: folder.url.appending(path: "blog"))
        // A push this small arrives as loose objects, one file each.
        let blob = try git(["rev-parse", "post/stuck:posts/2019-10-08-hello.md"], in: server)
        let object = server.appending(path: "objects/\(blob.prefix(2))/\(blob.dropFirst(2))")
        try FileManager.default.removeItem(at: object)
        #expect(mkfifo(object.path, 0o644) == 0)
        let watcher = try BackgroundGalley(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--interval", "1h"],
                                           in: folder.url)
        var build: pid_t?
        for _ in 0..<3000 where build == nil {
            build = Self.children(of: watcher.process.processIdentifier).first { Self.commandLine(of: $0).contains("build-commit") }
            usleep(10_000)
        }
        let child = try #require(build, "\(watcher.stderr)")
        defer { kill(child, SIGKILL) }
        usleep(300_000)  // into the open that never returns
        #expect(Self.isRunning(child))
        watcher.signal(SIGKILL)
        #expect(watcher.waitForExit(timeout: 20))
        #expect(eventually(within: 10) { !Self.isRunning(child) }, "the build \(child) outlived its watcher")
    }

    /// A build that failed for a reason not its own is not tried again until the branch moves,
    /// unless `galley previews retry` asks for it.
    @Test func aRetriedBranchIsBuiltAgainAtTheNextPass() throws {
        let folder = try setUp(branch: "post/again")
        let server = folder.url.appending(path: "server.git")
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "post/again"], in: folder.url.appending(path: "blog"))
        // A file where the destination folder should be: the deploy cannot write there.
        try folder.write("previews", "not a folder")
        let watch = ["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once"]
        let failed = try GalleyProcess.run(watch, in: folder.url)
        #expect(failed.status == 1 && failed.stderr.contains("0 deployed, 1 failed"), "\(failed.stderr)")
        #expect(failed.stderr.contains("previews: is a file, so the folder cannot go inside it") && !failed.stderr.contains("NSCocoaErrorDomain"),
                "\(failed.stderr)")
        // The destination's fault, not the build's, and said so.
        #expect(failed.stderr.contains("deploy failed, the build was fine") && !failed.stderr.contains("build failed;"), "\(failed.stderr)")
        try FileManager.default.removeItem(at: folder.url.appending(path: "previews"))
        let unchanged = try GalleyProcess.run(watch, in: folder.url)
        #expect(unchanged.stderr.contains("0 deployed, 0 failed, 0 removed, 1 unchanged"), "\(unchanged.stderr)")

        let retry = try GalleyProcess.run(["previews", "retry", "post/again", "--repo", server.path], in: folder.url)
        #expect(retry.status == 0 && retry.stderr.contains("post/again (failed at "), "\(retry.stderr)")
        let again = try GalleyProcess.run(watch, in: folder.url)
        #expect(again.status == 0 && again.stderr.contains("1 deployed, 0 failed"), "\(again.stderr)")
        #expect(folder.read("previews/post-again.p.example.com/index.html") != nil)
        let unknown = try GalleyProcess.run(["previews", "retry", "no/such", "--repo", server.path], in: folder.url)
        #expect(unknown.status == 2 && unknown.stderr.contains("has no record of no/such"), "\(unknown.stderr)")
    }

    /// Whether `process` exists and has not ended (a zombie has ended).
    static func isRunning(_ process: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// The processes whose parent is `process`.
    static func children(of process: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == process
        }
    }

    static func commandLine(of process: pid_t) -> String {
        (FileManager.default.contents(atPath: "/proc/\(process)/cmdline")).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func aFailedFetchOfTheRemoteExitsNonZero() throws {
        let folder = try setUp(branch: "main")
        let blog = folder.url.appending(path: "blog")
        try git(["remote", "add", "origin", folder.url.appending(path: "no-such.git").path], in: blog)
        let result = try GalleyProcess.run(["watch", "--repo", "blog", "--remote", "origin", "--to", "previews", "--domain", "p.example.com", "--once"],
                                           in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot fetch from the remote 'origin' of \(blog.path)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "previews").path))
    }

    @Test func aRemoteFolderStartingWithADashIsRefused() throws {
        let folder = try setUp()
        // Refused before any ssh runs: there is no server at this address.
        let result = try GalleyProcess.run(["deploy", "blog", "--to", "deploy@127.0.0.1:-rf", "--domain", "p.example.com"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("the folder '-rf' on deploy@127.0.0.1 starts with '-'"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
