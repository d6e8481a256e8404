import CPlatform
import Foundation

/// The entries of one folder as `readdir` gives them, `.` and `..` left out: a name and the type
/// `readdir` reports (`DT_DIR`, `DT_REG`, `DT_LNK`, or `DT_UNKNOWN` on file systems that do not
/// say), which spares a `stat` per entry. Nil when the folder cannot be opened; `errno` says why.
package enum FolderEntries {
    /// The entries of the folder at `path`.
    package static func read(_ path: String) -> [(name: String, type: UInt8)]? {
        guard let folder = opendir(path) else { return nil }
        return read(folder)
    }

    /// The entries of the folder open as `descriptor`, which stays open.
    package static func read(descriptor: Int32) -> [(name: String, type: UInt8)]? {
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        guard let folder = fdopendir(copy) else {
            close(copy)
            return nil
        }
        // A duplicate shares its position with the original: start from the top.
        rewinddir(folder)
        return read(folder)
    }

    /// The entries of the folder this process has just opened as `descriptor` and reads nowhere
    /// else, read straight from it: `readdir` would first need a copy of the descriptor, two
    /// `fcntl` calls and a seek, which for the ten thousand folders of a big blog's output is
    /// most of the listing. The descriptor is left open, read to its end.
    package static func read(fresh descriptor: Int32) -> [(name: String, type: UInt8)]? {
        let size = 32 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        var entries: [(name: String, type: UInt8)] = []
        while true {
            let count = galley_getdents64(descriptor, buffer, UInt(size))
            if count == 0 { return entries }
            if count < 0 { return errno == ENOSYS && entries.isEmpty ? read(descriptor: descriptor) : nil }
            // Each record: inode (8 bytes), offset (8), its own length (2), type (1), then the
            // name, ended by a zero.
            var offset = 0
            while offset < count {
                let record = buffer + offset
                let type = record.load(fromByteOffset: 18, as: UInt8.self)
                let name = String(cString: (record + 19).assumingMemoryBound(to: CChar.self))
                if name != ".", name != ".." { entries.append((name, type)) }
                offset += Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
            }
        }
    }

    private static func read(_ folder: OpaquePointer) -> [(name: String, type: UInt8)] {
        defer { closedir(folder) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }
}
