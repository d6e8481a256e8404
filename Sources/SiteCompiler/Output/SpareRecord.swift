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

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return UInt64(info.st_ino)
    }

    static func load(from url: URL) -> SpareRecord? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        var reader = CacheReader(Array(data))
        do {
            guard try reader.string() == format else { return nil }
            let record = SpareRecord(
                live: UInt64(bitPattern: Int64(try reader.int())), spare: UInt64(bitPattern: Int64(try reader.int())),
                changed: try reader.array { try $0.string() }, files: try reader.array { try $0.string() })
            return reader.atEnd ? record : nil
        } catch {
            return nil
        }
    }

    func save(to url: URL) throws {
        var writer = CacheWriter()
        writer.string(Self.format)
        writer.int(Int(Int64(bitPattern: live)))
        writer.int(Int(Int64(bitPattern: spare)))
        writer.array(changed) { $0.string($1) }
        writer.array(files) { $0.string($1) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(writer.bytes).write(to: url, options: .atomic)
    }
}
