import ArgumentParser
import Foundation
import GitSource
import Previews
import SiteCompiler

extension Galley {
    /// `galley deploy [SITE] --to DEST --domain DOMAIN [--branch B] [--production-branch main] [--production-to DIR]`
    struct Deploy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build a blog and publish it as its branch's preview (a step for any CI).",
            discussion: """
                The branch comes from --branch, else the CI's variables (GitHub and Gitea Actions, GitLab, \
                Woodpecker, Drone, Jenkins, Buildkite, CircleCI, Travis, Bitbucket), else the repository's HEAD. \
                The preview is built with base URL <scheme>://<label>.<domain>/, kept out of search engines, \
                and switched in atomically at DEST/<label>.<domain>. The production branch is built with the \
                blog's own base_url and published at --production-to. The address is printed last.
                """
        )

        @Argument(help: "The blog folder.", completion: .directory)
        var site: String = "."

        @OptionGroup var publish: PublishOptions

        @Option(help: "The branch to deploy (default: from CI variables or HEAD).")
        var branch: String?

        @Option(help: ArgumentHelp("Where builds are kept between deploys (default: SITE/.galley-cache).", valueName: "DIR"))
        var cache: String?

        func run() throws {
            let siteURL = URL(fileURLWithPath: site)
            let resolution: BranchResolver.Resolution
            var commit = BranchResolver.headCommit(containing: siteURL)
            if let branch {
                resolution = .init(branch: branch, source: "--branch")
            } else if let fromCI = try BranchResolver.fromEnvironment(ProcessInfo.processInfo.environment) {
                resolution = fromCI
            } else {
                let (fromHead, head) = try BranchResolver.fromRepository(containing: siteURL)
                resolution = fromHead
                commit = head
            }
            let cacheURL = cache.map { URL(fileURLWithPath: $0) } ?? siteURL.appending(path: ".galley-cache")
            let deployer = try publish.deployer(cache: cacheURL)
            Console.error("galley: deploying branch \(resolution.branch) (from \(resolution.source))\(commit.map { " at \($0.short)" } ?? "")")

            let source = DirectorySource(root: siteURL)
            let deployedCommit = commit
            let outcome: PreviewDeployer.Outcome
            do {
                outcome = try deployer.deploy(source, branch: resolution.branch, commit: deployedCommit) { live in
                    // Never replace a newer commit of this branch that another job already put live.
                    guard let live = live.flatMap(GitObjectID.init(hex:)), let commit = deployedCommit, live != commit,
                        let repository = try? GitRepository(at: siteURL.path, search: true)
                    else { return false }
                    return repository.isDescendant(live, of: commit)
                }
            } catch let failure as BuildFailure {
                for diagnostic in failure.diagnostics { Console.error(diagnostic.prefixed(by: site).description) }
                Console.error("deploy failed: the build has \(failure.diagnostics.count) error\(failure.diagnostics.count == 1 ? "" : "s"); the live site was left as it was")
                throw ExitCode.failure
            }
            switch outcome {
            case .deployed(let url, _, let release, let report):
                Console.error("galley: \(report); release \(release)")
                print(url)
            case .superseded(let live):
                Console.error("galley: not deployed: a newer commit of \(resolution.branch) (\(live.map { String($0.prefix(7)) } ?? "?")) is already live")
            case .productionWithoutTarget:
                Console.error("galley: \(resolution.branch) is the production branch; pass --production-to DIR to publish it. Nothing was deployed.")
            }
        }
    }
}
