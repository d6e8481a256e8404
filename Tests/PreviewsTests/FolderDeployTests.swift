import Foundation
import TestThreads
import Testing

@testable import Previews

/// `galley deploy`'s work, without the command line.
@Suite(.onBlockingPool) struct FolderDeployTests {
    let fixture: GitFixture
    let destination: TemporaryFolder

    init() throws {
        fixture = try GitFixture()
        destination = try TemporaryFolder()
    }

    var settings: PublishSettings { PublishSettings(destination: destination.url.path, domain: "p.example.com") }

    @Test func theBranchComesFromTheOptionThenCIThenHead() async throws {
        let head = try fixture.git(["rev-parse", "HEAD"])
        let fromHead = try await FolderDeploy.prepare(site: fixture.work.path, branch: nil, cache: nil, settings: settings, environment: [:])
        #expect(fromHead.resolution.branch == "main" && fromHead.resolution.source.hasPrefix("HEAD of "))
        #expect(fromHead.commit?.hex == head)
        #expect(fromHead.run == nil)
        #expect(fromHead.deployer.configuration.cacheDirectory == fixture.work.appending(path: ".galley-cache"))

        let ci = ["GITHUB_REF_NAME": "post/from-ci", "GITHUB_RUN_NUMBER": "12", "GITHUB_REPOSITORY": "o/b", "GITHUB_WORKFLOW": "P"]
        let fromCI = try await FolderDeploy.prepare(site: fixture.work.path, branch: nil, cache: "/tmp/c", settings: settings, environment: ci)
        #expect(fromCI.resolution.branch == "post/from-ci" && fromCI.commit?.hex == head)
        #expect(fromCI.run == CIRun(series: "GITHUB_RUN_NUMBER o/b P", number: 12))
        #expect(fromCI.deployer.configuration.cacheDirectory.path == "/tmp/c")

        let explicit = try await FolderDeploy.prepare(site: fixture.work.path, branch: "x/y", cache: nil, settings: settings, environment: ci)
        #expect(explicit.resolution == BranchResolver.Resolution(branch: "x/y", source: "--branch"))
    }

    @Test func aDetachedHeadWithNoBranchKnownIsRefused() async throws {
        try fixture.git(["checkout", "-q", "--detach"])
        await #expect { try await FolderDeploy.prepare(site: fixture.work.path, branch: nil, cache: nil, settings: settings, environment: [:]) } throws: { error in
            "\(error)".contains("HEAD is detached at")
        }
    }

    @Test func deploysTheFolderAsItsBranchsPreview() async throws {
        let deploy = try await FolderDeploy.prepare(site: fixture.work.path, branch: "post/a", cache: nil, settings: settings, environment: [:])
        guard case .deployed(let url, _, let release, _) = try await deploy.deploy() else { Issue.record("not deployed"); return }
        #expect(url == "https://post-a.p.example.com/")
        #expect(release.hasSuffix("-" + String(try fixture.git(["rev-parse", "HEAD"]).prefix(7))))
        #expect(destination.read("post-a.p.example.com/2020/01/01/first/index.html")?.contains("The first post.") == true)
    }
}
