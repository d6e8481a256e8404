import FakeForge
import Foundation
import TestThreads
import Testing

/// `galley watch --once --status` over a repository with a good branch and a broken one,
/// against a fake forge on loopback.
@Suite(.onBlockingPool) struct WatchStatusTests {
    static let token = "glpat-NeverPrintThisToken"
    let folder: ScratchFolder
    var work: URL { folder.url.appending(path: "work") }
    var server: URL { folder.url.appending(path: "server.git") }

    init() throws {
        folder = try ScratchFolder()
        try folder.write("token", Self.token + "\n")
        try folder.pushBlog(["galley.yml": "title: Watched Blog\nbase_url: https://blog.example.com/\n",
                             "posts/2024-01-01-one.md": "---\ntitle: One\n---\nWords.\n"])
        try push("post/good", "posts/2024-01-02-good.md", "---\ntitle: Good\n---\nWords.\n")
        try push("post/broken", "posts/2024-01-03-broken.md", "---\ntitle: Broken\ndraft: maybe\n---\n")
    }

    /// Commits `text` at `path` on a new branch from main, and pushes it.
    func push(_ branch: String, _ path: String, _ text: String) throws {
        try git(["checkout", "-q", "-b", branch, "main"], in: work)
        try folder.write("work/\(path)", text)
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", branch], in: work)
        try git(["push", "-q", server.path, branch], in: work)
    }

    func watchOnce(_ fake: FakeForge, _ extra: [String]) async throws -> GalleyProcess.Result {
        let arguments = ["watch", "--repo", server.path, "--to", "previews", "--domain", "p.example.com", "--once",
                         "--status", "gitlab", "--status-api", fake.api, "--status-token-file", folder.url.appending(path: "token").path] + extra
        return try await GalleyProcess.runInPool(arguments, in: folder.url, timeout: 120)
    }

    func tip(_ branch: String) throws -> String { try git(["rev-parse", branch], in: server) }

    @Test func eachTipGetsItsOwnStatus() async throws {
        let fake = try await FakeForge.start()
        let result = try await watchOnce(fake, ["--status-repository", "group/blog"])
        await fake.stop()
        #expect(result.status == 1, "\(result.stderr)")  // the broken branch failed
        let good = fake.requests.filter { $0.body?["ref"] == "post/good" }
        #expect(good.map(\.path) == Array(repeating: "/api/v4/projects/group%2Fblog/statuses/\(try tip("post/good"))", count: 2))
        #expect(good.map { $0.body?["state"] } == ["running", "success"])
        #expect(good.last?.body?["target_url"] == "https://post-good.p.example.com/")
        let broken = fake.requests.filter { $0.body?["ref"] == "post/broken" }
        #expect(broken.map { $0.body?["state"] } == ["running", "failed"])
        #expect(broken.last?.body?["description"]?.contains("2024-01-03-broken.md") == true)
        // The log says there is no preview to fall back on (a first build), and quotes the
        // error's lines as a build prints them, each a line of its own.
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("branch=post/broken") && $0.hasSuffix("build failed; it has no preview yet") }, "\(result.stderr)")
        #expect(lines.contains { $0.contains("branch=post/broken") && $0.contains("> 3 | draft: maybe") }, "\(result.stderr)")
        #expect(!result.stderr.contains("\\u{A}"), "\(result.stderr)")
        // main is the production branch, with nowhere to go: no status.
        #expect(fake.requests.count == 4)
        #expect(fake.requests.allSatisfy { $0.headers["private-token"] == Self.token })
        #expect(!result.stderr.contains(Self.token) && !result.stdout.contains(Self.token))
    }

    @Test func aRefusedTokenIsWarnedOfAndThePreviewsGoUpAllTheSame() async throws {
        let fake = try await FakeForge.start()
        fake.answer(401, #"{"message":"401 Unauthorized"}"#, times: 4)
        let result = try await watchOnce(fake, ["--status-repository", "group/blog"])
        await fake.stop()
        let said = result.stderr + result.stdout
        #expect(said.contains("gitlab refused the token in \(folder.url.appending(path: "token").path) (401 401 Unauthorized)"), "\(said)")
        #expect(folder.read("previews/post-good.p.example.com/index.html") != nil)
        #expect(!said.contains(Self.token))
    }

    @Test func withoutARepositoryItStopsAtOnce() async throws {
        let fake = try await FakeForge.start()
        try git(["remote", "add", "origin", server.path], in: work)
        let arguments = ["watch", "--repo", work.path, "--remote", "origin", "--to", "previews", "--domain", "p.example.com", "--once",
                         "--status", "github", "--status-api", fake.api, "--status-token-file", folder.url.appending(path: "token").path]
        let result = try await GalleyProcess.runInPool(arguments, in: folder.url)
        await fake.stop()
        #expect(result.status != 0)
        #expect(result.stderr.contains("no github repository to set statuses on (the remote's URL \(server.path) names none); give it with --status-repository"),
                "\(result.stderr)")
        #expect(fake.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "previews").path))
    }
}
