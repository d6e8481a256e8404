import Foundation
import Testing

/// `galley deploy`, `watch`, `rollback` and `preview-name` as a CI job or a server would run them.
@Suite struct DeployCommandTests {
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

    @discardableResult
    func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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

    @Test func theBranchComesFromCIVariablesAndADetachedHeadIsAnError() throws {
        let folder = try setUp()
        try git(["checkout", "-q", "--detach"], in: folder.url.appending(path: "blog"))
        let detached = try GalleyProcess.run(["deploy", "blog", "--to", "previews", "--domain", "p.example.com"], in: folder.url)
        #expect(detached.status != 0)
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

        let arguments = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--production-to", "www/blog"]
        let published = try GalleyProcess.run(arguments, in: folder.url)
        #expect(published.status == 0, "\(published.stderr)")
        #expect(published.stdout == "https://blog.example.com/\n")
        #expect(folder.read("www/blog/index.html")?.contains("noindex") == false)

        try folder.write("blog/posts/2019-10-08-hello.md", "---\ntitle: Hello again\n---\nHi.\n")
        #expect(try GalleyProcess.run(arguments, in: folder.url).status == 0)
        #expect(folder.read("www/blog/2019/10/08/hello/index.html")?.contains("Hello again") == true)
        let rollback = try GalleyProcess.run(["rollback", "--to", "previews", "--domain", "p.example.com", "--production-to", "www/blog", "--branch", "main"], in: folder.url)
        #expect(rollback.status == 0, "\(rollback.stderr)")
        #expect(folder.read("www/blog/2019/10/08/hello/index.html")?.contains("Hello again") == false)
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

        let badInterval = try GalleyProcess.run(["watch", "--repo", "server.git", "--to", "previews", "--domain", "p.example.com", "--interval", "soon"], in: folder.url)
        #expect(badInterval.status != 0)
        #expect(badInterval.stderr.contains("--interval 'soon' is not a time"))
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
        defer {
            kill(watcher.processIdentifier, SIGKILL)
            watcher.waitUntilExit()
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

    @Test func anOlderCommitFinishingLateNeverReplacesANewerOne() throws {
        let folder = try setUp()
        let blog = folder.url.appending(path: "blog")
        let older = try git(["rev-parse", "HEAD"], in: blog)
        try folder.write("blog/posts/2019-10-09-newer.md", "---\ntitle: Newer\n---\n")
        try git(["add", "-A"], in: blog)
        try git(["commit", "-q", "-m", "newer"], in: blog)
        let deploy = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com", "--branch", "post/hello"]
        #expect(try GalleyProcess.run(deploy, in: folder.url).status == 0)

        // A slow job for the older commit of the same branch finishes last.
        try git(["checkout", "-q", older], in: blog)
        let late = try GalleyProcess.run(deploy, in: folder.url)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdout.isEmpty)
        #expect(late.stderr.contains("not deployed: a newer commit of post/hello"))
        #expect(folder.read("previews/post-hello.p.example.com/2019/10/09/newer/index.html") != nil)
    }
}
