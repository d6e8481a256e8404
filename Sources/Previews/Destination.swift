import Foundation

/// Where built sites are put: a folder on this machine or on a host reached over ssh.
///
/// Paths are relative to the destination's root. Every change that readers could see is a
/// rename or a symlink swap, so the same deploy code is atomic on both kinds.
package protocol Destination: Sendable {
    /// The destination as the user wrote it, for messages.
    var description: String { get }

    /// The bytes of a file, or nil when there is none.
    func read(_ path: String) async throws -> Data?
    /// Replaces a file in one step.
    func write(_ path: String, _ data: Data) async throws
    /// The names in a folder; empty when it does not exist.
    func list(_ path: String) async throws -> [String]
    /// Whether the destination's own folder is there (a link to one counts).
    func isFolder() async throws -> Bool
    /// Where a symlink points; nil when nothing is there. Throws when a real file or folder is.
    func linkTarget(_ path: String) async throws -> String?
    /// Points `path` at `target`, replacing any link already there in one step.
    func link(_ path: String, to target: String) async throws
    /// Removes a file, link or folder and everything in it.
    func remove(_ path: String) async throws
    /// Creates a folder and its parents.
    func makeDirectory(_ path: String) async throws
    /// Renames within the destination.
    func rename(_ from: String, to: String) async throws
    /// Runs `body` holding the exclusive lock kept in the file `path`, waiting first while
    /// someone else holds it and calling `waiting` (with who) now and then. The lock is let go
    /// when `body` ends, or when its holder is gone, however it went. A task cancelled while it
    /// waits stops waiting with a `CancellationError`; one cancelled while `body` runs keeps the
    /// lock until `body` has ended, so that its clean-up happens under it.
    func withLock<T: Sendable>(_ path: String, holder: LockHolder, waiting: @escaping @Sendable (String) -> Void,
                               _ body: () async throws -> T) async throws -> T
    /// Removes everything the patterns match: paths relative to the destination in which `*`
    /// stands for any part of one name (`.galley/releases/*/*.partial`).
    func removeAll(matching patterns: [String]) async throws
    /// Copies the contents of the local folder `source` into `path` (with rsync to a host). Files
    /// identical to those under one of `linkDests` (paths relative to `path`, or absolute) by size
    /// and modification time (and by bytes, when `checksum`) are hard-linked rather than sent, the
    /// first that has one winning. A cancelled task stops the copy and gets a `CancellationError`.
    func transfer(_ source: URL, to path: String, linkDests: [String], checksum: Bool) async throws
    /// The absolute path, as this destination's side sees it, of `relative` in `other`, when
    /// `other` is on the same machine and file system, so that files can be hard-linked between
    /// them; nil otherwise.
    func sharedPath(of relative: String, in other: any Destination) async -> String?
    /// Every regular file under the folders `paths` (links are not followed; a missing folder
    /// has none), for sizes that tell shared bytes from a site's own.
    func storedFiles(under paths: [String]) async throws -> [StoredFile]
    /// Lets go of whatever the destination keeps open between calls (ssh's shared connections).
    /// It may be used again afterwards, and opens them anew.
    func disconnect() async
}

extension Destination {
    /// Nothing is kept open.
    package func disconnect() async {}
}

/// Reads a destination as users write it: `/srv/previews` or `[user@]host:/srv/previews`.
package enum DestinationAddress {
    /// The destination `text` names. `ssh` is the command (with options) used to reach hosts.
    package static func parse(_ text: String, ssh: [String] = SSHDestination.defaultCommand) throws -> any Destination {
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"), colon != text.startIndex {
            let host = String(text[..<colon])
            var path = String(text[text.index(after: colon)...])
            if path.isEmpty { path = "." }
            guard !host.hasPrefix("-"), host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw DeployError("'\(host)' is not a host name", aboutOptions: true)
            }
            return try SSHDestination(host: host, root: path, ssh: ssh)
        }
        return LocalDestination(root: URL(fileURLWithPath: text))
    }
}
