import Blocking
import Foundation
import GitSource
import SiteCompiler
import SiteSource

/// A deploy of a blog folder, as `galley deploy` makes one in a CI job: the branch it is for and
/// where that was found, its commit, the CI run making it, and the deployer.
package struct FolderDeploy: Sendable {
    /// The blog's folder.
    package let site: URL
    package let resolution: BranchResolver.Resolution
    /// The commit checked out, when the folder is in a repository.
    package let commit: GitObjectID?
    /// The first line of that commit's message.
    package let subject: String?
    /// The CI run making the deploy, when the environment says.
    package let run: CIRun?
    /// The blog's files that differ from ``commit`` (edited, staged or new), relative to the
    /// working tree: the deploy shows them though it is labelled with the commit.
    package var uncommitted: [String] = []
    package let deployer: PreviewDeployer

    /// Works out what to deploy: the branch is `branch` if given, else the one CI's variables
    /// name, else the one checked out in the repository holding `site`. Builds are kept in
    /// `cache`, or `SITE/.galley-cache`.
    package static func prepare(site: String, branch: String?, cache: String?, settings: PublishSettings,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               notify: @escaping @Sendable (String) -> Void = { _ in }) async throws -> FolderDeploy {
        let folder = URL(fileURLWithPath: site)
        let (resolution, commit, subject, uncommitted) = try await BlockingPool.shared.run {
            let (resolution, commit) = try BranchResolver.resolve(explicit: branch, environment: environment, folder: folder)
            let repository = commit == nil ? nil : try? GitRepository(at: folder.path, search: true)
            let subject = commit.flatMap { repository?.subject(of: $0) }
            return (resolution, commit, subject, repository.map { Self.uncommitted(in: $0, site: folder) } ?? [])
        }
        let deployer = try settings.deployer(cache: cache.map { URL(fileURLWithPath: $0) } ?? folder.appending(path: ".galley-cache"),
                                             environment: environment, notify: notify)
        var deploy = FolderDeploy(site: folder, resolution: resolution, commit: commit, subject: subject,
                                  run: BranchResolver.run(fromEnvironment: environment), deployer: deployer)
        deploy.uncommitted = uncommitted
        return deploy
    }

    /// The files the build reads below `site` that differ from the commit checked out in
    /// `repository`; none when that cannot be told.
    static func uncommitted(in repository: GitRepository, site: URL) -> [String] {
        guard let work = repository.workingDirectory?.resolvingSymlinksInPath().path else { return [] }
        let blog = site.standardizedFileURL.resolvingSymlinksInPath().path
        let root = work.hasSuffix("/") ? work : work + "/"
        guard blog + "/" == root || blog.hasPrefix(root) else { return [] }
        let prefix = blog + "/" == root ? "" : String(blog.dropFirst(root.count)) + "/"
        // What the build never reads (editors' litter, hidden names in posts/ and pages/) is no change.
        let changed = (try? repository.uncommitted(in: SiteBuilder.inputs.map { prefix + $0 })) ?? []
        return changed.filter { path in
            let inBlog = String(path.dropFirst(prefix.count))
            return !SourceFileFilter.ignoresAnyName(in: inBlog)
                && !["posts", "pages"].contains { SourceFileFilter.isHidden(inBlog, below: $0) && inBlog.hasPrefix($0 + "/") }
        }
    }

    /// Builds the folder and puts it live by ``GoLiveRule/orderOnly`` (a CI checkout cannot see
    /// later pushes), then closes the destinations' shared connections.
    package func deploy() async throws -> PreviewDeployer.Outcome {
        try await deployer.disconnecting {
            try await deployer.deploy(DirectorySource(root: site), branch: resolution.branch, commit: commit, subject: subject, run: run, rule: .orderOnly)
        }
    }
}
