import CacheFiles
import FileSystem
import Foundation

/// What the writer knows of its spare folder after a swap, kept beside the build cache: the
/// spare is the previous live folder, so it differs from the new live folder in exactly the paths
/// the last build changed. The next build brings the spare up to date by going over those paths
/// alone, instead of listing and comparing the whole tree, which for a big blog costs more than
/// the rest of a one-post rebuild.
///
/// Trusted only while both folders are the very ones recorded: their inodes, and their change
/// times, which each swap moves on. The inodes alone come back every other build (the two
/// folders trade places), so a record kept from two builds ago would match a different spare.
/// Otherwise, or without a record, the writer compares the whole tree as before.
///
/// A build into a new folder leaves no spare: its record names the live folder alone (an empty
/// spare identity) and the files it holds, so that the next build, which makes the spare from
/// nothing, knows what the live folder holds without listing it.
struct SpareRecord: Sendable, Equatable {
    static let format = "galley-spare-2"

    /// The identity (inode, change time) of the live and spare folders right after the swap.
    var live: [UInt64]
    var spare: [UInt64]
    /// Paths (files, and folders that went away) that differ between the two folders.
    var changed: [String]
    /// Every file the live folder holds.
    var files: [String]

    /// The record kept beside the cache file `cacheFile`.
    static func file(beside cacheFile: URL) -> URL {
        cacheFile.deletingPathExtension().appendingPathExtension("spare")
    }

    /// A record of the two open folders as they are now.
    init(live: ContainedFolder, spare: ContainedFolder, changed: [String], files: [String]) {
        self.init(live: Self.identity(of: live), spare: Self.identity(of: spare), changed: changed, files: files)
    }

    init(live: [UInt64], spare: [UInt64], changed: [String], files: [String]) {
        self.live = live
        self.spare = spare
        self.changed = changed
        self.files = files
    }

    /// A record of a live folder with no spare beside it, holding `files`.
    init(aloneLive live: ContainedFolder, files: [String]) {
        self.init(live: Self.identity(of: live), spare: [], changed: [], files: files)
    }

    /// Whether the record describes these very two folders.
    func matches(live: ContainedFolder, spare: ContainedFolder) -> Bool {
        !self.spare.isEmpty && Self.identity(of: live) == self.live && Self.identity(of: spare) == self.spare
    }

    /// Whether the record describes this very live folder, as it was left with no spare.
    func matches(aloneLive live: ContainedFolder) -> Bool {
        spare.isEmpty && !self.live.isEmpty && Self.identity(of: live) == self.live
    }

    private static func identity(of folder: ContainedFolder) -> [UInt64] {
        guard let info = folder.info(of: "") else { return [] }
        return [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.changedNanoseconds))]
    }

    static func load(from url: URL) -> SpareRecord? {
        CacheReader.read(url, format: format) { reader in
            SpareRecord(
                live: try reader.array { UInt64(bitPattern: Int64(try $0.int())) }, spare: try reader.array { UInt64(bitPattern: Int64(try $0.int())) },
                changed: try reader.array { try $0.string() }, files: try reader.array { try $0.string() })
        }
    }

    func save(to url: URL) throws {
        try CacheWriter.write(url, format: Self.format) { writer in
            writer.array(live) { $0.int(Int(Int64(bitPattern: $1))) }
            writer.array(spare) { $0.int(Int(Int64(bitPattern: $1))) }
            writer.array(changed) { $0.string($1) }
            writer.array(files) { $0.string($1) }
        }
    }
}
