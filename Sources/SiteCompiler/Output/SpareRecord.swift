import Foundation

/// What the writer knows of its spare folder after a swap, kept beside the build cache: the
/// spare is the previous live folder, so it differs from the new live folder in exactly the paths
/// the last build changed. The next build brings the spare up to date by going over those paths
/// alone, instead of listing and comparing the whole tree, which for a big blog costs more than
/// the rest of a one-post rebuild.
///
/// Trusted only while both folders are the very ones recorded (their inodes); otherwise, or
/// without a record, the writer compares the whole tree as before.
struct SpareRecord: Sendable, Equatable {
    static let format = "galley-spare-1"

    /// The inodes of the live and spare folders right after the swap.
    var live: UInt64
    var spare: UInt64
    /// Paths (files, and folders that went away) that differ between the two folders.
    var changed: [String]
    /// Every file the live folder holds.
    var files: [String]

    /// The record kept beside the cache file `cacheFile`.
    static func file(beside cacheFile: URL) -> URL {
        cacheFile.deletingPathExtension().appendingPathExtension("spare")
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return UInt64(info.st_ino)
    }

    static func load(from url: URL) -> SpareRecord? {
        CacheReader.read(url, format: format) { reader in
            SpareRecord(
                live: UInt64(bitPattern: Int64(try reader.int())), spare: UInt64(bitPattern: Int64(try reader.int())),
                changed: try reader.array { try $0.string() }, files: try reader.array { try $0.string() })
        }
    }

    func save(to url: URL) throws {
        try CacheWriter.write(url, format: Self.format) { writer in
            writer.int(Int(Int64(bitPattern: live)))
            writer.int(Int(Int64(bitPattern: spare)))
            writer.array(changed) { $0.string($1) }
            writer.array(files) { $0.string($1) }
        }
    }
}
