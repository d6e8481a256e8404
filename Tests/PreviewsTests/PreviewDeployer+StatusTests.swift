import Blocking
import FakeForge
import Foundation
import GitSource
import SiteSource
import TestThreads
import Testing

@testable import Previews

/// Deploys that set commit statuses on a fake forge: when each one is set, and that a status
/// that cannot be set never loses a deploy.
@Suite(.onBlockingPool) struct PreviewDeployerStatusTests {
    let destination: TemporaryFolder
    let cache: TemporaryFolder
    let fixture: GitFixture
    let tokenFile: String

    init() throws {
        destination = try TemporaryFolder()
        cache = try TemporaryFolder()
        fixture = try GitFixture()
        tokenFile = cache.url.appending(path: "token").path
        try Data("the-token\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
    }

    /// A deployer whose statuses go to `fake`, and what it was warned of.
    func deployer(_ fake: FakeForge, stops: Bool = false, production: Bool = false) throws -> (PreviewDeployer, Locked<[String]>) {
        let warnings = Locked<[String]>([])
        let target = StatusTarget(forge: .github, api: URL(string: fake.api)!, repository: try StatusRepository("octo/blog", for: .github))
        let client = ForgeClient(target: target, token: try StatusToken(file: tokenFile), retryDelays: [.milliseconds(5), .milliseconds(5)])
        var configuration = PreviewDeployer.Configuration(
            destination: LocalDestination(root: destination.url), domain: "previews.example.com",
            production: production ? ReleaseSlot.production(in: LocalDestination(root: destination.url.appending(path: "www"))) : nil,
            cacheDirectory: cache.url)
        configuration.status = StatusReporter(client: client, stopsOnSetUpProblem: stops) { message in warnings.withLock { $0.append(message) } }
        return (try PreviewDeployer(configuration), warnings)
    }

    var head: GitObjectID { GitObjectID(hex: try! fixture.git(["rev-parse", "HEAD"]))! }

    @Test func pendingThenSuccessWithThePreviewsAddress() async throws {
        let fake = try await FakeForge.start()
        let (deployer, warnings) = try deployer(fake)
        let outcome = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: head)
        await fake.stop()
        guard case .deployed(let url, _, _, _) = outcome else { Issue.record("not deployed: \(outcome)"); return }
        #expect(fake.requests.map(\.path) == Array(repeating: "/repos/octo/blog/statuses/\(head.hex)", count: 2))
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "success"])
        #expect(fake.requests.map { $0.body?["context"] } == ["galley/preview", "galley/preview"])
        #expect(fake.requests.last?.body?["target_url"] == url)
        #expect(url == "https://post-x.previews.example.com/")
        #expect(warnings.withLock { $0 }.isEmpty)
    }

    @Test func productionLinksToTheSitesOwnAddress() async throws {
        let fake = try await FakeForge.start()
        let (deployer, _) = try deployer(fake, production: true)
        _ = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "main", commit: head)
        await fake.stop()
        #expect(fake.requests.map { $0.body?["context"] } == ["galley/production", "galley/production"])
        #expect(fake.requests.last?.body?["target_url"] == "https://blog.example.com/")

        // With nowhere to publish production, nothing is deployed and no status is set.
        let quiet = try await FakeForge.start()
        let (nowhere, _) = try self.deployer(quiet)
        #expect(try await nowhere.deploy(DirectorySource(root: fixture.work), branch: "main", commit: head) == .productionWithoutTarget)
        await quiet.stop()
        #expect(quiet.requests.isEmpty)
    }

    @Test func aFailedBuildSetsFailureWithTheFirstLineOfItsError() async throws {
        let fake = try await FakeForge.start()
        let (deployer, _) = try deployer(fake)
        try fixture.write("posts/2020-01-02-bad.md", "---\ntitle: Bad\ndraft: maybe\n---\n")
        try fixture.write("posts/2020-01-03-worse.md", "---\ntitle: Worse\ndraft: perhaps\n---\n")
        let error = await #expect(throws: (any Error).self) {
            try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: head)
        }
        await fake.stop()
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "failure"])
        let description = try #require(fake.requests.last?.body?["description"])
        let thrown = try #require(error)
        let firstLine = try #require("\(thrown)".split(separator: "\n").first)
        #expect(description == firstLine, "\(thrown)")
        #expect(description.contains("2020-01-02-bad.md"), "\(description)")
    }

    @Test func aRefusedTokenStopsADeployBeforeAnythingIsWrittenWhereAsked() async throws {
        let fake = try await FakeForge.start()
        fake.answer(401, FakeForge.badCredentials)
        let (strict, _) = try deployer(fake, stops: true)
        let error = await #expect(throws: StatusError.self) {
            try await strict.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: head)
        }
        #expect(error?.kind == .unauthorized)
        #expect(fake.requests.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).isEmpty)

        // A watcher's deployer warns and deploys all the same.
        fake.answer(401, FakeForge.badCredentials, times: 2)
        let (lenient, warnings) = try deployer(fake)
        let outcome = try await lenient.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: head)
        await fake.stop()
        guard case .deployed = outcome else { Issue.record("not deployed: \(outcome)"); return }
        let said = warnings.withLock { $0 }
        #expect(said.count == 2)
        #expect(said.first?.contains("github refused the token in \(tokenFile) (401 Bad credentials)") == true, "\(said)")
        #expect(!said.joined().contains("the-token"))
    }

    @Test func aForgeThatIsDownNeverStopsADeploy() async throws {
        let fake = try await FakeForge.start()
        fake.answer(503, times: 3)
        let (deployer, warnings) = try deployer(fake, stops: true)
        let outcome = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: head)
        await fake.stop()
        guard case .deployed = outcome else { Issue.record("not deployed: \(outcome)"); return }
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "pending", "pending", "success"])
        #expect(warnings.withLock { $0 }.count == 1)
    }

    @Test func aSupersededBuildIsMarkedBuiltButNotLive() async throws {
        let fake = try await FakeForge.start()
        let (deployer, _) = try deployer(fake)
        let older = head
        try fixture.write("posts/2020-01-02-next.md", "---\ntitle: Next\n---\n")
        let newer = GitObjectID(hex: try fixture.commit("Next"))!
        // The branch has moved on to `newer` by the time the build of `older` is done.
        let outcome = try await deployer.deploy(DirectorySource(root: fixture.work), branch: "post/x", commit: older,
                                                rule: GoLiveRule { newer })
        await fake.stop()
        #expect(outcome == .superseded(.branchMoved))
        #expect(fake.requests.map { $0.body?["state"] } == ["pending", "success"])
        #expect(fake.requests.last?.body?["description"]?.hasPrefix("Built, not put live: the branch moved on") == true)
        #expect(fake.requests.last?.body?["target_url"] == nil)
    }
}
