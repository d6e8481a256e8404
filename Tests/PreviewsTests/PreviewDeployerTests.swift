import Foundation
import GitSource
import SiteCompiler
import Testing

@testable import Previews

@Suite struct PreviewDeployerTests {
    let destination: TemporaryFolder
    let cache: TemporaryFolder
    let fixture: GitFixture

    init() throws {
        destination = try TemporaryFolder()
        cache = try TemporaryFolder()
        fixture = try GitFixture()
    }

    func deployer(production: ReleaseSlot? = nil, keep: Int = 3) throws -> PreviewDeployer {
        try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: "previews.example.com",
                                  production: production, keep: keep, cacheDirectory: cache.url))
    }

    var source: DirectorySource { DirectorySource(root: fixture.work) }

    @Test func aPreviewIsBuiltForItsOwnAddressAndKeptFromSearchEngines() throws {
        let outcome = try deployer().deploy(source, branch: "post/nanoc-on-ipad", commit: nil)
        guard case .deployed(let url, let label, _, _) = outcome else { Issue.record("not deployed: \(outcome)"); return }
        #expect(url == "https://post-nanoc-on-ipad.previews.example.com/")
        #expect(label == "post-nanoc-on-ipad")
        let site = "post-nanoc-on-ipad.previews.example.com"
        #expect(destination.linkTarget(site)?.hasPrefix(".galley/releases/\(site)/") == true)
        let home = try #require(destination.read("\(site)/index.html"))
        #expect(home.contains(#"<meta name="robots" content="noindex">"#))
        #expect(home.contains(#"<link rel="canonical" href="https://post-nanoc-on-ipad.previews.example.com/">"#))
        #expect(destination.read("\(site)/robots.txt")?.contains("Disallow: /") == true)
        #expect(destination.read("\(site)/feed.xml")?.contains("https://blog.example.com") == false)
    }

    @Test func branchesWhoseNamesCollideNeverOverwriteEachOther() throws {
        let deployer = try deployer()
        try fixture.write("posts/2020-01-02-slash.md", "---\ntitle: From feature/x\n---\n")
        _ = try deployer.deploy(source, branch: "feature/x", commit: nil)
        try fixture.remove("posts/2020-01-02-slash.md")
        try fixture.write("posts/2020-01-02-underscore.md", "---\ntitle: From feature_x\n---\n")
        let second = try deployer.deploy(source, branch: "feature_x", commit: nil)
        guard case .deployed(let url, let label, _, _) = second else { Issue.record("not deployed"); return }
        let taken = try #require(label)
        #expect(taken != "feature-x" && taken.hasPrefix("feature-x-"))
        #expect(url == "https://\(taken).previews.example.com/")
        #expect(destination.read("feature-x.previews.example.com/2020/01/02/slash/index.html") != nil)
        #expect(destination.read("\(taken).previews.example.com/2020/01/02/underscore/index.html") != nil)
        #expect(destination.read("\(taken).previews.example.com/2020/01/02/slash/index.html") == nil)

        // The labels stay put on later deploys.
        let again = try deployer.deploy(source, branch: "feature_x", commit: nil)
        guard case .deployed(_, let label2, _, _) = again else { Issue.record("not deployed"); return }
        #expect(label2 == taken)
        let manifest = try #require(destination.read(".galley/previews.json"))
        #expect(manifest.contains(#""branch" : "feature/x""#) && manifest.contains(#""branch" : "feature_x""#))
    }

    @Test func unchangedFilesAreLinkedNotCopiedAndRemovedFilesDisappear() throws {
        let deployer = try deployer()
        try fixture.write("static/old.txt", "old")
        _ = try deployer.deploy(source, branch: "post/a", commit: nil)
        let site = "post-a.previews.example.com"
        let styleBefore = try #require(destination.inode("\(site)/style.css"))
        let postBefore = try #require(destination.inode("\(site)/2020/01/01/first/index.html"))

        try fixture.remove("static/old.txt")
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: First, edited\n---\nChanged.\n")
        _ = try deployer.deploy(source, branch: "post/a", commit: nil)
        #expect(destination.inode("\(site)/style.css") == styleBefore)
        #expect(destination.inode("\(site)/2020/01/01/first/index.html") != postBefore)
        #expect(destination.read("\(site)/2020/01/01/first/index.html")?.contains("First, edited") == true)
        #expect(destination.read("\(site)/old.txt") == nil)
    }

    @Test func aFailedBuildLeavesTheLivePreviewExactlyAsItWas() throws {
        let deployer = try deployer()
        _ = try deployer.deploy(source, branch: "post/a", commit: nil)
        let site = "post-a.previews.example.com"
        let live = destination.linkTarget(site)
        let releases = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path)

        try fixture.write("posts/2020-01-03-bad.md", "---\ntitle: [unclosed\n---\n")
        #expect(throws: BuildFailure.self) { try deployer.deploy(source, branch: "post/a", commit: nil) }
        #expect(destination.linkTarget(site) == live)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path) == releases)
        #expect(!FileManager.default.fileExists(atPath: destination.url.appending(path: ".galley/lock").path))
    }

    @Test func keepsTheLastFewReleasesAndRollsBack() throws {
        let deployer = try deployer(keep: 2)
        let site = "post-a.previews.example.com"
        var releases: [String] = []
        for round in 1...3 {
            try fixture.write("posts/2020-01-01-first.md", "---\ntitle: Round \(round)\n---\n")
            guard case .deployed(_, _, let release, _) = try deployer.deploy(source, branch: "post/a", commit: nil) else { return }
            releases.append(release)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path).sorted()
        #expect(kept == Array(releases.suffix(2)))
        let (url, back) = try deployer.rollBack(branch: "post/a")
        #expect(url == "https://post-a.previews.example.com/")
        #expect(back == releases[1])
        #expect(destination.read("\(site)/2020/01/01/first/index.html")?.contains("Round 2") == true)
        #expect(throws: DeployError.self) { try deployer.rollBack(branch: "post/a") }
        #expect(throws: DeployError.self) { try deployer.rollBack(branch: "no/such") }
    }

    @Test func theProductionBranchPublishesTheRealSite() throws {
        let production = try TemporaryFolder()
        let slot = ReleaseSlot(destination: LocalDestination(root: production.url), name: "blog")
        let outcome = try deployer(production: slot).deploy(source, branch: "main", commit: nil)
        guard case .deployed(let url, let label, _, _) = outcome else { Issue.record("not deployed"); return }
        #expect(label == nil)
        #expect(url == "https://blog.example.com/")
        let home = try #require(production.read("blog/index.html"))
        #expect(!home.contains("noindex"))
        #expect(home.contains("https://blog.example.com/"))
        #expect(production.read("blog/robots.txt")?.contains("Sitemap: https://blog.example.com/sitemap.xml") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).isEmpty)

        #expect(try deployer().deploy(source, branch: "main", commit: nil) == .productionWithoutTarget)
    }

    @Test func aSupersededBuildIsNeverPutLive() throws {
        let deployer = try deployer()
        _ = try deployer.deploy(source, branch: "post/a", commit: nil)
        let live = destination.linkTarget("post-a.previews.example.com")
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: Older work\n---\n")
        let outcome = try deployer.deploy(source, branch: "post/a", commit: nil) { _ in true }
        #expect(outcome == .superseded(live: nil))
        #expect(destination.linkTarget("post-a.previews.example.com") == live)
        let releases = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/post-a.previews.example.com").path)
        #expect(releases.count == 1)
    }

    @Test func removingABranchTakesDownItsPreviewAndFreesTheLabel() throws {
        let deployer = try deployer()
        _ = try deployer.deploy(source, branch: "post/a", commit: nil)
        #expect(try deployer.remove(branch: "post/a"))
        #expect(destination.linkTarget("post-a.previews.example.com") == nil)
        #expect(!FileManager.default.fileExists(atPath: destination.url.appending(path: ".galley/releases/post-a.previews.example.com").path))
        #expect(destination.read(".galley/previews.json")?.contains("post/a") == false)
        #expect(try deployer.remove(branch: "post/a") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).isEmpty)
    }

    @Test func aRealFolderWhereAPreviewShouldGoIsNeverReplaced() throws {
        try FileManager.default.createDirectory(at: destination.url.appending(path: "post-a.previews.example.com"), withIntermediateDirectories: true)
        try Data("hand made".utf8).write(to: destination.url.appending(path: "post-a.previews.example.com/index.html"))
        #expect(throws: DeployError.self) { try deployer().deploy(source, branch: "post/a", commit: nil) }
        #expect(destination.read("post-a.previews.example.com/index.html") == "hand made")
    }

    @Test func badDomainsAndSchemesAreRefused() throws {
        for domain in ["", "-bad.example.com", "under_score.com", "a..b"] {
            #expect(throws: DeployError.self) {
                try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: domain, cacheDirectory: cache.url))
            }
        }
        #expect(throws: DeployError.self) {
            try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: "p.example.com", scheme: "ftp", cacheDirectory: cache.url))
        }
    }
}
