import FakeForge
import Foundation
import TestThreads
import Testing

/// `galley deploy --status` as a CI job runs it, against a fake forge on loopback.
@Suite(.onBlockingPool) struct DeployStatusTests {
    static let token = "ghp_NeverPrintThisToken0123456789"

    /// A blog in a git repository, the token's file, and the deploy's arguments and environment.
    func setUp(_ fake: FakeForge) throws -> (folder: ScratchFolder, arguments: [String], environment: [String: String], head: String) {
        let folder = try DeployCommandTests().setUp()
        try folder.write("token", Self.token + "\n")
        let head = try git(["rev-parse", "HEAD"], in: folder.url.appending(path: "blog"))
        let arguments = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com",
                         "--status", "github", "--status-api", fake.api, "--status-token-file", folder.url.appending(path: "token").path]
        return (folder, arguments, ["GITHUB_REPOSITORY": "octo/blog", "GITHUB_SHA": head], head)
    }

    func galley(_ arguments: [String], in folder: ScratchFolder, environment: [String: String]) async throws -> GalleyProcess.Result {
        try await GalleyProcess.runInPool(arguments, in: folder.url, environment: environment)
    }

    @Test func pendingThenSuccessWithThePreviewsAddress() async throws {
        let fake = try await FakeForge.start()
        let (folder, arguments, environment, head) = try setUp(fake)
        let result = try await galley(arguments, in: folder, environment: environment)
        await fake.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "https://post-hello.p.example.com/\n")
        #expect(fake.requests.map(\.path) == Array(repeating: "/repos/octo/blog/statuses/\(head)", count: 2))
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "success"])
        #expect(fake.requests.last?.body?["target_url"] == "https://post-hello.p.example.com/")
        #expect(fake.requests.last?.body?["description"] == "The preview is live")
        #expect(fake.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
        #expect(!result.stdout.contains(Self.token) && !result.stderr.contains(Self.token))
    }

    /// A build that warns still goes live; its status says how many warnings the preview's
    /// changes page lists.
    @Test func aBuildThatWarnsSaysHowManyInItsStatus() async throws {
        let fake = try await FakeForge.start()
        let (folder, arguments, environment, _) = try setUp(fake)
        try folder.write("blog/posts/2019-10-09-links.md", "---\ntitle: Links\n---\n[one](/2019/10/08/gone/) and ![two](/2019/10/08/gone.png)\n")
        let result = try await galley(arguments, in: folder, environment: environment)
        await fake.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "success"])
        #expect(fake.requests.last?.body?["description"] == "The preview is live, with 2 warnings on its changes page")
    }

    @Test func aBrokenBuildSetsFailureWithItsFirstError() async throws {
        let fake = try await FakeForge.start()
        let (folder, arguments, environment, _) = try setUp(fake)
        try folder.write("blog/posts/2019-10-09-bad.md", "---\ntitle: Bad\ndraft: maybe\n---\n")
        let result = try await galley(arguments, in: folder, environment: environment)
        await fake.stop()
        #expect(result.status == 1)
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "failure"])
        let description = try #require(fake.requests.last?.body?["description"])
        #expect(description.hasPrefix("posts/2019-10-09-bad.md:"), "\(description)")
        // The same first error the log shows, there under the blog's folder.
        #expect(result.stderr.contains("error: blog/\(description)"), "\(result.stderr)")
        #expect(!result.stderr.contains(Self.token))
    }

    @Test func aRefusedTokenFailsTheDeployBeforeAnythingIsPublished() async throws {
        let fake = try await FakeForge.start()
        fake.answer(401, FakeForge.badCredentials)
        let (folder, arguments, environment, _) = try setUp(fake)
        let result = try await galley(arguments, in: folder, environment: environment)
        await fake.stop()
        #expect(result.status != 0)
        #expect(fake.requests.count == 1)
        #expect(result.stderr.contains("error: github refused the token in \(folder.url.appending(path: "token").path) (401 Bad credentials)"),
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "previews").path))
        #expect(!result.stderr.contains(Self.token))
    }

    @Test func theOptionsGoTogether() async throws {
        let fake = try await FakeForge.start()
        let (folder, _, _, _) = try setUp(fake)
        await fake.stop()
        let base = ["deploy", "blog", "--to", "previews", "--domain", "p.example.com"]
        let noToken = try await galley(base + ["--status", "github"], in: folder, environment: [:])
        #expect(noToken.status != 0 && noToken.stderr.contains("--status needs --status-token-file"), "\(noToken.stderr)")
        let unknown = try await galley(base + ["--status", "bitbucket", "--status-token-file", "token"], in: folder, environment: [:])
        #expect(unknown.status != 0 && unknown.stderr.contains("github, gitea, gitlab"), "\(unknown.stderr)")
        let giteaWithoutAPI = try await galley(base + ["--status", "gitea", "--status-token-file", "token", "--status-repository", "a/b"],
                                               in: folder, environment: [:])
        #expect(giteaWithoutAPI.status != 0 && giteaWithoutAPI.stderr.contains("--status-api"), "\(giteaWithoutAPI.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appending(path: "previews").path))
    }
}
