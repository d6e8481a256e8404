import ArgumentParser
import Foundation
import GitSource
import Logging
import Previews
import Serving

extension Galley {
    /// `galley watch --repo REPO --to DEST --domain DOMAIN [--remote origin] [--interval 30s] [--once]`
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Keep a preview for every branch of a repository (a long-lived process on a server).",
            discussion: """
                Each pass fetches (with --remote), compares every branch tip with the last pass, builds new and \
                moved branches straight from the git object database and deploys them, and removes the previews \
                of deleted branches. --once runs one pass, for cron and post-receive hooks.
                """
        )

        @Option(help: ArgumentHelp("The git repository, bare or not.", valueName: "REPO"))
        var repo: String

        @OptionGroup var publish: PublishOptions

        @Option(help: "Fetch this remote (with prune) before each pass and watch its branches.")
        var remote: String?

        @Option(help: "Time between passes: 30s, 5m, 1h.")
        var interval = "30s"

        @Flag(help: "Run one pass and exit.")
        var once = false

        @Option(name: .customLong("site"), help: ArgumentHelp("The blog's folder inside the repository.", valueName: "PATH"))
        var siteFolder = ""

        @Option(help: ArgumentHelp("The state file (default: <git dir>/galley/watch.json).", valueName: "FILE"))
        var state: String?

        @Option(help: "How many branches build at once (default: the number of cores).")
        var jobs: Int?

        @Option(help: ArgumentHelp("Stop a branch's build after this many seconds.", valueName: "SECONDS"))
        var buildTimeout: Double = 600

        @Option(help: ArgumentHelp("Stop a branch's build past this much memory, in MB.", valueName: "MB"))
        var buildMemoryMB = 4096

        /// This binary, which builds each branch in a child process: by `/proc/self/exe`, which
        /// still runs this very binary after an upgrade has replaced the file on disk.
        static var executable: String {
            FileManager.default.isExecutableFile(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        }

        @Option(help: ArgumentHelp("Listen for push webhooks on this port (POST /hooks/push; GET / is a health check).", valueName: "PORT"))
        var webhookPort: Int?

        @Option(help: ArgumentHelp("The address the webhook listens on.", valueName: "ADDRESS"))
        var webhookBind = "127.0.0.1"

        @Option(help: ArgumentHelp("The file holding the secret the forge signs webhooks with (required with --webhook-port).", valueName: "FILE"))
        var webhookSecretFile: String?

        @OptionGroup(title: "Commit statuses") var status: StatusOptions

        func validate() throws {
            if let problem = ListenAddress.problem(webhookBind, option: "--webhook-bind", portOption: "--webhook-port") { throw ValidationError(problem) }
            // Each becomes a duration or a count the watcher computes with: past these, there
            // is no such duration (`inf`), or it overflows, or a pass would never end.
            guard Interval.seconds(interval).map({ $0 > 0 }) == true else {
                throw ValidationError("--interval '\(interval)' is not a time such as 30s, 5m or 1h")
            }
            guard buildTimeout.isFinite, buildTimeout > 0, buildTimeout <= Interval.longest else {
                throw ValidationError("--build-timeout must be a number of seconds above 0, at most \(Int(Interval.longest))")
            }
            guard (1...(1 << 20)).contains(buildMemoryMB) else { throw ValidationError("--build-memory-mb must be from 1 to \(1 << 20)") }
            if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256") }
            if let state, let problem = WatchState.problem(with: URL(fileURLWithPath: state)) { throw ValidationError("--state: \(problem)") }
            guard SiteFolder.normalized(siteFolder) != nil else {
                throw ValidationError("--site '\(siteFolder)' must be a folder inside the repository, such as blog (or . for its top)")
            }
            if let webhookPort {
                guard (0...65535).contains(webhookPort) else { throw ValidationError("--webhook-port must be between 0 and 65535") }
                guard webhookSecretFile != nil else { throw ValidationError("--webhook-port needs --webhook-secret-file: unsigned pushes are never trusted") }
                guard !once else { throw ValidationError("--webhook-port keeps the watcher running; it cannot go with --once") }
            } else if webhookSecretFile != nil {
                throw ValidationError("--webhook-secret-file goes with --webhook-port")
            }
        }

        func run() async throws {
            guard let seconds = Interval.seconds(interval) else { throw ValidationError("--interval '\(interval)' is not a time") }
            var logger = Logger(label: "galley")
            logger.logLevel = .info
            var settings = publish.settings
            let status = self.status, repo = repo, remote = remote, warner = logger
            settings.status = try await status.reporter(target: {
                try await StatusTarget.forWatcher(forge: $0, api: status.statusApi, repository: status.statusRepository, ofRepositoryAt: repo, remote: remote)
            }, stops: false, warn: { warner.warning("\($0)") })
            let watcher: BranchWatcher
            do {
                // Each build runs in a child process of this same binary, so that whatever a
                // pushed branch makes a build do fails that branch alone.
                let limits = CommitBuild.Limits(seconds: buildTimeout, memory: buildMemoryMB << 20)
                watcher = try await BranchWatcher.forRepository(
                    at: repo, remote: remote, siteFolder: SiteFolder.normalized(siteFolder) ?? siteFolder, stateFile: state, jobs: jobs, settings: settings,
                    childBuilds: .init(executable: Self.executable, limits: limits), logger: logger)
            } catch let error as GitError {
                // The repository to watch is missing or no repository: a path that cannot be used.
                Console.report("\(error)")
                throw ExitCode.fileOrPort
            }
            let deployer = watcher.deployer

            let signals = SignalCancellation()
            if once {
                let report: BranchWatcher.PassReport
                do {
                    report = try await signals.run { try await deployer.disconnecting { try await watcher.pass() } }
                } catch where signals.signal != nil {
                    Console.report("stopped by a signal; the previews being deployed were left as they were")
                    throw ExitCode(signals.exitStatus)
                }
                Console.error("galley: \(report.deployed.count) deployed, \(report.failed.count) failed, \(report.removed.count) removed, \(report.unchanged) unchanged")
                if !report.failed.isEmpty { throw ExitCode.blogHasErrors }
                return
            }
            var server: WebhookServer?
            let said = logger
            let (nudges, nudge) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            if let webhookPort, let webhookSecretFile {
                let webhook: PushWebhook
                do {
                    webhook = try PushWebhook(secretFile: webhookSecretFile)
                } catch {
                    Console.report("\(error)")
                    throw ExitCode.fileOrPort
                }
                server = WebhookServer(webhook: webhook, host: webhookBind, port: webhookPort, logger: said,
                                       nudge: { _ in nudge.yield() }, status: { watcher.statusJSON() },
                                       ready: { said.info("listening for push webhooks at \($0.absoluteString)") })
            }
            let hook = server
            // A port another program holds is said before the watcher says it is watching.
            if let webhookPort, webhookPort != 0, let problem = PortCheck.problem(host: webhookBind, port: webhookPort, option: "--webhook-port") {
                Console.error("error: \(problem.message)")
                throw ExitCode.fileOrPort
            }
            logger.info("watching \(repo) every \(interval)")
            do {
                try await signals.run {
                    try await deployer.disconnecting {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            if let hook { group.addTask { try await hook.run() } }
                            group.addTask { try await watcher.run(every: .seconds(seconds), nudges: nudges) }
                            // Either one ending (a webhook port that is taken) ends both.
                            defer { group.cancelAll() }
                            try await group.next()
                        }
                    }
                }
            } catch where signals.signal != nil {
            } catch let error as ServeError {
                Console.error("error: \(error.message)")
                throw ExitCode.fileOrPort
            }
            // A stop asked for is a clean exit for systemd.
            logger.info("stopped\(signals.signal.map { " by signal \($0)" } ?? "")")
        }
    }
}

/// The blog's folder in a repository, as `--site` names it.
enum SiteFolder {
    /// `path` without `.` and empty names (`./blog/` is `blog`, `.` the repository's top, which is
    /// empty); nil for one that leaves the repository (`..`, `/etc`).
    static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        let names = path.split(separator: "/").filter { $0 != "." }
        guard !names.contains("..") else { return nil }
        return names.joined(separator: "/")
    }
}

/// Reads durations as people write them: `30s`, `5m`, `1h`, `90`.
enum Interval {
    /// The longest interval taken, ten years in seconds: beyond it a duration overflows the
    /// clock's arithmetic (`inf`, `1e30`) long before it means anything.
    static let longest: Double = 10 * 365 * 86400

    /// `30s`, `5m`, `1h`, `30d`, `2w` (or bare seconds) in seconds; nil for anything else, or
    /// for a time that is not a number up to ``longest`` (negative ones are the caller's to refuse).
    static func seconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        let value: Double?
        if let last = text.last, let unit = units[last] { value = Double(text.dropLast()).map { $0 * unit } } else { value = Double(text) }
        guard let value, value.isFinite, value <= longest else { return nil }
        return value
    }
}
