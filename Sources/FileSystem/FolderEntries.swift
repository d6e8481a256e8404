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
