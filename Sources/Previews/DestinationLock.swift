import Foundation

/// The lock that makes deploys to one destination take turns (two CI jobs, a watcher building
/// several branches, a post-receive hook and the watcher): claiming a label, copying a release
/// in, the switch, pruning, rollbacks and removals all happen under it.
///
/// It is an `flock` on `.galley/deploy.lock`, held by this process for a folder on this machine,
/// and by a shell on the host, alive for as long as this process's ssh connection, for a remote
/// destination. The kernel drops an `flock` the moment its holder is gone, however it went (a
/// crash, SIGKILL, a reboot, a dropped connection), so no lock outlives its deploy and none is
/// ever broken by age: a deploy that waits is waiting for one that is still running, and says
/// which.
struct DestinationLock {
    /// The lock file, relative to the destination. (Galley once used a folder, `.galley/lock`.)
    static let path = ".galley/deploy.lock"

    let destination: any Destination
    /// Told, once a wait has lasted a moment, who holds the lock.
    var notify: @Sendable (String) -> Void = { _ in }

    /// Runs `body` holding the lock; `purpose` says what for to anyone who has to wait.
    func withLock<T: Sendable>(_ purpose: String, _ body: () async throws -> T) async throws -> T {
        let destination = destination, notify = notify
        return try await destination.withLock(Self.path, holder: LockHolder(purpose: purpose), waiting: { holder in
            notify("waiting for the lock on \(destination.description), held by \(holder)")
        }, body)
    }
}

/// Who holds a lock, as its holder writes it into the lock file for those who wait.
package struct LockHolder: Sendable, Equatable, CustomStringConvertible {
    /// The machine the holder runs on.
    package var host: String
    package var pid: Int32
    /// When it took the lock.
    package var since: Date
    /// What it is doing, such as `publishing post/x at 1a2b3c4`.
    package var purpose: String

    /// This process, from now on.
    package init(purpose: String) {
        host = ProcessInfo.processInfo.hostName
        pid = getpid()
        since = Date()
        // One line, whatever a branch is called.
        self.purpose = String(purpose.map { $0.isNewline ? " " : $0 })
    }

    /// The line the holder writes: `host=H pid=P since=ISO-8601 for=PURPOSE`.
    package var line: String {
        "host=\(host) pid=\(pid) since=\(ISO8601DateFormatter().string(from: since)) for=\(purpose)"
    }

    /// Reads a holder's line; nil for anything else (an empty file, a lock someone took by hand).
    package init?(line: String) {
        let parts = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0].hasPrefix("host="), parts[1].hasPrefix("pid="), parts[2].hasPrefix("since="),
            parts[3].hasPrefix("for="), let pid = Int32(parts[1].dropFirst(4)),
            let since = ISO8601DateFormatter().date(from: String(parts[2].dropFirst(6)))
        else { return nil }
        host = String(parts[0].dropFirst(5))
        self.pid = pid
        self.since = since
        purpose = String(parts[3].dropFirst(4))
    }

    package var description: String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return "galley pid \(pid) on \(host) since \(format.string(from: since)) (\(purpose))"
    }
}

/// The waiting side of a lock: when to look again, and when to tell the user who holds it (after
/// a moment, so that turns taken in a blink stay out of the log, and again when the holder changes).
struct LockWait {
    let report: @Sendable (String) -> Void
    private let start = Date()
    private var reported: String?
    private var delay: TimeInterval = 0.02

    init(report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    /// Notes who holds the lock now (the text of the lock file) and reports it if it is time.
    mutating func blocked(by text: String) {
        let holder = LockHolder(line: text)?.description ?? "another process, which did not say who it is"
        if Date().timeIntervalSince(start) >= 1, holder != reported {
            reported = holder
            report(holder)
        }
    }

    /// How long to sleep before trying again: short at first, then every half second.
    mutating func nextDelay() -> TimeInterval {
        defer { delay = min(delay * 2, 0.5) }
        return delay
    }
}
