import Blocking
import Foundation
import GitSource
import Logging
import SiteCompiler
import SiteSource

/// Watches a repository and keeps one preview per branch: new and moved branches are built
/// straight from their commits and deployed, deleted branches have their previews removed.
///
/// One failing branch is logged with its commit and error and never holds up the others; its
/// last good preview stays up. Whether a build goes live is ``GoLiveRule``'s to say, as for
/// `galley deploy`, here with the branch in sight: only a branch's tip is ever put live (a build
/// whose branch moved on meanwhile is dropped and the new tip built at once), and the newest
/// push wins, so a branch reset to an older commit and force-pushed shows that commit.
package struct BranchWatcher: Sendable {
    /// What to watch and where to publish.
    package struct Configuration: Sendable {
        /// The repository, bare or not.
        package var repository: URL
        /// A remote to fetch (with prune) before each pass; without one, the local branches are watched.
        package var remote: String?
        /// The blog's folder inside the repository (`""` for the root).
        package var siteFolder: String
        /// The state file.
        package var stateFile: URL
        /// How many branches build at once.
        package var concurrency: Int

        package init(repository: URL, remote: String?, siteFolder: String, stateFile: URL, concurrency: Int) {
            self.repository = repository
            self.remote = remote
            self.siteFolder = siteFolder
            self.stateFile = stateFile
            self.concurrency = max(1, concurrency)
        }
    }

    /// What one pass did.
    package struct PassReport: Sendable, Equatable {
        package var deployed: [String] = []
        package var failed: [String] = []
        package var removed: [String] = []
        /// Branches that moved during their build; the next pass builds their new tip.
        package var superseded: [String] = []
        /// Branches whose build was not put live because a newer deploy of them was live.
        package var overtaken: [String] = []
        package var unchanged = 0
    }

    package let configuration: Configuration
    package let deployer: PreviewDeployer
    let logger: Logger

    package init(_ configuration: Configuration, deployer: PreviewDeployer, logger: Logger) {
        self.configuration = configuration
        self.deployer = deployer
        self.logger = logger
    }

    /// The key of this watcher's part of the state file: where and as what it publishes.
    var target: String {
        deployer.configuration.target + (configuration.siteFolder.isEmpty ? "" : ", site \(configuration.siteFolder)")
    }

    /// Fetches the remote, if there is one, and reads every branch's tip, on a thread of their own.
    private func fetchTips() async throws -> [BranchTip] {
        let path = configuration.repository.path, remote = configuration.remote
        return try await BlockingPool.shared.run {
            let repository = try GitRepository(at: path)
            if let remote {
                do {
                    try repository.fetch(remote: remote)
                } catch {
                    throw DeployError("cannot fetch from the remote '\(remote)' of \(path), so nothing was deployed: \(error)")
                }
            }
            return try repository.branches(remote: remote)
        }
    }

    /// Runs one pass: fetch, compare every tip with the saved state and with what is live at the
    /// destination, deploy and remove. A failed fetch fails the pass: the branches already known
    /// were dealt with by earlier passes.
    ///
    /// Watchers of the same state file (the post-receive hook and a service, say) take turns:
    /// a pass holds the lock beside the state file throughout, so none ever reads another's build
    /// in progress as one that died.
    package func pass() async throws -> PassReport {
        let folder = LocalDestination(root: configuration.stateFile.deletingLastPathComponent())
        let logger = self.logger
        return try await folder.withLock(configuration.stateFile.lastPathComponent + ".lock", holder: LockHolder(purpose: "a watch pass"),
                                         waiting: { logger.notice("waiting for another watcher of this repository: \($0)") }) {
            try await passHoldingLock()
        }
    }

    private func passHoldingLock() async throws -> PassReport {
        let tips = try await fetchTips()
        var state = WatchState.load(from: configuration.stateFile)
        let target = self.target
        var record = state.targets[target] ?? WatchState.Target()
        func save() throws {
            state.targets[target] = record
            try state.save(to: configuration.stateFile)
        }
        var report = PassReport()
        try await removeDeletedBranches(keeping: Set(tips.map(\.name)), from: &record, into: &report)
        try save()

        let live = await deployer.liveSites()
        let changed = tips.filter { tip in
            guard let done = record.branches[tip.name], done.commit == tip.commit.hex else { return true }
            // Removed by hand since (a preview folder, or the whole destination): put it back,
            // unless `galley previews remove` took it down on purpose.
            return live.map { !$0.holds(done, of: tip.name, productionBranch: tip.name == deployer.configuration.productionBranch) } ?? false
        }
        report.unchanged = tips.count - changed.count
        // A preview `galley previews remove` took down at the commit recorded is said to be so.
        if let live {
            let kept = Set(changed.map(\.name))
            var noted = false
            for tip in tips where !kept.contains(tip.name) {
                guard let done = record.branches[tip.name], done.status == .deployed, live.removed[tip.name] != nil,
                    tip.name != deployer.configuration.productionBranch
                else { continue }
                record.branches[tip.name]?.status = .removed
                noted = true
            }
            if noted { try save() }
        }
        // Builds still written down were under way when a watcher before this one was stopped
        // (killed, a reboot). With each build in a child process of its own, no build takes the
        // watcher down, so none of them is to blame: they are all built again.
        record.building = [:]
        var stopped = false
        if !changed.isEmpty {
            for tip in changed { record.building[tip.name] = .init(commit: tip.commit.hex) }
            try save()
            for (tip, result) in await build(changed).sorted(by: { $0.0.name < $1.0.name }) {
                stopped = self.record(result, of: tip, in: &record, into: &report) || stopped
                try save()
            }
            // Stopped on purpose: whatever was not built is built by the next watcher.
            record.building = [:]
            try save()
        }
        if stopped { throw CancellationError() }
        return report
    }

    /// Takes down the previews of branches that are gone; the production site stays.
    private func removeDeletedBranches(keeping names: Set<String>, from record: inout WatchState.Target, into report: inout PassReport) async throws {
        for (branch, _) in record.branches.sorted(by: { $0.key < $1.key }) where !names.contains(branch) {
            if branch != deployer.configuration.productionBranch {
                do {
                    if try await deployer.remove(branch: branch) {
                        logger.info("removed the preview of a deleted branch", metadata: ["branch": "\(branch)"])
                    }
                } catch {
                    logger.error("cannot remove the preview of a deleted branch", metadata: ["branch": "\(branch)", "error": "\(error)"])
                    continue
                }
            }
            record.branches[branch] = nil
            report.removed.append(branch)
        }
    }

    /// The most warnings of one build the log says, a line each.
    static let loggedWarnings = 10

    /// Logs and records how one branch's deploy went; true when it was stopped (cancelled).
    private func record(_ result: Result<PreviewDeployer.Outcome, Error>, of tip: BranchTip, in record: inout WatchState.Target,
                        into report: inout PassReport) -> Bool {
        let metadata: Logger.Metadata = ["branch": "\(tip.name)", "commit": "\(tip.commit.short)"]
        let label = record.branches[tip.name]?.label
        record.building[tip.name] = nil
        switch result {
        case .success(.deployed(let url, let label, _, let built)):
            logger.info("deployed \(url)", metadata: metadata.merging(["build": "\(built)"]) { $1 })
            // The first few, as a build says them; the preview's changes page lists up to 200.
            for warning in built.warnings.prefix(Self.loggedWarnings) {
                logger.warning("\(warning)", metadata: metadata)
            }
            if built.warningCount > Self.loggedWarnings {
                let listed = built.untold == 0 ? "lists them" : "lists the first \(built.warnings.count)"
                let page = label == nil ? "" : ": \(url)_galley/changes/ \(listed)"
                logger.warning("and \(built.warningCount - Self.loggedWarnings) more warnings\(page)", metadata: metadata)
            }
            record.branches[tip.name] = .init(commit: tip.commit.hex, status: label == nil ? .production : .deployed, label: label)
            report.deployed.append(tip.name)
        case .success(.productionWithoutTarget):
            logger.notice("the production branch moved, but no --production-to is set; not published", metadata: metadata)
            record.branches[tip.name] = .init(commit: tip.commit.hex, status: .production)
        case .success(.superseded(.branchMoved)):
            logger.info("the branch moved during its build; its newer commit goes next", metadata: metadata)
            report.superseded.append(tip.name)
        case .success(.superseded(let reason)):
            // Done with: building it again would only meet the same newer deploy.
            logger.notice("not put live: \(reason)", metadata: metadata)
            record.branches[tip.name] = .init(commit: tip.commit.hex, status: .superseded, label: label)
            report.overtaken.append(tip.name)
        case .failure(is CancellationError):
            return true  // stopped, not failed: the next run builds it again
        case .failure(let error) where !DeployError.isBuildFailure(error):
            // The destination's fault, not the branch's: once it is fixed, `previews retry` (or
            // the next push) publishes the branch.
            logger.error("deploy failed, the build was fine; \(Self.whatStays(record.branches[tip.name], production: label == nil && tip.name == deployer.configuration.productionBranch)); once the destination is fixed, run galley previews retry \(tip.name) --repo REPO", metadata: metadata)
            logLines(of: error, metadata: metadata)
            record.branches[tip.name] = .init(commit: tip.commit.hex, status: .failed, label: label, error: "\(error)")
            report.failed.append(tip.name)
        case .failure(let error):
            logger.error("build failed; \(Self.whatStays(record.branches[tip.name], production: label == nil && tip.name == deployer.configuration.productionBranch))", metadata: metadata)
            logLines(of: error, metadata: metadata)
            record.branches[tip.name] = .init(commit: tip.commit.hex, status: .failed, label: label, error: "\(error)")
            report.failed.append(tip.name)
        }
        return false
    }

    /// What a failed deploy leaves on show, by the branch's record before it: its last good
    /// build, or nothing yet.
    static func whatStays(_ before: WatchState.Branch?, production: Bool) -> String {
        let published = before.map { $0.status != .removed && ($0.status == .deployed || $0.status == .production || $0.status == .superseded || $0.label != nil) } ?? false
        switch (production, published) {
        case (true, true): return "the live site was left as it was"
        case (true, false): return "nothing of it is published yet"
        case (false, true): return "the last good preview stays up"
        case (false, false): return "it has no preview yet"
        }
    }

    /// The most lines of one error the log says, each a line of its own.
    static let loggedErrorLines = 40

    /// Logs `error`'s lines each on a line of its own, as a build prints them (its quoted source
    /// lines read as they do in a terminal), up to ``loggedErrorLines``.
    private func logLines(of error: any Error, metadata: Logger.Metadata) {
        let lines = "\(error)".split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.prefix(Self.loggedErrorLines) { logger.error("\(line)", metadata: metadata) }
        if lines.count > Self.loggedErrorLines {
            logger.error("and \(lines.count - Self.loggedErrorLines) more lines: galley build says them all", metadata: metadata)
        }
    }

    /// Builds and deploys `tips`, `concurrency` at a time.
    ///
    /// Each child task writes its outcome into ``DeployOutcomes`` and returns nothing. Swift 6.3.1
    /// at `-O` miscompiles the plain form, a child returning `(tip, .success(try await deploy(tip)))`:
    /// the parent is handed a tuple the child never wrote (garbage from reused task memory), and
    /// the release watcher crashed or recorded nothing. The debug build is not affected; the
    /// release end-to-end tests (`WatchLoopTests`, run by scripts/test on the shipped binary) keep this from coming back.
    ///
    /// The production branch goes first: a new preview's build shares the files of production's
    /// (see ``PreviewDeployer/sharedBuild(for:into:)``), so while there is none yet, the others
    /// wait for it rather than each keep a copy of every photo.
    private func build(_ tips: [BranchTip]) async -> [(BranchTip, Result<PreviewDeployer.Outcome, Error>)] {
        let outcomes = DeployOutcomes(count: tips.count)
        let production = deployer.configuration.productionBranch
        let order = tips.indices.filter { tips[$0].name == production } + tips.indices.filter { tips[$0].name != production }
        let alone = order.count > 1 && tips[order[0]].name == production && deployer.configuration.production != nil
            && !deployer.hasProductionBuild
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            func startNext() {
                guard next < order.count, !Task.isCancelled else { return }
                let index = order[next], tip = tips[index]
                next += 1
                group.addTask { await self.deploy(tip, into: outcomes, at: index) }
            }
            for _ in 0..<(alone ? 1 : configuration.concurrency) { startNext() }
            var waiting = alone
            while await group.next() != nil {
                for _ in 0..<(waiting ? configuration.concurrency : 1) { startNext() }
                waiting = false
            }
        }
        return zip(tips, outcomes.results).compactMap { tip, outcome in outcome.map { (tip, $0) } }
    }

    /// Deploys one tip and writes down how it went; see ``build(_:)`` for why it returns nothing.
    private func deploy(_ tip: BranchTip, into outcomes: DeployOutcomes, at index: Int) async {
        do {
            outcomes.set(index, .success(try await deploy(tip)))
        } catch {
            outcomes.set(index, .failure(error))
        }
    }

    /// Builds one branch tip from the object database and deploys it.
    private func deploy(_ tip: BranchTip) async throws -> PreviewDeployer.Outcome {
        let path = configuration.repository.path, remote = configuration.remote
        let job = CommitBuild(repository: path, commit: tip.commit, siteFolder: configuration.siteFolder, label: "\(tip.name)@\(tip.commit.short)")
        return try await deployer.deploy(job, branch: tip.name, rule: .tip(of: tip.name, inRepositoryAt: path, remote: remote))
    }

    /// Runs passes until cancelled: one at once, then one every `interval` and one whenever
    /// `nudges` yields (a push webhook); again at once when a branch moved during a pass (a few
    /// times at most, so that a branch pushed to without pause still waits its turn). Nudges
    /// that come during a pass make one more pass after it. A pass that fails (a fetch, say) is
    /// logged, and the next one tries again.
    package func run(every interval: Duration, nudges: AsyncStream<Void>? = nil) async throws {
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    wake.yield()
                    try? await Task.sleep(for: interval)
                }
            }
            if let nudges {
                group.addTask {
                    for await _ in nudges { wake.yield() }
                }
            }
            for await _ in wakes {
                do {
                    for _ in 0..<3 {
                        guard try await !pass().superseded.isEmpty else { break }
                    }
                } catch let error where !(error is CancellationError) && !Task.isCancelled {
                    logger.error("pass failed: \(error)")
                } catch {
                    break
                }
            }
            group.cancelAll()
        }
    }

    /// What the state file says of this watcher's target, as JSON: for a health check.
    package func statusJSON() -> Data {
        let record = WatchState.load(from: configuration.stateFile).targets[target] ?? WatchState.Target()
        return (try? WatchState.encoder.encode(record)) ?? Data("{}".utf8)
    }
}

/// The outcomes of the deploys of one batch, each written by the task that made it.
private final class DeployOutcomes: Sendable {
    private let slots: Locked<[Result<PreviewDeployer.Outcome, Error>?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ outcome: Result<PreviewDeployer.Outcome, Error>) { slots.withLock { $0[index] = outcome } }

    /// Each deploy's outcome; nil for one never started (the pass was cancelled).
    var results: [Result<PreviewDeployer.Outcome, Error>?] { slots.withLock { $0 } }
}
