import Foundation

/// Where built sites are put: a folder on this machine or on a host reached over ssh.
///
/// Paths are relative to the destination's root. Every change that readers could see is a
/// rename or a symlink swap, so the same deploy code is atomic on both kinds.
public protocol Destination: Sendable {
    /// The destination as the user wrote it, for messages.
    var description: String { get }

    /// The bytes of a file, or nil when there is none.
    func read(_ path: String) throws -> Data?
    /// Replaces a file in one step.
    func write(_ path: String, _ data: Data) throws
    /// The names in a folder; empty when it does not exist.
    func list(_ path: String) throws -> [String]
    /// Where a symlink points; nil when nothing is there. Throws when a real file or folder is.
    func linkTarget(_ path: String) throws -> String?
    /// Points `path` at `target`, replacing any link already there in one step.
    func link(_ path: String, to target: String) throws
    /// Removes a file, link or folder and everything in it.
    func remove(_ path: String) throws
    /// Creates a folder and its parents.
    func makeDirectory(_ path: String) throws
    /// Renames within the destination.
    func rename(_ from: String, to: String) throws
    /// Takes the exclusive lock kept in the file `path`, waiting while someone else holds it and
    /// calling `waiting` (with who) now and then. The lock is let go when its holder is gone,
    /// however it went. A cancelled task stops waiting with a `CancellationError`.
    func lock(_ path: String, holder: LockHolder, waiting: @escaping (String) -> Void) throws -> any HeldLock
    /// Removes everything the patterns match: paths relative to the destination in which `*`
    /// stands for any part of one name (`.galley/releases/*/*.partial`).
    func removeAll(matching patterns: [String]) throws
    /// Copies the contents of the local folder `source` into `path` with rsync. Files identical to
    /// those under `linkDest` (a path relative to `path`) are hard-linked rather than sent.
    func transfer(_ source: URL, to path: String, linkDest: String?, checksum: Bool) throws
}

/// Reads a destination as users write it: `/srv/previews` or `[user@]host:/srv/previews`.
public enum DestinationAddress {
    /// The destination `text` names. `ssh` is the command (with options) used to reach hosts.
    public static func parse(_ text: String, ssh: [String] = SSHDestination.defaultCommand) throws -> any Destination {
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"), colon != text.startIndex {
            let host = String(text[..<colon])
            var path = String(text[text.index(after: colon)...])
            if path.isEmpty { path = "." }
            guard !host.hasPrefix("-"), host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw DeployError("'\(host)' is not a host name")
            }
            return try SSHDestination(host: host, root: path, ssh: ssh)
        }
        return LocalDestination(root: URL(fileURLWithPath: text))
    }
}
