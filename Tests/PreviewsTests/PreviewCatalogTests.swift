import FakeForge
import Foundation
import GitSource
@testable import SiteContent
import SiteSource
import TestThreads
import Testing

@testable import Previews

/// `galley previews list` and `remove`, and the per-release addresses, on a local destination;
/// ``PreviewCatalogOverSSHTests`` runs the same story over ssh.
@Suite(.onBlockingPool) struct PreviewCatalogTests {
    @Test func listsRemovesAndAddressesEachReleaseLocally() async throws {
        let previews = try TemporaryFolder(), production = try TemporaryFolder()
        try await CatalogStory(previews: LocalDestination(root: previews.url), production: LocalDestination(root: production.url.appending(path: "site")),
                               previewsFolder: previews, productionFolder: production.url.appending(path: "site")).run()
    }

    @Test func ownSizesCountSharedFilesOnce() {
        func file(_ inode: UInt64, links: Int, bytes: Int64 = 4096) -> StoredFile { StoredFile(device: 2049, inode: inode, links: links, bytes: bytes) }
        // Two releases sharing inode 1 (two names, both here); inode 2 has a third name elsewhere.
        let files = [file(1, links: 2), file(1, links: 2), file(2, links: 2), file(3, links: 1, bytes: 8192)]
        #expect(StoredFile.ownBytes(files) == 4096 + 8192)
        #expect(StoredFile.totalBytes(files) == 4096 * 2 + 8192)
        #expect(StoredFile.parse(findOutput: "2049 17 1 8\n2049 18 3 16\nnot a line\n") == [file(17, links: 1), file(18, links: 3, bytes: 8192)])
    }

    /// A deploy that was building when its preview was removed does not bring it back; the
    /// next push does.
    @Test func aPreviewRemovedWhileItBuildsStaysDown() async throws {
        let previews = try TemporaryFolder(), cache = try TemporaryFolder()
        let fixture = try GitFixture()
        let deployer = try PreviewDeployer(.init(destination: LocalDestination(root: previews.url), domain: "previews.example.com", cacheDirectory: cache.url))
        let catalog = PreviewCatalog(previews: LocalDestination(root: previews.url))
        let source = DirectorySource(root: fixture.work)
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        let outcome = try await deployer.deploy(building: {
            // The build has begun (its label claimed, its ticket taken) when the removal comes.
            let done = DispatchSemaphore(value: 0)
            Task { _ = try? await catalog.remove(labels: ["post-a"]); done.signal() }
            done.wait()
            return source
        }, branch: "post/a", commit: nil)
        #expect(outcome == .superseded(.removed))
        #expect(previews.linkTarget("post-a.previews.example.com") == nil)
        #expect(try await catalog.listing(sizes: false).sites.isEmpty)
        guard case .deployed = try await deployer.deploy(source, branch: "post/a", commit: nil) else { Issue.record("not deployed again"); return }
        let manifest = try PreviewManifest.decode(try await LocalDestination(root: previews.url).read(PreviewManifest.path), from: "test")
        #expect(manifest.removed?["post/a"] == nil && manifest.previews["post-a"] != nil)
    }

    @Test func longLabelsGetReleaseAddressesOfTheirOwn() {
        let long = String(repeating: "dependabot-npm-and-yarn-", count: 2) + "lodash"  // 54 characters and more
        let one = ReleaseSlot.releaseAddress("20261126T000000.000Z-abc1234", of: "\(long)-4-17-21.p.example.com")
        let other = ReleaseSlot.releaseAddress("20261126T000000.000Z-abc1234", of: "\(long)-4-17-22.p.example.com")
        #expect(one != nil && one != other)
        for address in [one, other].compactMap({ $0 }) {
            let label = String(address.prefix { $0 != "." })
            #expect(PreviewLabel.isLabel(label) && label.count <= 63 && label.hasPrefix("abc1234--dependabot"), "\(address)")
        }
        #expect(ReleaseSlot.releaseAddress("20261126T000000.000Z-abc1234", of: "post-a.p.example.com") == "abc1234--post-a.p.example.com")
        #expect(ReleaseSlot.releaseAddress("20261126T000000.000Z-local", of: "post-a.p.example.com") == nil)
        #expect(ReleaseSlot.releaseAddress("20261126T000000.000Z-abc1234", of: "current") == nil)
    }

    @Test func aManifestsLabelsAndDomainThatAreNoneAreLeftOut() throws {
        for bad in ["../x", "a/b", "UPPER", "-x", ""] {
            let json = #"{"version":1,"previews":{"\#(bad)":{"branch":"x"},"post-a":{"branch":"post/a"}}}"#
            #expect(try PreviewManifest.decode(Data(json.utf8), from: "/srv/p").previews.keys.sorted() == ["post-a"], "\(bad)")
        }
        #expect(try PreviewManifest.decode(Data(#"{"version":1,"previews":{},"domain":"../../etc"}"#.utf8), from: "/srv/p").domain == nil)
        #expect(try PreviewManifest.decode(Data(#"{"version":1,"previews":{},"domain":"p.example.com"}"#.utf8), from: "/srv/p").domain == "p.example.com")
    }

    @Test func aSelectionPicksByLabelBranchAgeAndGoneBranches() {
        let now = ISO8601DateFormatter().date(from: "2026-11-26T12:00:00Z")!
        func site(_ label: String?, _ branch: String, deployed: String?, failedAt: String? = nil) -> PreviewListing.Site {
            PreviewListing.Site(label: label, production: label == nil, branch: branch, deployed: deployed, status: .live, live: true,
                                failedAt: failedAt, releases: [], slotName: label ?? "current")
        }
        let listing = PreviewListing(sites: [
            site(nil, "main", deployed: "2020-01-01T00:00:00Z"),
            site("old", "post/old", deployed: "2026-10-01T00:00:00Z"),
            site("new", "post/new", deployed: "2026-11-25T00:00:00Z"),
            site("broken", "post/broken", deployed: nil, failedAt: "2026-09-01T00:00:00Z"),
        ])
        var selection = PreviewCatalog.Selection()
        selection.olderThan = 30 * 86400
        #expect(selection.pick(from: listing, now: now).labels == ["old", "broken"])  // never production
        selection = PreviewCatalog.Selection()
        selection.existingBranches = ["main", "post/new", "post/broken"]
        #expect(selection.pick(from: listing, now: now).labels == ["old"])
        selection = PreviewCatalog.Selection()
        selection.labels = ["new", "nope"]
        selection.branches = ["post/broken", "no/such"]
        let picked = selection.pick(from: listing, now: now)
        #expect(picked.labels == ["new", "broken"])
        #expect(picked.unknown == ["nope", "branch no/such"])
    }
}

@Suite(.onBlockingPool, .enabled(if: SSHServer.isAvailable, "needs root and OpenSSH (scripts/test installs it)"), .serialized)
struct PreviewCatalogOverSSHTests {
    @Test func listsRemovesAndAddressesEachReleaseOverSSH() async throws {
        let server = try SSHServer()
        let previews = try TemporaryFolder(), production = try TemporaryFolder()
        try await CatalogStory(
            previews: DestinationAddress.parse("root@127.0.0.1:\(previews.url.path)", ssh: server.command),
            production: DestinationAddress.parse("root@127.0.0.1:\(production.url.path)/site", ssh: server.command),
            previewsFolder: previews, productionFolder: production.url.appending(path: "site")).run()
    }
}

/// Deploys production and three previews, then lists, rolls back and forth, and removes, checking
/// the files at the destination at each step.
struct CatalogStory {
    var previews: any Destination
    var production: any Destination
    var previewsFolder: TemporaryFolder
    var productionFolder: URL

    func run() async throws {
        let fixture = try GitFixture(), cache = try TemporaryFolder()
        let deployer = try PreviewDeployer(.init(destination: previews, domain: "Previews.Example.com", production: .production(in: production),
                                                 keep: 2, cacheDirectory: cache.url))
        let path = fixture.work.path
        func deploy(_ branch: String, _ message: String, edit: String) async throws -> String {
            try fixture.git(["checkout", "-q", "-B", branch])
            try fixture.write("posts/2020-01-01-first.md", "---\ntitle: First\n---\n\(edit)\n")
            let commit = try fixture.commit(message)
            let id = try #require(GitObjectID(hex: commit))
            // libgit2's objects stay on the thread that made them: the build's.
            let outcome = try await deployer.deploy(building: { try GitTreeSource(repository: GitRepository(at: path), commit: id) },
                                                    branch: branch, commit: id, subject: message)
            guard case .deployed = outcome else { throw FixtureError("not deployed: \(outcome)") }
            return commit
        }
        let main1 = try await deploy("main", "Publish", edit: "Production words.")
        let a1 = try await deploy("post/a", "Draft a", edit: "A, first.")
        let a2 = try await deploy("post/a", "Redraft a", edit: "A, second.")
        let a3 = try await deploy("post/a", "Finish a", edit: "A, third.")
        _ = try await deploy("post/b", "Draft b", edit: "B.")
        _ = try await deploy("post/c", "Draft c", edit: "C.")
        let catalog = PreviewCatalog(previews: previews, production: production)

        // Each kept release has its own address, and the oldest (pruned at --keep 2) has none.
        let site = "post-a.previews.example.com"
        func page(_ name: String) -> String? { previewsFolder.read("\(name)/2020/01/01/first/index.html") }
        #expect(page("\(a3.prefix(7))--\(site)")?.contains("A, third.") == true)
        #expect(page("\(a2.prefix(7))--\(site)")?.contains("A, second.") == true)
        #expect(previewsFolder.linkTarget("\(a1.prefix(7))--\(site)") == nil)
        #expect(page(site)?.contains("A, third.") == true)

        var listing = try await catalog.listing(sizes: true)
        #expect(listing.sites.map { $0.label ?? "production" } == ["production", "post-c", "post-b", "post-a"])
        let production = try #require(listing.sites.first)
        #expect(production.production && production.branch == "main" && production.commit == main1 && production.subject == "Publish")
        #expect(production.url == "https://blog.example.com/" && production.status == .live && production.live)
        let a = try #require(listing.sites.first { $0.label == "post-a" })
        #expect(a.commit == a3 && a.subject == "Finish a" && a.url == "https://post-a.previews.example.com/")
        #expect(a.releases.map(\.commit) == [a2, a3])
        #expect(a.releases.map(\.live) == [false, true])
        #expect(a.releases.last?.url == "https://\(a3.prefix(7))--post-a.previews.example.com/")
        // A preview's files that production has too (the theme's styles and scripts) are hard
        // links to production's, so they are not its own; its second release adds only what
        // changed.
        let b = try #require(listing.sites.first { $0.label == "post-b" })
        let aSize = try #require(a.ownBytes), bSize = try #require(b.ownBytes)
        let bFiles = try await previews.storedFiles(under: [".galley/releases/post-b.previews.example.com"])
        #expect(bSize > 0 && bSize < StoredFile.totalBytes(bFiles), "post-b \(bSize) of \(StoredFile.totalBytes(bFiles))")
        #expect(bFiles.contains { $0.links > 1 })
        #expect(aSize > bSize && aSize < bSize * 3, "post-a \(aSize), post-b \(bSize)")

        // Back and forward again; the listing follows.
        _ = try await deployer.rollBack(branch: "post/a")
        #expect(page(site)?.contains("A, second.") == true)
        listing = try await catalog.listing(sizes: false)
        let rolledBack = try #require(listing.sites.first { $0.label == "post-a" })
        #expect(rolledBack.commit == a2 && rolledBack.subject == "Redraft a" && rolledBack.releases.map(\.live) == [true, false])
        _ = try await deployer.rollBack(branch: "post/a", forward: true)
        #expect(page(site)?.contains("A, third.") == true)
        await #expect(throws: DeployError.self) { try await deployer.rollBack(branch: "post/a", forward: true) }

        // Removing takes the link, the releases and their addresses, and frees the label.
        let removed = try await catalog.remove(labels: ["post-a"])
        #expect(removed == [PreviewCatalog.Removed(label: "post-a", branch: "post/a", freed: aSize)])
        #expect(previewsFolder.linkTarget(site) == nil && previewsFolder.linkTarget("\(a3.prefix(7))--\(site)") == nil)
        #expect(!FileManager.default.fileExists(atPath: previewsFolder.url.appending(path: ".galley/releases/\(site)").path))
        #expect(page("post-b.previews.example.com")?.contains("B.") == true)
        let manifest = try PreviewManifest.decode(try await previews.read(PreviewManifest.path), from: "test")
        #expect(manifest.previews["post-a"] == nil && manifest.removed?["post/a"] == a3)
        // The watcher's view: the removed branch at that commit counts as held.
        let live = try #require(await deployer.liveSites())
        #expect(live.holds(.init(commit: a3, status: .deployed, label: "post-a"), of: "post/a", productionBranch: false))
        #expect(!live.holds(.init(commit: a2, status: .deployed, label: "post-z"), of: "post/z", productionBranch: false))

        // Production goes only when asked, and the listing then shows previews alone. A watcher
        // leaves it down until its branch moves.
        _ = try await catalog.removeProduction()
        #expect(!FileManager.default.fileExists(atPath: productionFolder.appending(path: "current").path))
        let afterwards = try #require(await deployer.liveSites())
        #expect(afterwards.holds(.init(commit: main1, status: .production), of: "main", productionBranch: true))
        listing = try await catalog.listing(sizes: false)
        #expect(listing.sites.map { $0.label ?? "production" } == ["post-c", "post-b"])
        await catalog.disconnect()
    }
}
