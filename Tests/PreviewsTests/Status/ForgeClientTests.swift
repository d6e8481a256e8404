import FakeForge
import Foundation
import GitSource
import TestThreads
import Testing

@testable import Previews

/// Statuses sent over real HTTP to a fake forge on loopback: what each forge is sent, and what
/// is done with its answers.
@Suite(.onBlockingPool) struct ForgeClientTests {
    static let commit = GitObjectID(hex: "0123456789abcdef0123456789abcdef01234567")!
    static let secret = "ghp_s3cr3tT0k3nThatMustNeverBeSeen"

    let folder: TemporaryFolder
    let tokenFile: String

    init() throws {
        folder = try TemporaryFolder()
        tokenFile = folder.url.appending(path: "token").path
        try Data("  \(Self.secret)\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
    }

    func client(_ forge: Forge, _ fake: FakeForge, repository: String = "octo/blog") throws -> ForgeClient {
        let target = StatusTarget(forge: forge, api: URL(string: fake.api)!, repository: try StatusRepository(repository, for: forge))
        return ForgeClient(target: target, token: try StatusToken(file: tokenFile), retryDelays: [.milliseconds(10), .milliseconds(10)])
    }

    let live = CommitStatus(state: .success, description: "The preview is live", context: CommitStatus.previewContext,
                            targetURL: "https://post-x.previews.example.com/")

    @Test func githubGetsItsPathHeadersAndBody() async throws {
        let fake = try await FakeForge.start()
        try await client(.github, fake).post(live, commit: Self.commit, branch: "post/x")
        await fake.stop()
        let request = try #require(fake.requests.first)
        #expect(fake.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/repos/octo/blog/statuses/\(Self.commit.hex)")
        #expect(request.headers["authorization"] == "Bearer \(Self.secret)")
        #expect(request.headers["accept"] == "application/vnd.github+json")
        #expect(request.headers["user-agent"]?.isEmpty == false)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.body == ["state": "success", "description": "The preview is live", "context": "galley/preview",
                                 "target_url": "https://post-x.previews.example.com/"])
    }

    @Test func giteaGetsItsOwnPathAndTokenHeader() async throws {
        let fake = try await FakeForge.start()
        // The forge's own address, as users write it: /api/v1 is added.
        try await client(.gitea, fake).post(CommitStatus(state: .failure, description: "posts/x.md:3: bad date\nmore", context: "galley/preview"),
                                            commit: Self.commit)
        await fake.stop()
        let request = try #require(fake.requests.first)
        #expect(request.path == "/api/v1/repos/octo/blog/statuses/\(Self.commit.hex)")
        #expect(request.headers["authorization"] == "token \(Self.secret)")
        #expect(request.body == ["state": "failure", "description": "posts/x.md:3: bad date", "context": "galley/preview"])
    }

    @Test func gitlabGetsItsWordsAndTheProjectAsOneSegment() async throws {
        let fake = try await FakeForge.start()
        let gitlab = try client(.gitlab, fake, repository: "group/sub/blog")
        try await gitlab.post(CommitStatus(state: .pending, description: "Building", context: "galley/production"), commit: Self.commit, branch: "main")
        try await gitlab.post(CommitStatus(state: .failure, description: "broken", context: "galley/production"), commit: Self.commit, branch: "main")
        await fake.stop()
        #expect(fake.requests.count == 2)
        let request = try #require(fake.requests.first)
        #expect(request.path == "/api/v4/projects/group%2Fsub%2Fblog/statuses/\(Self.commit.hex)")
        #expect(request.headers["private-token"] == Self.secret)
        #expect(request.headers["authorization"] == nil)
        #expect(request.body == ["state": "running", "description": "Building", "name": "galley/production", "ref": "main"])
        #expect(fake.requests.last?.body?["state"] == "failed")
    }

    @Test func aLongDescriptionIsCutToWhatGitHubTakes() async throws {
        let fake = try await FakeForge.start()
        try await client(.github, fake).post(CommitStatus(state: .failure, description: String(repeating: "é", count: 300), context: "c"),
                                             commit: Self.commit)
        await fake.stop()
        let description = try #require(fake.requests.first?.body?["description"])
        #expect(description.count == 140 && description.hasSuffix("…"))
    }

    @Test func serverErrorsAreTriedAgainThreeTimesInAll() async throws {
        let fake = try await FakeForge.start()
        fake.answer(502, #"{"message":"Server Error"}"#, times: 2)
        try await client(.github, fake).post(live, commit: Self.commit)
        #expect(fake.requests.count == 3)

        fake.answer(500, #"{"message":"Server Error"}"#, times: 3)
        let error = await #expect(throws: StatusError.self) { try await client(.github, fake).post(live, commit: Self.commit) }
        await fake.stop()
        #expect(fake.requests.count == 6)
        #expect(error?.kind == .serverError)
        #expect(error?.description.contains("500 Server Error") == true)
        #expect(error?.description.contains("3 times") == true)
    }

    @Test func aRefusedTokenIsSaidClearlyOnceAndNeverShown() async throws {
        let fake = try await FakeForge.start()
        fake.answer(401, FakeForge.badCredentials)
        let error = await #expect(throws: StatusError.self) { try await client(.github, fake).post(live, commit: Self.commit) }
        await fake.stop()
        #expect(fake.requests.count == 1)
        let message = try #require(error?.description)
        #expect(error?.kind == .unauthorized && error?.isSetUpProblem == true)
        #expect(message.hasPrefix("github refused the token in \(tokenFile) (401 Bad credentials)"), "\(message)")
        #expect(message.contains("/repos/octo/blog/statuses/\(Self.commit.hex)"))
        #expect(message.contains("repo:status"))
        #expect(!message.contains(Self.secret))
        #expect(!"\(String(describing: error))".contains(Self.secret))
    }

    @Test func otherRefusalsAreNotTriedAgain() async throws {
        let fake = try await FakeForge.start()
        fake.answer(404, #"{"message":"Not Found"}"#)
        fake.answer(422, #"{"message":"No commit found for SHA: \#(Self.commit.hex)"}"#)
        // A forge that echoes the token back has it blanked out.
        fake.answer(403, #"{"message":"token \#(Self.secret) lacks the scope"}"#)
        let missing = await #expect(throws: StatusError.self) { try await client(.github, fake).post(live, commit: Self.commit) }
        let unknown = await #expect(throws: StatusError.self) { try await client(.github, fake).post(live, commit: Self.commit) }
        let forbidden = await #expect(throws: StatusError.self) { try await client(.gitea, fake).post(live, commit: Self.commit) }
        await fake.stop()
        #expect(fake.requests.count == 3)
        #expect(missing?.kind == .notFound && missing?.description.contains("no repository octo/blog") == true)
        #expect(unknown?.kind == .refused && unknown?.isSetUpProblem == false)
        #expect(unknown?.description.contains("422 No commit found for SHA") == true)
        #expect(forbidden?.kind == .forbidden && forbidden?.description.contains("write:repository") == true)
        #expect(forbidden?.description.contains(Self.secret) == false)
    }

    @Test func gitlabRefusingTheStateACommitAlreadyHasIsNoError() async throws {
        let fake = try await FakeForge.start()
        let gitlab = try client(.gitlab, fake)
        let building = CommitStatus(state: .pending, description: "Building", context: "galley/preview")
        fake.answer(400, #"{"message":"Cannot transition status via :run from :running (Reason(s): Status cannot transition via \"run\")"}"#)
        try await gitlab.post(building, commit: Self.commit)
        // Any other 400 is still one.
        fake.answer(400, #"{"message":{"name":["can't be blank"]}}"#)
        let error = await #expect(throws: StatusError.self) { try await gitlab.post(building, commit: Self.commit) }
        await fake.stop()
        #expect(error?.description.contains(#"400 {"name":["can't be blank"]}"#) == true)
    }

    @Test func aForgeThatIsNotThereIsTriedThreeTimes() async throws {
        let fake = try await FakeForge.start()
        let gone = try client(.github, fake)
        await fake.stop()
        let error = await #expect(throws: StatusError.self) { try await gone.post(live, commit: Self.commit) }
        #expect(error?.kind == .unreachable && error?.attempts == 3)
        #expect(error?.description.hasPrefix("cannot reach github for POST http://127.0.0.1:") == true, "\(String(describing: error))")
    }

    @Test func withoutCurlTheErrorSaysToInstallItAndIsNotTriedAgain() async throws {
        let fake = try await FakeForge.start()
        var client = try client(.github, fake)
        client.curl = folder.url.appending(path: "no-curl-here").path
        let error = await #expect(throws: StatusError.self) { try await client.post(live, commit: Self.commit) }
        await fake.stop()
        #expect(fake.requests.isEmpty)
        #expect(error?.kind == .unreachable && error?.attempts == 1)
        #expect(error?.description.contains("install it, as Debian's curl package") == true, "\(String(describing: error))")
    }

    @Test func redirectsAreFollowedOnlyWithinTheForgesHost() async throws {
        let fake = try await FakeForge.start()
        // GitHub's answer for a renamed repository.
        fake.answer(307, location: "\(fake.api)/repositories/42/statuses/\(Self.commit.hex)")
        try await client(.github, fake).post(live, commit: Self.commit)
        #expect(fake.requests.map(\.path) == ["/repos/octo/blog/statuses/\(Self.commit.hex)", "/repositories/42/statuses/\(Self.commit.hex)"])
        #expect(fake.requests.last?.method == "POST" && fake.requests.last?.body?["state"] == "success")

        // "localhost" is this same server under another name, which the token must not reach.
        fake.answer(307, location: "http://localhost:\(fake.port)/elsewhere")
        let error = await #expect(throws: StatusError.self) { try await client(.github, fake).post(live, commit: Self.commit) }
        await fake.stop()
        #expect(fake.requests.count == 3)
        #expect(error?.status == 307)
    }
}
