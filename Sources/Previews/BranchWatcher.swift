import Foundation
import GitSource
import Logging
import SiteCompiler

/// Watches a repository and keeps one preview per branch: new and moved branches are built
/// straight from their commits and deployed, deleted branches have their previews removed.
///
/// One failing branch is logged with its commit and error and never holds up the others; its
/// last good preview stays up. A branch that moves while it builds only ever shows its newest
/// commit.
public struct BranchWatcher: Sendable {
    /// What to watch and where to publish.
    public struct Configuration: Sendable {
        /// The repository, bare or not.
        public var repository: URL
        /// A remote to fetch (with prune) before each pass; without one, the local branches are watched.
        public var remote: String?
        /// The blog's folder inside the repository (`""` for the root).
        public var siteFolder: String
        /// The state file.
        public var stateFile: URL
        /// How many branches build at once.
        public var concurrency: Int

        public init(repository: URL, remote: String?, siteFolder: String, stateFile: URL, concurrency: Int) {
            self.repository = repository
            self.remote = remote
            self.siteFolder = siteFolder
            self.stateFile = stateFile
            self.concurrency = max(1, concurrency)
        }
    }

    /// What one pass did.
    public struct PassReport: Sendable, Equatable {
        public var deployed: [String] = []
        public var failed: [String] = []
        public var removed: [String] = []
        /// Branches that moved during their build; the next pass builds their new tip.
        public var superseded: [String] = []
        public var unchanged = 0
    }

    public let configuration: Configuration
    public let deployer: PreviewDeployer
    let logger: Logger

    public init(_ configuration: Configuration, deployer: PreviewDeployer, logger: Logger) {
        self.configuration = configuration
        self.deployer = deployer
        self.logger = logger
    }

    /// Opens the repository, turning libgit2's refusals into advice.
    func open() throws -> GitRepository {
        try GitRepository(at: configuration.repository.path)
    }

    /// Runs one pass: fetch, compare every tip with the saved state, deploy and remove.
    public func pass() async throws -> PassReport {
        let repository = try open()
        if let remote = configuration.remote {
            do {
                try repository.fetch(remote: remote)
            } catch {
                logger.error("fetch failed; working from the branches already known", metadata: ["remote": "\(remote)", "error": "\(error)"])
            }
        }
        let tips = try repository.branches(remote: configuration.remote)
        var state = WatchState.load(from: configuration.stateFile)
        var report = PassReport()

        let names = Set(tips.map(\.name))
        for (branch, _) in state.branches.sorted(by: { $0.key < $1.key }) where !names.contains(branch) {
            if branch != deployer.configuration.productionBranch {
                do {
                    if try deployer.remove(branch: branch) {
                        logger.info("removed the preview of a deleted branch", metadata: ["branch": "\(branch)"])
                    }
                } catch {
                    logger.error("cannot remove the preview of a deleted branch", metadata: ["branch": "\(branch)", "error": "\(error)"])
                    continue
                }
            }
            state.branches[branch] = nil
            report.removed.append(branch)
        }
        try state.save(to: configuration.stateFile)

        let changed = tips.filter { state.branches[$0.name]?.commit != $0.commit.hex }
        report.unchanged = tips.count - changed.count
        let results = await withTaskGroup(of: (BranchTip, Result<PreviewDeployer.Outcome, Error>).self) { group in
            var pending = changed[...]
            var results: [(BranchTip, Result<PreviewDeployer.Outcome, Error>)] = []
            func start(_ tip: BranchTip) {
                group.addTask { (tip, Result { try self.deploy(tip) }) }
            }
            for _ in 0..<configuration.concurrency {
                if let tip = pending.popFirst() { start(tip) }
            }
            for await result in group {
                results.append(result)
                if let tip = pending.popFirst() { start(tip) }
            }
            return results
        }

        for (tip, result) in results.sorted(by: { $0.0.name < $1.0.name }) {
            let metadata: Logger.Metadata = ["branch": "\(tip.name)", "commit": "\(tip.commit.short)"]
            switch result {
            case .success(.deployed(let url, let label, _, let summary)):
                logger.info("deployed \(url)", metadata: metadata.merging(["build": "\(summary)"]) { $1 })
                state.branches[tip.name] = .init(commit: tip.commit.hex, status: label == nil ? .production : .deployed, label: label)
                report.deployed.append(tip.name)
            case .success(.productionWithoutTarget):
                logger.notice("the production branch moved, but no --production-to is set; not published", metadata: metadata)
                state.branches[tip.name] = .init(commit: tip.commit.hex, status: .production)
            case .success(.superseded):
                logger.info("the branch moved during its build; its newer commit goes next", metadata: metadata)
                report.superseded.append(tip.name)
            case .failure(let error):
                logger.error("build failed; the last good preview stays up\n\(error)", metadata: metadata)
                state.branches[tip.name] = .init(commit: tip.commit.hex, status: .failed, label: state.branches[tip.name]?.label,
                                                 error: "\(error)")
                report.failed.append(tip.name)
            }
            try state.save(to: configuration.stateFile)
        }
        return report
    }

    /// Builds one branch tip from the object database and deploys it.
    private func deploy(_ tip: BranchTip) throws -> PreviewDeployer.Outcome {
        let repository = try open()
        let source = try GitTreeSource(repository: repository, commit: tip.commit, subdirectory: configuration.siteFolder,
                                       label: "\(tip.name)@\(tip.commit.short)")
        let path = configuration.repository.path, remote = configuration.remote
        return try deployer.deploy(source, branch: tip.name, commit: tip.commit) { live in
            // Asked just before the switch: has the branch moved on, or is something newer live?
            guard let repository = try? GitRepository(at: path) else { return false }
            if let current = try? repository.tip(of: tip.name, remote: remote), current != tip.commit { return true }
            if let live, let liveID = GitObjectID(hex: live), liveID != tip.commit, repository.isDescendant(liveID, of: tip.commit) {
                return true
            }
            return false
        }
    }

    /// Runs passes until cancelled: at once again when a branch moved during a pass, otherwise
    /// every `interval`.
    public func run(every interval: Duration) async throws {
        while !Task.isCancelled {
            var report: PassReport
            repeat {
                report = try await pass()
            } while !report.superseded.isEmpty && !Task.isCancelled
            try await Task.sleep(for: interval)
        }
    }
}
