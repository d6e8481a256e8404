import ArgumentParser
import Blocking
import Diagnostics
import Foundation
import GitSource
import Previews
import SiteCompiler
import SiteContent

extension Galley {
    /// `galley build-commit --repo R --commit C --output OUT --cache DIR …`: one build of a
    /// commit, as `galley watch` runs it in a child process of its own. Not for people: its
    /// options follow what the watcher needs, and it may change with it.
    struct BuildCommit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build-commit",
            abstract: "Build one commit of a blog in a process of its own (galley watch runs it).",
            shouldDisplay: false
        )

        @Option var repo: String
        @Option var commit: String
        @Option var label: String
        @Option var output: String
        @Option var cache: String
        @Option(name: .customLong("site")) var siteFolder = ""
        @Option(name: .customLong("base-url")) var baseURL: String?
        @Flag var noindex = false
        @Flag(name: .customLong("require-base-url")) var requireBaseURL = false
        @Option(name: .customLong("max-file-bytes")) var maxFileBytes: Int?
        @Option(name: .customLong("parent-pid")) var parentPID: Int32?
        /// Another build whose files a build into a new folder shares (production's, for a new preview).
        @Option(name: .customLong("sharing")) var sharing: String?

        func run() async throws {
            if let parentPID { Self.endWithParent(parentPID) }
            if let maxFileBytes {
                // A file past the limit fails its write, as on a full disk, rather than filling one.
                signal(SIGXFSZ, SIG_IGN)
                var limit = rlimit(rlim_cur: rlim_t(maxFileBytes), rlim_max: rlim_t(maxFileBytes))
                setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            }
            guard let id = GitObjectID(hex: commit) else { throw ValidationError("--commit '\(commit)' is not a commit id") }
            var options = BuildOptions(baseURL: baseURL.flatMap(URL.init(string:)), noindex: noindex)
            BuildOptions.equip(&options)
            options.requireBaseURL = requireBaseURL
            let job = CommitBuild(repository: repo, commit: id, siteFolder: siteFolder, label: label)
            do {
                let report = try SiteBuilder(source: try job.source(), options: options)
                    .build(into: URL(fileURLWithPath: output), cache: URL(fileURLWithPath: cache), sharing: sharing.map(URL.init(fileURLWithPath:)))
                // Files are named from the top of the repository, where a writer looks for them.
                let outcome = CommitBuild.Outcome(report: report.description, baseURL: report.baseURL.absoluteString,
                                                  warnings: report.warnings.map { $0.prefixed(by: siteFolder) })
                print(try outcome.line)
            } catch let failure as BuildFailure {
                // The errors first: the watcher shows the first line as the reason.
                Console.report(failure.diagnostics.map { $0.prefixed(by: siteFolder) })
                for warning in failure.warnings { Console.warn(warning.prefixed(by: siteFolder)) }
                throw ExitCode.failure
            } catch {
                Console.report("\(error)")
                throw ExitCode.failure
            }
        }

        /// Ends this build, and the helpers it started, once the watcher that started it is gone:
        /// a watcher killed with SIGKILL cannot stop its builds, and a build left behind would
        /// run on (stuck, or to its time limit) with no one to read its result. The build leads a
        /// process group of its own, so that taking it down takes down only its own helpers.
        static func endWithParent(_ parent: pid_t) {
            setpgid(0, 0)
            BlockingPool.shared.detach {
                // The parent is looked at, not signalled: Linux's PR_SET_PDEATHSIG follows the
                // thread that started the child, which in a pool of threads may end any time.
                while getppid() == parent { usleep(200_000) }
                kill(0, SIGKILL)
            }
        }
    }
}
