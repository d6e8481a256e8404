import Digests
import Foundation

/// A cheap digest of what a ``SourceTree`` holds: equal digests mean no file can have changed.
///
/// A folder's state is made of each file's path, size, inode and modification and change times,
/// the way git's index and make decide what to look at again; a commit's is its tree id. Reading
/// it costs a `stat` per file instead of reading and hashing every byte.
package struct SourceState: Sendable, Equatable {
    /// The SHA-256 of every file's identity and times.
    package var digest: [UInt8]
    /// The latest modification or change time among the files, in nanoseconds since 1970; zero
    /// for trees whose files cannot change in place. A file changed within the same clock tick as
    /// the state was read may have changed again unseen, so a state this recent proves nothing.
    package var newestChange: Int
    /// The version of each file seen on the way, by path, when the tree has them to hand: a
    /// build that goes on to read the tree need not look at each file again.
    package var versions: [String: FileVersion]
    /// Every regular file below the roots, when the walk saw them all: a build that goes on to
    /// read the tree need not list its folders again.
    package var files: [String]?

    /// A state from its parts.
    package init(digest: [UInt8], newestChange: Int, versions: [String: FileVersion] = [:], files: [String]? = nil) {
        self.digest = digest
        self.newestChange = newestChange
        self.versions = versions
        self.files = files
    }

    /// The SHA-256 of `bytes`, for trees that describe their state in their own terms.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }

    /// Whether a file changed within `margin` nanoseconds before `moment` (both since 1970).
    /// Timestamps are coarse (a clock tick on Linux, two seconds on FAT), so a file edited just
    /// after the state was read could keep every stamp it had; such a state proves nothing.
    package func isRacy(at moment: Int, margin: Int) -> Bool {
        newestChange >= moment - margin
    }
}
