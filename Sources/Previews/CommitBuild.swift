import Diagnostics
import Foundation
import GitSource
import SiteCompiler
import SiteContent
import SiteSource

/// One build of a commit of a blog, as the watcher has it made: in a child process of its own
/// (`galley build-commit`), so that whatever a pushed branch makes the build do (a crash, a
/// runaway template, memory without end) fails that branch with a message while the watcher
/// and the other branches go on.
package struct CommitBuild: Sendable {
    package var repository: String
    package var commit: GitObjectID
    /// The blog's folder inside the repository (`""` for the root).
    package var siteFolder: String
    /// How messages name the source: `branch@1a2b3c4`.
    package var label: String

    package init(repository: String, commit: GitObjectID, siteFolder: String, label: String) {
        self.repository = repository
        self.commit = commit
        self.siteFolder = siteFolder
        self.label = label
    }

    /// The tree of the commit, read from the object database.
    package func source() throws -> any SourceTree {
        try GitTreeSource(repository: try GitRepository(at: repository), commit: commit, subdirectory: siteFolder, label: label)
    }

    /// What a child build may use before it is stopped.
    package struct Limits: Sendable {
        package var seconds: Double
        /// Resident memory, in bytes.
        package var memory: Int
        /// The largest file it may write, in bytes.
        package var fileSize: Int

        package init(seconds: Double = 600, memory: Int = 4 << 30, fileSize: Int = 1 << 30) {
            self.seconds = seconds
            self.memory = memory
            self.fileSize = fileSize
        }
    }

    /// The program that builds in a child process, and how it is asked.
    package struct Child: Sendable {
        /// The galley binary to run (this process's own).
        package var executable: String
        package var limits: Limits

        package init(executable: String, limits: Limits = Limits()) {
            self.executable = executable
            self.limits = limits
        }
    }

    /// The command line of `galley build-commit` for this build into `output`. Each value is
    /// joined to its option (`--label=-x@1a2b3c4`): a branch pushed as `-x` must be read as a
    /// value, not as an option.
    func arguments(output: URL, cache: URL, options: BuildOptions, limits: Limits, sharing: URL? = nil) -> [String] {
        var words = ["build-commit", "--repo=\(repository)", "--commit=\(commit.hex)", "--label=\(label)", "--output=\(output.path)",
                     "--cache=\(cache.path)", "--max-file-bytes=\(limits.fileSize)", "--parent-pid=\(getpid())"]
        if let sharing { words.append("--sharing=\(sharing.path)") }
        if !siteFolder.isEmpty { words.append("--site=\(siteFolder)") }
        if let baseURL = options.baseURL { words.append("--base-url=\(baseURL.absoluteString)") }
        if options.noindex { words.append("--noindex") }
        if options.requireBaseURL { words.append("--require-base-url") }
        return words
    }

    /// What the child prints on its last line of standard output when the build succeeded.
    package struct Outcome: Codable, Sendable {
        package var report: String
        package var baseURL: String
        /// The build's first warnings (``DeployReport/carried``), and how many it had.
        package var warnings: [Warning]
        package var warningCount: Int

        /// A warning as the child says it: where, and what.
        package struct Warning: Codable, Sendable {
            package var path: String
            package var line: Int?
            package var message: String
        }

        package init(report: String, baseURL: String, warnings: [Diagnostic] = []) {
            self.report = report
            self.baseURL = baseURL
            // The outcome is one line, which the watcher reads whole only up to 128 KiB: the
            // warnings take up to three quarters of that, as JSON writes them, each one cut
            // short where it alone would take more than a sixteenth.
            var carried: [Warning] = [], bytes = 0
            for warning in warnings.prefix(DeployReport.carried) {
                let shown = Warning(path: Self.cut(warning.path), line: warning.line, message: Self.cut(warning.message))
                bytes += (try? Self.line(of: shown).utf8.count) ?? Self.warningBytes
                guard bytes <= Self.warningBytes else { break }
                carried.append(shown)
            }
            self.warnings = carried
            warningCount = warnings.count
        }

        /// The most bytes of JSON an outcome's warnings take.
        static let warningBytes = 96 * 1024

        /// `text`, or its first thousand characters and an ellipsis: a thousand control
        /// characters are six thousand bytes of JSON.
        static func cut(_ text: String) -> String {
            text.count <= 1000 ? text : String(text.prefix(1000)) + "…"
        }

        /// The outcome as the child prints it: one line of JSON, whatever its strings hold.
        package var line: String {
            get throws { try Self.line(of: self) }
        }

        /// `value` as JSON on one line. JSONEncoder writes NEL, LINE SEPARATOR and PARAGRAPH
        /// SEPARATOR as they are, and the watcher reads the child's output a line at a time,
        /// breaking at each: inside a JSON string they are written as escapes.
        static func line(of value: some Encodable) throws -> String {
            var text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
            for (scalar, escape) in [("\u{85}", "\\u0085"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029")] where text.contains(scalar) {
                text = text.replacingOccurrences(of: scalar, with: escape)
            }
            return text
        }

        /// What the deploy passes on of the build.
        var deployReport: DeployReport {
            DeployReport(summary: report, warnings: warnings.map { Diagnostic(path: $0.path, line: $0.line, message: $0.message) },
                         warningCount: warningCount)
        }
    }
}

extension CommitBuild {
    /// Builds into `output` in a child process that `child` names and limits, sharing the files
    /// of `sharing` where a new output's are the same (see ``SiteBuilder``): the build's
    /// outcome, or a ``DeployError`` that says how it failed (its errors, a crash, a limit).
    func run(in child: Child, output: URL, cache: URL, options: BuildOptions, sharing: URL? = nil) async throws -> Outcome {
        let program = Program([child.executable] + arguments(output: output, cache: cache, options: options, limits: child.limits,
                                                             sharing: sharing))
        let limits = child.limits
        let (value, result) = try await program.withInputOpen { session -> (String?, String?) in
            try await withThrowingTaskGroup(of: Ended.self) { group in
                group.addTask { await Self.watch(session.processID, limits: limits) }
                group.addTask {
                    var last: String?
                    for try await line in session.lines where !line.isEmpty { last = line }
                    return .output(last)
                }
                var last: String?, stopped: String?
                while let ended = try await group.next() {
                    switch ended {
                    case .output(let line):
                        last = line
                        group.cancelAll()
                    case .stopped(let reason):
                        stopped = reason
                    case .watchEnded:
                        break
                    }
                }
                return (last, stopped)
            }
        }
        let (last, stopped) = value
        if let stopped {
            var error = DeployError("the build was stopped: it \(stopped)")
            error.setsAside = true
            throw error
        }
        guard result.status == 0 else {
            if result.status > 128 {
                var error = DeployError("the build crashed (signal \(result.status - 128)); the watcher and the other branches went on\n\(result.errorText)")
                error.setsAside = true
                throw error
            }
            let text = result.errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw DeployError(text.isEmpty ? "the build failed (exit status \(result.status))" : text)
        }
        guard let last, let outcome = try? JSONDecoder().decode(Outcome.self, from: Data(last.utf8)) else {
            throw DeployError("the build said nothing Galley can read: \(last ?? "")")
        }
        return outcome
    }

    private enum Ended: Sendable {
        case output(String?)
        case stopped(String)
        /// The build ended first, within its limits.
        case watchEnded
    }

    /// Kills the child when it runs out of time or memory, and says which; runs until cancelled.
    private static func watch(_ process: pid_t, limits: Limits) async -> Ended {
        let deadline = ContinuousClock.now + .seconds(limits.seconds)
        while true {
            // Memory is looked at fifty times a second; the time runs out when it runs out.
            try? await Task.sleep(until: min(deadline, ContinuousClock.now + .milliseconds(20)))
            if Task.isCancelled { return .watchEnded }
            var reason: String?
            if ContinuousClock.now >= deadline {
                reason = "took longer than \(Int(limits.seconds)) s"
            } else if let resident = residentBytes(of: process), resident > limits.memory {
                reason = "used more than \(limits.memory >> 20) MB of memory"
            }
            if let reason {
                // The build leads a group with its helpers (see `galley build-commit`); until it
                // has made it, the group does not exist and the build alone is killed.
                kill(-process, SIGKILL)
                kill(process, SIGKILL)
                return .stopped(reason)
            }
        }
    }

    /// The resident memory of `process`, from `/proc`.
    static func residentBytes(of process: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
