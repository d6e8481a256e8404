import Foundation

/// What the watcher last did with each branch, kept in a small JSON file written atomically, so
/// that a restarted watcher carries on where it stopped instead of rebuilding everything.
public struct WatchState: Codable, Sendable, Equatable {
    /// One branch's last outcome.
    public struct Branch: Codable, Sendable, Equatable {
        public enum Status: String, Codable, Sendable {
            case deployed, failed, production
        }

        public var commit: String
        public var status: Status
        public var label: String?
        public var error: String?
    }

    public var branches: [String: Branch] = [:]

    public init() {}

    /// Reads the state file; a missing or unreadable one starts afresh (everything is rebuilt,
    /// which is slower but never wrong).
    public static func load(from url: URL) -> WatchState {
        guard let data = FileManager.default.contents(atPath: url.path),
            let state = try? JSONDecoder().decode(WatchState.self, from: data)
        else { return WatchState() }
        return state
    }

    /// Writes the state file in one step.
    public func save(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
