import Foundation
import TestThreads
import Testing

/// `galley watch --once` run again and again over one repository, as a post-receive hook runs it.
/// scripts/test runs these against the release binary too: the watcher once crashed only there.
@Suite(.onBlockingPool) struct WatchLoopTests {
    let folder: ScratchFolder
    var work: URL { folder.url.appending(path: "work") }
    var server: URL { folder.url.appending(path: "server.git") }
    static let branches = ["main", "post/one", "post/two", "draft/three", "fix/four"]

    /// A bare repository with five branches, each with its own title on the first post, and a
    /// clone to push from.
    init() throws {
        folder = try ScratchFolder()
        try folder.write("work/galley.yml", "title: Loop Blog\nbase_url: https://blog.example.com/\n")
        for day in 1...3 {
            try folder.write("work/posts/2024-01-0\(day)-post-\(day).md", "---\ntitle: Post \(day)\n---\nWords for day \(day).\n\n```swift\nlet day = \(day)\n```\n")
        }
        try git(["init", "-q", "--bare", "-b", "main", server.path], in: folder.url)
        try git(["init", "-q", "-b", "main"], in: work)
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", "blog"], in: work)
        try git(["push", "-q", server.path, "main"], in: work)
        for branch in Self.branches.dropFirst() {
            try git(["checkout", "-q", "-b", branch, "main"], in: work)
            try retitle(branch: branch, to: "Title of \(branch)")
        }
    }

    /// Commits a new title for the first post on `branch` and pushes it.
    func retitle(branch: String, to title: String) throws {
        try git(["checkout", "-q", branch], in: work)
        try folder.write("work/posts/2024-01-01-post-1.md", "---\ntitle: \(title)\n---\nWords for day 1.\n")
        try git(["commit", "-q", "-am", title], in: work)
        try git(["push", "-q", "-f", server.path, branch], in: work)
    }

    func watchOnce(to destination: String = "previews") throws -> GalleyProcess.Result {
        try GalleyProcess.run(["watch", "--repo", server.path, "--to", destination, "--domain", "p.example.com", "--once"], in: folder.url,
                              timeout: 120)
    }

    @Test func twentyPassesWithPushesBetweenThemAllExitZeroAndShowEachBranchsLatestCommit() throws {
        var expected: [String: String] = [:]
        for branch in Self.branches.dropFirst() { expected[branch] = "Title of \(branch)" }
        for pass in 1...20 {
            // Something moves before most passes; every fifth pass the state is all there is.
            if pass % 5 != 0 {
                let branch = Self.branches[1 + pass % (Self.branches.count - 1)]
                let title = "Title of \(branch) at pass \(pass)"
                try retitle(branch: branch, to: title)
                expected[branch] = title
            }
            let result = try watchOnce()
            #expect(result.status == 0, "pass \(pass): \(result.stderr)")
            #expect(result.stderr.contains(" 0 failed"), "pass \(pass): \(result.stderr)")
            #expect(!result.stderr.contains("died while building"), "pass \(pass): \(result.stderr)")
            for (branch, title) in expected {
                let label = String(branch.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                let page = folder.read("previews/\(label).p.example.com/index.html") ?? ""
                #expect(page.contains(title), "pass \(pass): \(branch) does not show '\(title)'")
            }
        }
    }

    @Test func aPreviewOrDestinationRemovedByHandIsDeployedAgain() throws {
        #expect(try watchOnce().stderr.contains("4 deployed, 0 failed, 0 removed, 0 unchanged"))
        try FileManager.default.removeItem(at: folder.url.appending(path: "previews/post-one.p.example.com"))
        let one = try watchOnce()
        #expect(one.stderr.contains("1 deployed, 0 failed, 0 removed, 4 unchanged"), "\(one.stderr)")
        #expect(folder.read("previews/post-one.p.example.com/index.html")?.contains("Title of post/one") == true)

        try FileManager.default.removeItem(at: folder.url.appending(path: "previews"))
        let all = try watchOnce()
        #expect(all.stderr.contains("4 deployed, 0 failed, 0 removed, 1 unchanged"), "\(all.stderr)")
        #expect(folder.read("previews/fix-four.p.example.com/index.html")?.contains("Title of fix/four") == true)
        #expect(try watchOnce().stderr.contains("0 deployed, 0 failed, 0 removed, 5 unchanged"))
    }

    /// Every new preview's build shares production's files where they are the same, beside the
    /// repository and at the destination, even branches whose names sort before production's:
    /// production is built first, and the first pass's previews wait for it.
    @Test func theFirstPassesPreviewsShareProductionsUnchangedFiles() throws {
        let photo = String(repeating: "pretend these are the bytes of a photo\n", count: 2000)
        for branch in Self.branches {
            try git(["checkout", "-q", branch], in: work)
            try folder.write("work/static/images/photo.jpg", photo)
            try git(["add", "-A"], in: work)
            try git(["commit", "-q", "-m", "A photo"], in: work)
            try git(["push", "-q", "-f", server.path, branch], in: work)
        }
        let result = try GalleyProcess.run(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com",
                                            "--production-to", "production", "--once"], in: folder.url, timeout: 120)
        #expect(result.status == 0 && result.stderr.contains("5 deployed, 0 failed"), "\(result.stderr)")
        func inode(_ path: String) -> UInt64? {
            var info = stat()
            return stat(folder.url.appending(path: path).path, &info) == 0 ? UInt64(info.st_ino) : nil
        }
        // The destination's releases are copies of the builds: each side shares within itself.
        let built = "server.git/galley/builds"
        let productionPhoto = try #require(inode("production/current/images/photo.jpg"))
        let productionBuildPhoto = try #require(inode("\(built)/production/images/photo.jpg"))
        for branch in Self.branches.dropFirst() {
            let site = String(branch.map { $0.isLetter || $0.isNumber ? $0 : "-" }) + ".p.example.com"
            #expect(inode("previews/\(site)/images/photo.jpg") == productionPhoto, "\(branch)")
            #expect(inode("\(built)/\(site)/images/photo.jpg") == productionBuildPhoto, "\(branch)")
            #expect(folder.read("previews/\(site)/index.html")?.contains("Title of \(branch)") == true, "\(branch)")
            #expect(folder.read("\(built)/\(site)/images/photo.jpg") == photo)
        }
    }

    @Test func twoWatchersAtOnceTakeTurnsAndNeitherThinksTheOtherDied() throws {
        let first = try BackgroundGalley(["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once"],
                                         in: folder.url)
        let second = try watchOnce()
        #expect(first.waitForExit(timeout: 120))
        #expect(first.process.terminationStatus == 0, "\(first.stderr)")
        #expect(second.status == 0, "\(second.stderr)")
        for output in [first.stderr, second.stderr] {
            #expect(!output.contains("died while building"), "\(output)")
            #expect(output.contains(" 0 failed"), "\(output)")
        }
        // Between them every branch went up once: one pass did the work, the other found it done.
        let counts = [first.stderr, second.stderr].compactMap { $0.components(separatedBy: "galley: ").last?.prefix { $0 != " " } }
        #expect(counts.compactMap { Int($0) }.reduce(0, +) == 4, "\(counts)")
        #expect(folder.read("server.git/galley/watch.json")?.contains("\"failed\"") == false)
    }
}
