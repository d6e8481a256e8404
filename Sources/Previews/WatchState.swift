import FileSystem
import Foundation

/// What the watcher last did with each branch, kept in a small JSON file written atomically, so
/// that a restarted watcher carries on where it stopped instead of rebuilding everything.
///
/// It is kept apart for each target (where and as what the branches are published, see
/// ``PreviewDeployer/Configuration/target``): a branch deployed to one destination is still to
/// be deployed to another, so a watcher given a new `--to` or `--domain` starts afresh.
package struct WatchState: Codable, Sendable, Equatable {
    /// One branch's last outcome.
    package struct Branch: Codable, Sendable, Equatable {
        package enum Status: String, Codable, Sendable {
            case deployed, failed, production
            /// Not put live because a newer deploy of the branch was live (see ``DeployOrder``).
            case superseded
            /// Taken down on purpose (`galley previews remove`) at this commit: it stays down until
            /// the branch moves, and the watcher's health check says so.
            case removed
        }

        package var commit: String
        package var status: Status
        package var label: String?
        package var error: String?
    }

    /// A build under way, written down before it starts and struck off when it ends: what the
    /// health check shows while a pass runs. One a stopped watcher left is simply built again.
    package struct Build: Codable, Sendable, Equatable {
        package var commit: String
        /// When it started, in ISO 8601.
        package var started: String?

        package init(commit: String, started: String? = ISO8601DateFormatter().string(from: Date())) {
            self.commit = commit
            self.started = started
        }
    }

    /// What was done for one target.
    package struct Target: Codable, Sendable, Equatable {
        /// Each branch's last outcome, by branch name.
        package var branches: [String: Branch] = [:]
        /// The builds under way, by branch name.
        package var building: [String: Build] = [:]
    }

    /// Each target's record, by ``PreviewDeployer/Configuration/target``.
    package var targets: [String: Target] = [:]

    package init() {}

    /// Reads the state file; a missing or unreadable one (or one an older Galley wrote) starts
    /// afresh: everything is rebuilt, which is slower but never wrong.
    package static func load(from url: URL) -> WatchState {
        guard let data = FileManager.default.contents(atPath: url.path),
            let state = try? JSONDecoder().decode(WatchState.self, from: data)
        else { return WatchState() }
        return state
    }

    /// Writes the state file in one step.
    package func save(to url: URL) throws {
        if let problem = Self.problem(with: url) { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: problem]) }
        try FolderPath.make(url.deletingLastPathComponent().path)
        try Self.encoder.encode(self).write(to: url, options: .atomic)
    }

    /// Why a state file cannot be kept at `url`, or nil: the state is written beside its
    /// name and renamed over it, which would put a file in place of a device (`--state
    /// /dev/null` once left the system without its /dev/null), a pipe or a folder.
    package static func problem(with url: URL) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK: return nil
        case S_IFDIR: return "\(url.path) is a folder; the state is a file (such as \(url.path)/watch.json)"
        default: return "\(url.path) is not a file but a device, a named pipe or a socket, which the state file would replace; name a file"
        }
    }

    /// How the state is written: sorted and indented, for a person reading the file or the
    /// watcher's health check.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
