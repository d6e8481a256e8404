import CacheFiles
import FileSystem
import Foundation

/// What `lstat` says of a file, enough to tell that nobody touched it: its size, inode, and
/// modification and change times. The change time catches edits whose modification time was
/// put back (`touch -r`, unpacked archives), since no one can set it by hand.
struct FileStamp: Sendable, Equatable {
    var size: Int
    var modified: Int
    var changed: Int
    var inode: UInt64

    /// The stamp of the regular file at `path`, or nil when there is none.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The stamp of the regular file `relative` below `folder`, or nil when there is none.
    static func of(_ relative: String, in folder: OpenFolder) -> FileStamp? {
        folder.info(of: relative).flatMap(FileStamp.init)
    }

    /// Whether `other` is this stamp's file with the same bytes, by all but the change time: what
    /// a new link to the file changes alone.
    func isSameFile(as other: FileStamp) -> Bool {
        inode == other.inode && size == other.size && modified == other.modified
    }

    func encode(to writer: inout CacheWriter) {
        writer.int(size)
        writer.int(modified)
        writer.int(changed)
        writer.int(Int(Int64(bitPattern: inode)))
    }

    static func decode(from reader: inout CacheReader) throws -> FileStamp {
        FileStamp(size: try reader.int(), modified: try reader.int(), changed: try reader.int(),
                  inode: UInt64(bitPattern: Int64(try reader.int())))
    }
}

extension FileStamp {
    /// The stamp `info` describes, when it describes a regular file.
    init?(_ info: stat) {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(size: Int(info.st_size), modified: info.modifiedNanoseconds, changed: info.changedNanoseconds, inode: UInt64(info.st_ino))
    }
}
