import Foundation
import GitSource
import Logging
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct BranchWatcherTests {
    let fixture: GitFixture
    let destination: TemporaryFolder
    let state: TemporaryFolder

    init() throws {
        fixture = try GitFixture()
        destination = try TemporaryFolder()
        state = try TemporaryFolder()
    }

    func watcher(repository: URL? = nil, remote: String? = nil, production: ReleaseSlot? = nil, to folder: URL? = nil,
                 logger: Logger? = nil) throws -> BranchWatcher {
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: folder ?? destination.url), domain: "previews.example.com",
                                                 production: production, cacheDirectory: state.url.appending(path: "builds")))
        var logger = logger ?? Logger(label: "test")
        if logger.label == "test" { logger.logLevel = .critical }
        return BranchWatcher(.init(repository: repository ?? fixture.bare, remote: remote, siteFolder: "",
                                   stateFile: state.url.appending(path: "watch.json"), concurrency: 2),
                             deployer: deployer, logger: logger)
    }

    func page(_ label: String, _ path: String) -> String? {
        destination.read("\(label).previews.example.com/\(path)")
    }

    @Test func newMovedAndDeletedBranches() async throws {
        let production = try TemporaryFolder()
        let watcher = try watcher(production: ReleaseSlot.production(in: LocalDestination(root: production.url)))
        try fixture.pushBranch("post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: Post A\n---\n") }
        try fixture.pushBranch("post/b") { try fixture.write("posts/2020-02-02-b.md", "---\ntitle: Post B\n---\n") }

        var report = try await watcher.pass()
        #expect(report.deployed.sorted() == ["main", "post/a", "post/b"])
        #expect(page("post-a", "2020/02/01/a/index.html")?.contains("Post A") == true)
        #expect(page("post-b", "2020/02/02/b/index.html")?.contains("Post B") == true)
        #expect(page("post-a", "2020/02/02/b/index.html") == nil)
        #expect(production.read("current/index.html")?.contains("First") == true)
        let liveB = destination.linkTarget("post-b.previews.example.com")

        try fixture.pushBranch("post/a", from: "post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: Post A, second draft\n---\n") }
        report = try await watcher.pass()
        #expect(report.deployed == ["post/a"])
        #expect(report.unchanged == 2)
        #expect(page("post-a", "2020/02/01/a/index.html")?.contains("second draft") == true)
        #expect(destination.linkTarget("post-b.previews.example.com") == liveB)

        try fixture.deleteBranch("post/b")
        report = try await watcher.pass()
        #expect(report.removed == ["post/b"])
        #expect(destination.linkTarget("post-b.previews.example.com") == nil)
        #expect(page("post-a", "index.html") != nil)

        report = try await watcher.pass()
        #expect(report == BranchWatcher.PassReport(unchanged: 2))
    }

    @Test func oneBrokenBranchNeitherBlocksOthersNorLosesItsLastGoodPreview() async throws {
        let watcher = try watcher()
        try fixture.pushBranch("post/c") { try fixture.write("posts/2020-03-01-c.md", "---\ntitle: Good C\n---\n") }
        _ = try await watcher.pass()
        #expect(page("post-c", "2020/03/01/c/index.html")?.contains("Good C") == true)

        let broken = try fixture.pushBranch("post/c", from: "post/c") { try fixture.write("posts/2020-03-01-c.md", "---\ntitle: [broken\n---\n") }
        try fixture.pushBranch("post/d") { try fixture.write("posts/2020-03-02-d.md", "---\ntitle: Fine D\n---\n") }
        let report = try await watcher.pass()
        #expect(report.failed == ["post/c"])
        #expect(report.deployed == ["post/d"])
        #expect(page("post-c", "2020/03/01/c/index.html")?.contains("Good C") == true)
        #expect(page("post-d", "2020/03/02/d/index.html")?.contains("Fine D") == true)

        let saved = WatchState.load(from: state.url.appending(path: "watch.json"))
        let entry = try #require(saved.targets[watcher.target]?.branches["post/c"])
        #expect(entry.status == .failed)
        #expect(entry.commit == broken)
        #expect(entry.error?.contains("posts/2020-03-01-c.md:") == true)
        #expect(entry.error?.contains("invalid YAML") == true)

        // The same broken commit is not rebuilt on every pass; a fix is.
        #expect(try await watcher.pass().failed.isEmpty)
        try fixture.pushBranch("post/c", from: "post/c") { try fixture.write("posts/2020-03-01-c.md", "---\ntitle: Fixed C\n---\n") }
        #expect(try await watcher.pass().deployed == ["post/c"])
        #expect(page("post-c", "2020/03/01/c/index.html")?.contains("Fixed C") == true)
    }

    @Test func aRestartedWatcherResumesFromItsState() async throws {
        try fixture.pushBranch("post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: A\n---\n") }
        #expect(try await watcher().pass().deployed == ["post/a"])
        let restarted = try watcher()
        let report = try await restarted.pass()
        #expect(report.deployed.isEmpty)
        #expect(report.unchanged == 2)
    }

    @Test func aBranchForcePushedBackToAnOlderCommitShowsThatCommitOnce() async throws {
        let watcher = try watcher()
        let older = try fixture.pushBranch("post/f") { try fixture.write("posts/2020-05-01-f.md", "---\ntitle: Older F\n---\n") }
        #expect(try await watcher.pass().deployed == ["post/f"])
        try fixture.pushBranch("post/f", from: "post/f") { try fixture.write("posts/2020-05-01-f.md", "---\ntitle: Newer F\n---\n") }
        #expect(try await watcher.pass().deployed == ["post/f"])
        #expect(page("post-f", "2020/05/01/f/index.html")?.contains("Newer F") == true)

        // Reset to the older commit and force-pushed: a new push, so it goes live, once.
        try fixture.git(["push", "-q", "-f", "origin", "\(older):refs/heads/post/f"])
        var report = try await watcher.pass()
        #expect(report.deployed == ["post/f"])
        #expect(report.superseded.isEmpty)
        #expect(page("post-f", "2020/05/01/f/index.html")?.contains("Older F") == true)
        report = try await watcher.pass()
        #expect(report == BranchWatcher.PassReport(unchanged: 2))
        // A restarted watcher agrees.
        #expect(try await self.watcher().pass() == BranchWatcher.PassReport(unchanged: 2))
        #expect(page("post-f", "2020/05/01/f/index.html")?.contains("Older F") == true)
    }

    @Test func aNewDestinationGetsEveryBranch() async throws {
        try fixture.pushBranch("post/a") { try fixture.write("posts/2020-02-01-a.md", "---\ntitle: A\n---\n") }
        try fixture.pushBranch("post/b") { try fixture.write("posts/2020-02-02-b.md", "---\ntitle: B\n---\n") }
        #expect(try await watcher().pass().deployed == ["post/a", "post/b"])
        let elsewhere = try TemporaryFolder()
        // The same state file, another --to: nothing there yet, so everything is deployed.
        let moved = try watcher(to: elsewhere.url)
        #expect(try await moved.pass().deployed == ["post/a", "post/b"])
        #expect(elsewhere.read("post-a.previews.example.com/2020/02/01/a/index.html")?.contains("A") == true)
        #expect(try await moved.pass() == BranchWatcher.PassReport(unchanged: 3))
        // Back to the first one: it still knows what it did there.
        #expect(try await watcher().pass() == BranchWatcher.PassReport(unchanged: 3))
    }

    @Test func buildsAStoppedWatcherLeftUnfinishedAreAllBuiltAgain() async throws {
        let first = try fixture.pushBranch("post/first") { try fixture.write("posts/2020-06-01-s.md", "---\ntitle: S\n---\n") }
        let second = try fixture.pushBranch("post/second") { try fixture.write("posts/2020-06-02-c.md", "---\ntitle: C\n---\n") }
        let watcher = try watcher()
        // What a watcher killed mid-pass leaves: builds under way, none of them to blame, since
        // each runs in a child process of its own.
        var state = WatchState()
        state.targets[watcher.target] = WatchState.Target(building: [
            "post/first": .init(commit: first),
            "post/second": .init(commit: second),
        ])
        try state.save(to: self.state.url.appending(path: "watch.json"))

        let report = try await watcher.pass()
        #expect(report.deployed == ["post/first", "post/second"])
        #expect(report.failed.isEmpty)
        let saved = WatchState.load(from: self.state.url.appending(path: "watch.json")).targets[watcher.target]
        #expect(saved?.building.isEmpty == true)
    }

    @Test func aFailedFetchFailsThePassAndNamesTheRemote() async throws {
        let server = fixture.root.appending(path: "server")
        try fixture.git(["clone", "-q", fixture.bare.path, server.path], in: fixture.root)
        try fixture.git(["remote", "set-url", "origin", fixture.root.appending(path: "gone.git").path], in: server)
        do {
            _ = try await watcher(repository: server, remote: "origin").pass()
            Issue.record("a pass whose fetch failed must fail")
        } catch let error as DeployError {
            #expect(error.message.contains("cannot fetch from the remote 'origin' of \(server.path)"))
        }
    }

    @Test func withARemoteEachPassFetchesAndPrunes() async throws {
        let server = fixture.root.appending(path: "server")
        try fixture.git(["clone", "-q", fixture.bare.path, server.path], in: fixture.root)
        // Uncommitted edits in the server's working tree must never reach a preview.
        try Data("---\ntitle: Not committed\n---\n".utf8).write(to: server.appending(path: "posts/2020-01-01-first.md"))
        let watcher = try watcher(repository: server, remote: "origin")
        try fixture.pushBranch("post/remote") { try fixture.write("posts/2020-04-01-r.md", "---\ntitle: Remote post\n---\n") }

        var report = try await watcher.pass()
        #expect(report.deployed == ["post/remote"])
        #expect(page("post-remote", "2020/04/01/r/index.html")?.contains("Remote post") == true)
        #expect(page("post-remote", "2020/01/01/first/index.html")?.contains("The first post.") == true)
        #expect(!FileManager.default.fileExists(atPath: server.appending(path: ".git/index.lock").path))

        try fixture.deleteBranch("post/remote")
        report = try await watcher.pass()
        #expect(report.removed == ["post/remote"])
        #expect(destination.linkTarget("post-remote.previews.example.com") == nil)
    }

    @Test func aRepositoryOwnedBySomeoneElseGetsAClearError() throws {
        guard geteuid() == 0 else { return }  // only root can give a folder away
        let owned = fixture.root.appending(path: "owned.git")
        try fixture.git(["clone", "-q", "--bare", fixture.bare.path, owned.path], in: fixture.root)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: owned.path).map { owned.appending(path: $0).path } + [owned.path]
        for path in paths { chown(path, 65534, 65534) }
        do {
            _ = try GitRepository(at: owned.path)
            Issue.record("libgit2 should refuse a repository owned by another user")
        } catch {
            #expect(error.message.contains("belongs to another user"))
            #expect(error.message.contains("safe.directory"))
        }
    }
}
