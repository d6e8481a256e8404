import Blocking
import GitSource
import SiteCompiler
import Foundation

extension BranchWatcher {
    /// What `galley previews retry` did with one branch's record.
    package struct Forgotten: Sendable, Equatable {
        /// Where and as what the branch was published (see ``PreviewDeployer/Configuration/target``).
        package var target: String
        package var record: WatchState.Branch
    }

    /// Forgets what the watchers of `stateFile` last did with `branch`, so that their next pass
    /// builds and deploys its tip again: after a build that failed for a passing reason (a full
    /// disk, a host that was down), or to publish it with a newer Galley. Taken under the lock a
    /// pass holds, so it never lands in the middle of one. Returns the records it forgot.
    package static func retry(branch: String, stateFile: URL) async throws -> [Forgotten] {
        let folder = LocalDestination(root: stateFile.deletingLastPathComponent())
        return try await folder.withLock(stateFile.lastPathComponent + ".lock", holder: LockHolder(purpose: "retrying \(branch)"),
                                         waiting: { _ in }) {
            var state = WatchState.load(from: stateFile)
            var forgotten: [Forgotten] = []
            for (target, var record) in state.targets.sorted(by: { $0.key < $1.key }) {
                guard let branchRecord = record.branches.removeValue(forKey: branch) else { continue }
                forgotten.append(Forgotten(target: target, record: branchRecord))
                state.targets[target] = record
            }
            if !forgotten.isEmpty { try state.save(to: stateFile) }
            return forgotten
        }
    }

    /// The state file of the repository at `path` when `galley watch` is given none.
    package static func defaultStateFile(forRepositoryAt path: String) async throws -> URL {
        let gitDirectory = try await BlockingPool.shared.run { try GitRepository(at: path).gitDirectory }
        return gitDirectory.appending(path: "galley/watch.json")
    }

    /// Removes a watcher's local build of the site `name` from its builds folder `builds`, with
    /// its cache entry, for a site taken down by hand: a branch that later gets the label must
    /// not start from it.
    package static func forgetBuild(in builds: URL, name: String) {
        let build = builds.appending(path: name)
        try? FileManager.default.removeItem(at: build)
        try? FileManager.default.removeItem(at: PreviewDeployer.digestsFile(of: build))
        SiteBuilder.forget(output: build, cache: builds)
    }
}
