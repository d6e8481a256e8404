import Blocking
import Foundation
import GitSource
import Logging

extension BranchWatcher {
    /// A watcher of the repository at `path` as `galley watch` sets one up. Galley's own files go
    /// in the repository's git folder, under `galley/`: the state file (unless `stateFile`) and
    /// the builds. `jobs` branches build at once, one a core unless given. Deploys that wait for
    /// another are told to `logger`.
    ///
    /// Throws a `GitError` when the repository cannot be opened.
    package static func forRepository(at path: String, remote: String?, siteFolder: String, stateFile: String?, jobs: Int?,
                                     settings: PublishSettings, environment: [String: String] = ProcessInfo.processInfo.environment,
                                     childBuilds: CommitBuild.Child? = nil, logger: Logger) async throws -> BranchWatcher {
        let home = try await defaultStateFile(forRepositoryAt: path).deletingLastPathComponent()
        let deployer = try settings.deployer(cache: home.appending(path: "builds"), environment: environment, childBuilds: childBuilds) { logger.notice("\($0)") }
        let configuration = Configuration(
            repository: URL(fileURLWithPath: path), remote: remote, siteFolder: siteFolder,
            stateFile: stateFile.map { URL(fileURLWithPath: $0) } ?? home.appending(path: "watch.json"),
            concurrency: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        return BranchWatcher(configuration, deployer: deployer, logger: logger)
    }
}
