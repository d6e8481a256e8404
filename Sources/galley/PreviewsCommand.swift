import ArgumentParser
import Foundation
import GitSource
import Previews

extension Galley {
    /// `galley previews …`: what the watcher keeps, looked at and acted on.
    struct PreviewsCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "previews",
            abstract: "List, remove and retry the previews at a destination.",
            subcommands: [List.self, Remove.self, Retry.self]
        )

        /// `galley previews retry BRANCH --repo REPO [--state FILE]`
        struct Retry: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "retry",
                abstract: "Build a branch again at the watcher's next pass, whatever its last build did.",
                discussion: """
                    The watcher builds a commit once: a build that failed is not tried again until the branch \
                    moves. After a failure that was not the branch's (a full disk, a host that was down), or to \
                    publish the branch with a newer Galley, this forgets the watcher's record of it, so the next \
                    pass (the next --interval, push or webhook; or run watch --once) builds and deploys its tip.
                    """
            )

            @Argument(help: "The branch.")
            var branch: String

            @Option(help: ArgumentHelp("The repository the watcher watches.", valueName: "REPO"))
            var repo: String

            @Option(help: ArgumentHelp("The watcher's state file, if not the default (<git dir>/galley/watch.json).", valueName: "FILE"))
            var state: String?

            func run() async throws {
                let forgotten: [BranchWatcher.Forgotten]
                do {
                    var file = state.map { URL(fileURLWithPath: $0) }
                    if file == nil { file = try await BranchWatcher.defaultStateFile(forRepositoryAt: repo) }
                    forgotten = try await BranchWatcher.retry(branch: branch, stateFile: file!)
                } catch let error as GitError {
                    // The repository is missing or no repository: a path that cannot be used.
                    Console.report("\(error)")
                    throw ExitCode.fileOrPort
                }
                guard !forgotten.isEmpty else {
                    Console.error("error: the watcher of \(repo) has no record of \(branch); it builds the branch at its next pass if the branch exists")
                    throw ExitCode.usage
                }
                for item in forgotten {
                    let commit = String(item.record.commit.prefix(7))
                    let was = item.record.error.map { "failed at \(commit): \($0.split(separator: "\n").first ?? "")" } ?? "\(item.record.status.rawValue) at \(commit)"
                    Console.error("galley: \(branch) (\(was)) is built again at the next pass for \(item.target)")
                }
            }
        }
    }
}
