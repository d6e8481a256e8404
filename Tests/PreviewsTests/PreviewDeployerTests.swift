import Foundation
import GitSource
import SiteCompiler
import SiteSource
import TestThreads
import Testing

import Diagnostics
@testable import Previews

@Suite(.onBlockingPool) struct PreviewDeployerTests {
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

    @Test func aPreviewIsBuiltForItsOwnAddressAndKeptFromSearchEngines() async throws {
        let outcome = try await deployer().deploy(source, branch: "post/nanoc-on-ipad", commit: nil)
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

    @Test func branchesWhoseNamesCollideNeverOverwriteEachOther() async throws {
        let deployer = try deployer()
        try fixture.write("posts/2020-01-02-slash.md", "---\ntitle: From feature/x\n---\n")
        _ = try await deployer.deploy(source, branch: "feature/x", commit: nil)
        try fixture.remove("posts/2020-01-02-slash.md")
        try fixture.write("posts/2020-01-02-underscore.md", "---\ntitle: From feature_x\n---\n")
        let second = try await deployer.deploy(source, branch: "feature_x", commit: nil)
        guard case .deployed(let url, let label, _, _) = second else { Issue.record("not deployed"); return }
        let taken = try #require(label)
        #expect(taken != "feature-x" && taken.hasPrefix("feature-x-"))
        #expect(url == "https://\(taken).previews.example.com/")
        #expect(destination.read("feature-x.previews.example.com/2020/01/02/slash/index.html") != nil)
        #expect(destination.read("\(taken).previews.example.com/2020/01/02/underscore/index.html") != nil)
        #expect(destination.read("\(taken).previews.example.com/2020/01/02/slash/index.html") == nil)

        // The labels stay put on later deploys.
        let again = try await deployer.deploy(source, branch: "feature_x", commit: nil)
        guard case .deployed(_, let label2, _, _) = again else { Issue.record("not deployed"); return }
        #expect(label2 == taken)
        let manifest = try #require(destination.read(".galley/previews.json"))
        #expect(manifest.contains(#""branch" : "feature/x""#) && manifest.contains(#""branch" : "feature_x""#))
    }

    @Test func unchangedFilesAreLinkedNotCopiedAndRemovedFilesDisappear() async throws {
        let deployer = try deployer()
        try fixture.write("static/old.txt", "old")
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        let site = "post-a.previews.example.com"
        let styleBefore = try #require(destination.inode("\(site)/style.css"))
        let postBefore = try #require(destination.inode("\(site)/2020/01/01/first/index.html"))

        try fixture.remove("static/old.txt")
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: First, edited\n---\nChanged.\n")
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        #expect(destination.inode("\(site)/style.css") == styleBefore)
        #expect(destination.inode("\(site)/2020/01/01/first/index.html") != postBefore)
        #expect(destination.read("\(site)/2020/01/01/first/index.html")?.contains("First, edited") == true)
        #expect(destination.read("\(site)/old.txt") == nil)
    }

    @Test func aFailedBuildLeavesTheLivePreviewExactlyAsItWas() async throws {
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        let site = "post-a.previews.example.com"
        let live = destination.linkTarget(site)
        let releases = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path)

        try fixture.write("posts/2020-01-03-bad.md", "---\ntitle: [unclosed\n---\n")
        await #expect(throws: BuildFailure.self) { try await deployer.deploy(source, branch: "post/a", commit: nil) }
        #expect(destination.linkTarget(site) == live)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path) == releases)
        #expect(!FileManager.default.fileExists(atPath: destination.url.appending(path: ".galley/lock").path))
    }

    /// What `galley host` lists: the subject of the commit on show, and a failure newer than it
    /// until a build succeeds again.
    @Test func theManifestSaysWhatIsOnShowAndWhatFailedSince() async throws {
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil, subject: "Write about nanoc")
        func entry() throws -> PreviewManifest.Entry? {
            try PreviewManifest.decode(destination.read(".galley/previews.json").map { Data($0.utf8) }, from: "test").previews["post-a"]
        }
        #expect(try entry()?.subject == "Write about nanoc")
        #expect(try entry()?.failure == nil)
        try fixture.write("posts/2020-01-03-bad.md", "---\ntitle: [unclosed\n---\n")
        await #expect(throws: BuildFailure.self) { try await deployer.deploy(source, branch: "post/a", commit: nil) }
        let failure = try #require(try entry()?.failure)
        #expect(failure.message.contains("posts/2020-01-03-bad.md"), "\(failure.message)")
        #expect(!failure.message.contains("\n"))
        #expect(try entry()?.subject == "Write about nanoc")
        try fixture.remove("posts/2020-01-03-bad.md")
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil, subject: "Fix the date")
        #expect(try entry()?.failure == nil)
        #expect(try entry()?.subject == "Fix the date")
    }

    @Test func keepsTheLastFewReleasesAndRollsBack() async throws {
        let deployer = try deployer(keep: 2)
        let site = "post-a.previews.example.com"
        var releases: [String] = []
        for round in 1...3 {
            try fixture.write("posts/2020-01-01-first.md", "---\ntitle: Round \(round)\n---\n")
            guard case .deployed(_, _, let release, _) = try await deployer.deploy(source, branch: "post/a", commit: nil) else { return }
            releases.append(release)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/\(site)").path).sorted()
        #expect(kept == Array(releases.suffix(2)))
        let (url, back) = try await deployer.rollBack(branch: "post/a")
        #expect(url == "https://post-a.previews.example.com/")
        #expect(back == releases[1])
        #expect(destination.read("\(site)/2020/01/01/first/index.html")?.contains("Round 2") == true)
        await #expect(throws: DeployError.self) { try await deployer.rollBack(branch: "post/a") }
        await #expect { try await deployer.rollBack(branch: "no/such") } throws: { error in
            (error as? DeployError)?.message == "branch no/such, destination \(destination.url.path): there is no preview of this branch"
        }
    }

    @Test func theProductionBranchPublishesTheRealSiteInItsOwnFolder() async throws {
        let parent = try TemporaryFolder()
        // An empty folder that already exists, as an administrator would make for a deploy user.
        let folder = parent.url.appending(path: "blog")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let slot = ReleaseSlot.production(in: LocalDestination(root: folder))
        let outcome = try await deployer(production: slot).deploy(source, branch: "main", commit: nil)
        guard case .deployed(let url, let label, _, _) = outcome else { Issue.record("not deployed: \(outcome)"); return }
        #expect(label == nil)
        #expect(url == "https://blog.example.com/")
        let home = try #require(parent.read("blog/current/index.html"))
        #expect(!home.contains("noindex"))
        #expect(home.contains("https://blog.example.com/"))
        #expect(parent.read("blog/current/robots.txt")?.contains("Sitemap: https://blog.example.com/sitemap.xml") == true)
        #expect(parent.linkTarget("blog/current")?.hasPrefix(".galley/releases/current/") == true)
        // Galley's bookkeeping is inside the folder; nothing is written beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.url.path) == ["blog"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".galley", "current"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.url.path).isEmpty)

        #expect(try await deployer().deploy(source, branch: "main", commit: nil) == .productionWithoutTarget)
    }

    @Test func aProductionFolderWithSomeoneElsesFilesIsRefused() async throws {
        let parent = try TemporaryFolder()
        try FileManager.default.createDirectory(at: parent.url.appending(path: "www"), withIntermediateDirectories: true)
        try Data("hand made".utf8).write(to: parent.url.appending(path: "www/index.html"))
        let slot = ReleaseSlot.production(in: LocalDestination(root: parent.url.appending(path: "www")))
        do {
            _ = try await deployer(production: slot).deploy(source, branch: "main", commit: nil)
            Issue.record("a folder with other files must not become a production folder")
        } catch let error as DeployError {
            #expect(error.message.hasPrefix("branch main, destination \(parent.url.appending(path: "www").path): "), "\(error)")
            #expect(error.message.contains("holds files Galley did not put there (index.html)"))
            #expect(error.message.contains("/www/current"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.url.appending(path: "www").path) == ["index.html"])

        // A link an earlier Galley made, with its releases in the folder above, gets advice.
        try FileManager.default.createSymbolicLink(atPath: parent.url.appending(path: "old").path, withDestinationPath: ".galley/releases/old/20240101T000000.000Z-local")
        let legacy = ReleaseSlot.production(in: LocalDestination(root: parent.url.appending(path: "old")))
        await #expect(throws: DeployError.self) { try await deployer(production: legacy).deploy(source, branch: "main", commit: nil) }
    }

    @Test func aBuildItsBranchNoLongerWantsIsNeverPutLive() async throws {
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        let live = destination.linkTarget("post-a.previews.example.com")
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: Older work\n---\n")
        let built = try #require(GitObjectID(hex: String(repeating: "1", count: 40)))
        let moved = GoLiveRule { GitObjectID(hex: String(repeating: "2", count: 40)) }
        let outcome = try await deployer.deploy(source, branch: "post/a", commit: built, rule: moved)
        #expect(outcome == .superseded(.branchMoved))
        #expect(destination.linkTarget("post-a.previews.example.com") == live)
        let releases = try FileManager.default.contentsOfDirectory(atPath: destination.url.appending(path: ".galley/releases/post-a.previews.example.com").path)
        #expect(releases.count == 1)
    }

    @Test func aDeployThatBeganEarlierNeverReplacesOneThatBeganLater() async throws {
        let deployer = try deployer(), source = self.source
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: From the earlier push\n---\n")
        let earlier = try #require(try await deployer.begin(branch: "post/a", run: nil))
        let later = try #require(try await deployer.begin(branch: "post/a", run: nil))
        #expect(later.order.isNewer(than: earlier.order))

        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: From the later push\n---\n")
        guard case .deployed = try await deployer.publish(building: .tree({ source }, subject: nil), claim: later, commit: nil, rule: .orderOnly) else { Issue.record("not deployed"); return }
        try fixture.write("posts/2020-01-01-first.md", "---\ntitle: From the earlier push\n---\n")
        let late = try await deployer.publish(building: .tree({ source }, subject: nil), claim: earlier, commit: nil, rule: .orderOnly)
        #expect(late == .superseded(.overtaken(commit: nil, order: later.order)))
        #expect(destination.read("post-a.previews.example.com/2020/01/01/first/index.html")?.contains("From the later push") == true)

        // Deploying the older content again is a new deploy, and goes live: the newest push wins.
        guard case .deployed = try await deployer.deploy(source, branch: "post/a", commit: nil) else { Issue.record("a redeploy must go live"); return }
        #expect(destination.read("post-a.previews.example.com/2020/01/01/first/index.html")?.contains("From the earlier push") == true)
    }

    @Test func runsOfOneCIPipelineAreOrderedByTheirNumbers() async throws {
        let deployer = try deployer(), source = self.source
        let pipeline = "GITHUB_RUN_NUMBER owner/blog Preview"
        // The job of the later push (run 8) reaches its deploy step first.
        let run8 = try #require(try await deployer.begin(branch: "post/a", run: CIRun(series: pipeline, number: 8)))
        let run7 = try #require(try await deployer.begin(branch: "post/a", run: CIRun(series: pipeline, number: 7)))
        guard case .deployed = try await deployer.publish(building: .tree({ source }, subject: nil), claim: run7, commit: nil, rule: .orderOnly) else { Issue.record("not deployed"); return }
        guard case .deployed = try await deployer.publish(building: .tree({ source }, subject: nil), claim: run8, commit: nil, rule: .orderOnly) else {
            Issue.record("run 8 began first but is the later push, and must replace run 7"); return
        }
        let late = try await deployer.deploy(source, branch: "post/a", commit: nil, run: CIRun(series: pipeline, number: 7))
        #expect(late == .superseded(.overtaken(commit: nil, order: run8.order)))
        // Another pipeline, or none, is ordered by when its deploy began.
        guard case .deployed = try await deployer.deploy(source, branch: "post/a", commit: nil, run: CIRun(series: "CI_PIPELINE_IID 42", number: 1)) else {
            Issue.record("not deployed"); return
        }
    }

    @Test func ticketsGrowEvenWhenTheClockIsBehind() {
        let now = Date(timeIntervalSince1970: 1_800_000_000.5)
        let first = DeployOrder.ticket(after: nil, now: now)
        #expect(first == "20270115T080000.500Z")
        #expect(DeployOrder.ticket(after: first, now: now.addingTimeInterval(-3600)) == "20270115T080000.501Z")
        #expect(DeployOrder.ticket(after: "20270115T080000.999Z", now: now) == "20270115T080001.000Z")
        #expect(DeployOrder.ticket(after: first, now: now.addingTimeInterval(2)) == "20270115T080002.500Z")
    }

    @Test func whatDeadDeploysLeftBehindIsSweptAway() async throws {
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        // A release a killed deploy was copying in, for this preview and another one, and a link
        // it was about to rename over a live one.
        for path in [".galley/releases/post-a.previews.example.com/20200101T000000.000Z-local.partial/x",
                     ".galley/releases/post-gone.previews.example.com/20200101T000000.000Z-local.partial/y"] {
            try FileManager.default.createDirectory(at: destination.url.appending(path: path), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: destination.url.appending(path: ".post-a.previews.example.com.link-1-2").path, withDestinationPath: "nowhere")
        _ = try await deployer.deploy(source, branch: "post/b", commit: nil)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: destination.url.path).filter { $0.hasSuffix(".partial") || $0.contains(".link-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func aDeployWaitsForALiveHolderOfTheLockAndSaysWho() async throws {
        let notices = Notices()
        var configuration = try deployer().configuration
        configuration.notify = { notices.append($0) }
        let deployer = try PreviewDeployer(configuration)
        let held = try await LockHolding(LocalDestination(root: destination.url), purpose: "holding it for a test")
        let source = self.source
        let finished = Notices()
        let deploy = Task {
            do {
                let outcome = try await deployer.deploy(source, branch: "post/a", commit: nil)
                finished.append("\(outcome)")
            } catch {
                finished.append("failed: \(error)")
            }
        }
        #expect(await eventually { !notices.all.isEmpty })
        #expect(finished.all.isEmpty)
        #expect(destination.linkTarget("post-a.previews.example.com") == nil)
        let released = Date()
        try await held.release()
        await deploy.value
        #expect(finished.all.first?.hasPrefix("deployed") == true, "\(finished.all)")
        #expect(Date().timeIntervalSince(released) < 60)
        let said = notices.all.joined(separator: "\n")
        #expect(said.contains("waiting for the lock on \(destination.url.path), held by galley pid \(getpid()) on "), "\(said)")
        #expect(said.contains("(holding it for a test)"))
    }

    @Test func aLockWhoseHolderDiedIsFreeAtOnce() async throws {
        // A process of its own takes the lock (`flock` from util-linux, on a descriptor that the
        // shell then hands to `sleep` as it becomes it), and is then killed. One process, so
        // nothing it started lives on to be waited for.
        let lockFile = destination.url.appending(path: DestinationLock.path)
        try FileManager.default.createDirectory(at: lockFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", #"exec 9>>"$0" && flock 9 && exec sleep 20"#, lockFile.path]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        func isHeld() -> Bool {
            let descriptor = open(lockFile.path, O_RDWR | O_CREAT, 0o644)
            defer { close(descriptor) }
            return flock(descriptor, LOCK_EX | LOCK_NB) != 0
        }
        for _ in 0..<100 where !isHeld() { usleep(20_000) }
        #expect(isHeld())
        kill(holder.processIdentifier, SIGKILL)
        holder.waitWithoutSpinning()
        // Free at once: the deploy never says it waits. (Not timed: while the whole suite runs,
        // other suites can hold the shared threads for many seconds.)
        let notices = Notices()
        var configuration = try deployer().configuration
        configuration.notify = { notices.append($0) }
        guard case .deployed = try await PreviewDeployer(configuration).deploy(source, branch: "post/a", commit: nil) else {
            Issue.record("not deployed"); return
        }
        #expect(notices.all.isEmpty, "\(notices.all)")
    }

    @Test func removingABranchTakesDownItsPreviewAndFreesTheLabel() async throws {
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: nil)
        #expect(try await deployer.remove(branch: "post/a"))
        #expect(destination.linkTarget("post-a.previews.example.com") == nil)
        #expect(!FileManager.default.fileExists(atPath: destination.url.appending(path: ".galley/releases/post-a.previews.example.com").path))
        #expect(destination.read(".galley/previews.json")?.contains("post/a") == false)
        #expect(try await deployer.remove(branch: "post/a") == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).isEmpty)
    }

    @Test func aRealFolderWhereAPreviewShouldGoIsNeverReplaced() async throws {
        try FileManager.default.createDirectory(at: destination.url.appending(path: "post-a.previews.example.com"), withIntermediateDirectories: true)
        try Data("hand made".utf8).write(to: destination.url.appending(path: "post-a.previews.example.com/index.html"))
        await #expect { try await deployer().deploy(source, branch: "post/a", commit: nil) } throws: { error in
            let message = (error as? DeployError)?.message ?? ""
            return message.hasPrefix("branch post/a, destination \(destination.url.path): ") && message.contains("move it away first")
        }
        #expect(destination.read("post-a.previews.example.com/index.html") == "hand made")
    }

    @Test func badDomainsAndSchemesAreRefused() async throws {
        for domain in ["", "-bad.example.com", "under_score.com", "a..b"] {
            #expect(throws: DeployError.self) {
                try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: domain, cacheDirectory: cache.url))
            }
        }
        #expect(throws: DeployError.self) {
            try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: "p.example.com", scheme: "ftp", cacheDirectory: cache.url))
        }
    }

    /// One deploy with a mistyped `--domain` rewrote the manifest's: the previews before it were
    /// then listed as not live, and removing one said "removed" while it was still served.
    @Test func aDeployUnderAnotherDomainThanThePreviewsThereIsRefused() async throws {
        _ = try await deployer().deploy(source, branch: "post/a", commit: nil)
        let typo = try PreviewDeployer(.init(destination: LocalDestination(root: destination.url), domain: "preview.example.com",
                                            cacheDirectory: cache.url))
        await #expect { try await typo.deploy(source, branch: "post/b", commit: nil) } throws: { error in
            let error = error as? DeployError
            return error?.aboutOptions == true && error?.message.contains("the previews here are under previews.example.com, not preview.example.com") == true
        }
        // A rollback there says the same, not that the preview has no release.
        await #expect { try await typo.rollBack(branch: "post/a") } throws: { error in
            (error as? DeployError)?.message.contains("the previews here are under previews.example.com") == true
        }
        let manifest = try PreviewManifest.decode(destination.read(".galley/previews.json").map { Data($0.utf8) }, from: "here")
        #expect(manifest.domain == "previews.example.com" && manifest.previews.keys.sorted() == ["post-a"])
    }

    /// A manifest that is not what Galley writes is said to be damaged in words, not as Swift's
    /// `DecodingError.typeMismatch(Swift.Dictionary<…>`.
    @Test func aDamagedManifestIsSaidInWords() throws {
        for (text, said) in [("[]", "the top of the file holds a value of the wrong kind"), ("{\"previews\": {}}", "the top of the file lacks \"version\""),
                             ("{\"version\": \"one\"}", "\"version\" holds a value of the wrong kind"),
                             ("{\"previews\": {", "it is not whole JSON")] {
            #expect { try PreviewManifest.decode(Data(text.utf8), from: "/srv/previews") } throws: { error in
                let message = "\(error)"
                return message.contains("/srv/previews/.galley/previews.json is damaged (\(said)); fix or remove it") && !message.contains("DecodingError")
            }
        }
    }

    /// A commit deployed twice has one address, which shows the later release: the listing
    /// gave both releases that address.
    @Test func aCommitDeployedTwiceHasItsAddressOnTheLaterRelease() async throws {
        let commit = try #require(GitObjectID(hex: String(repeating: "ab", count: 20)))
        let deployer = try deployer()
        _ = try await deployer.deploy(source, branch: "post/a", commit: commit)
        _ = try await deployer.deploy(source, branch: "post/a", commit: commit)
        let listing = try await PreviewCatalog(previews: LocalDestination(root: destination.url)).listing(sizes: false)
        let releases = try #require(listing.sites.first { $0.label == "post-a" }?.releases)
        #expect(releases.count == 2)
        #expect(releases.map(\.url) == [nil, "https://abababa--post-a.previews.example.com/"], "\(releases.map(\.id))")
        #expect(destination.linkTarget("abababa--post-a.previews.example.com") == ".galley/releases/post-a.previews.example.com/\(releases[1].id)")
    }

    /// A deploy superseded before its release is staged has ended its comparison by the time it
    /// returns: the build's digests are beside the build then, not written later into a folder
    /// its caller may be removing.
    @Test func aSupersededDeployHasWrittenItsDigestsWhenItReturns() async throws {
        for day in 1...600 {
            try fixture.write("posts/2020-01-01-post-\(day).md", "---\ntitle: Post \(day)\n---\n" + String(repeating: "Words of a post. ", count: 200))
        }
        let built = try #require(GitObjectID(hex: String(repeating: "a", count: 40)))
        let moved = try #require(GitObjectID(hex: String(repeating: "b", count: 40)))
        let outcome = try await deployer().deploy(source, branch: "post/x", commit: built, rule: GoLiveRule { moved })
        #expect(outcome == .superseded(.branchMoved))
        let file = cache.url.appending(path: "post-x.previews.example.com.digests").path
        let digests = try #require(OutputDigests.decode(FileManager.default.contents(atPath: file)))
        #expect(digests.files["2020/01/01/post-600/index.html"] != nil)
        #expect(destination.read("post-x.previews.example.com/index.html") == nil)
    }
}
