import Blocking
import Foundation

/// The folders a walk of a source folder has entered, links followed: a link back up to a
/// folder the walk is inside of is not followed (it would loop forever), while two links to one
/// folder elsewhere are two folders of the blog, each listed, as `cp -rL` would copy them.
///
/// A folder reached through more than ``limit`` links is an error: links that lead into each
/// other twice at each level would list a number of files that doubles with each level.
struct FolderWalk: Sendable {
    /// How many times one folder may be listed in one walk.
    static let limit = 16

    private var inside = Set<Identity>()
    /// How many times each folder was entered, shared by the copies of this walk that list
    /// folders beside each other on other threads.
    private let entries = Locked<[Identity: Int]>([:])

    /// A folder's device and inode.
    private struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// Enters the folder whose `stat` is `info`, at `relative`; false for one the walk is
    /// inside of already.
    mutating func enter(_ info: stat, at relative: String) throws -> Bool {
        let folder = Self.identity(info)
        guard inside.insert(folder).inserted else { return false }
        let count = entries.withLock { entries in
            entries[folder, default: 0] += 1
            return entries[folder]!
        }
        guard count <= Self.limit else {
            throw SourceTreeError.unreadable(relative, reason:
                "this folder is reached through more than \(Self.limit) links to it (do links lead into each other?); link it from fewer places")
        }
        return true
    }

    /// Leaves the folder whose `stat` is `info`, once its files are listed.
    mutating func leave(_ info: stat) {
        inside.remove(Self.identity(info))
    }

    private static func identity(_ info: stat) -> Identity {
        Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
