import ArgumentParser
import Diagnostics
import Foundation
import Previews
import SiteCompiler
import SiteSource

extension Galley {
    /// `galley deploy [SITE] --to DEST --domain DOMAIN [--branch B] [--production-branch main] [--production-to DIR]`
    struct Deploy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "deploy",
            abstract: "Build a blog and publish it as its branch's preview (a step for any CI).",
            discussion: """
                The branch comes from --branch, else the CI's variables (GitHub and Gitea Actions, GitLab, \
                Woodpecker, Drone, Jenkins, Buildkite, CircleCI, Travis, Bitbucket), else the repository's HEAD. \
                The preview is built with base URL <scheme>://<label>.<domain>/, kept out of search engines, \
                and switched in atomically at DEST/<label>.<domain>. The production branch is built with the \
                blog's own base_url and published at --production-to DIR, as DIR/current. The address is printed \
                last. When two deploys of a branch overlap, the newer push wins (see the README).
                """
        )

        @Argument(help: "The blog folder.", completion: .directory)
        var site: String = "."

        @OptionGroup var publish: PublishOptions

        @Option(help: "The branch to deploy (default: from CI variables or HEAD).")
        var branch: String?

        @Option(help: ArgumentHelp("Where builds are kept between deploys (default: SITE/.galley-cache).", valueName: "DIR"))
        var cache: String?

        @OptionGroup(title: "Commit statuses") var status: StatusOptions

        func run() async throws {
            try NotABlogFolder.check(site)
            var settings = publish.settings
            let status = self.status
            settings.status = try await status.reporter(target: {
                try StatusTarget.resolve(forge: $0, api: status.statusApi, repository: status.statusRepository, environment: ProcessInfo.processInfo.environment)
            }, stops: true, warn: { Console.error("galley: warning: \($0)") })
            let deploy = try await FolderDeploy.prepare(site: site, branch: branch, cache: cache, settings: settings) {
                Console.error("galley: \($0)")
            }
            let commit = deploy.commit.map { " at \($0.short)" } ?? "", run = deploy.run.map { ", \($0)" } ?? ""
            Console.error("galley: deploying branch \(deploy.resolution.branch) (from \(deploy.resolution.source))\(commit)\(run)")
            if let short = deploy.commit?.short, let first = deploy.uncommitted.first {
                let more = deploy.uncommitted.count > 1 ? " and \(deploy.uncommitted.count - 1) more" : ""
                Console.error("galley: warning: the blog has changes not committed (\(Console.printable(first))\(more)): the deploy shows them, though it is labelled \(short)")
            }

            let signals = SignalCancellation()
            let outcome: PreviewDeployer.Outcome
            do {
                outcome = try await signals.run { try await deploy.deploy() }
            } catch let failure as BuildFailure {
                for warning in failure.warnings {
                    Console.warn(warning.prefixed(by: site))
                }
                Console.report(failure.diagnostics.map { $0.prefixed(by: site) })
                Console.error("deploy failed: the build has \(failure.diagnostics.count) error\(failure.diagnostics.count == 1 ? "" : "s"); the live site was left as it was")
                throw ExitCode.blogHasErrors
            } catch where signals.signal != nil {
                Console.report("stopped by a signal; the live site was left as it was")
                throw ExitCode(signals.exitStatus)
            }
            switch outcome {
            case .deployed(let url, _, let release, let report):
                for warning in report.warnings {
                    Console.warn(warning.prefixed(by: site))
                }
                if report.untold > 0 { Console.error("galley: and \(report.untold) more warnings (galley build \(site) says them all)") }
                Console.error("galley: \(report); release \(release)")
                print(url)
            case .superseded(let reason):
                Console.error("galley: not deployed: \(reason) (the newest push wins; see \"galley deploy\" in the README)")
            case .productionWithoutTarget:
                Console.error("galley: \(deploy.resolution.branch) is the production branch; pass --production-to DIR to publish it. Nothing was deployed.")
            }
        }
    }
}
