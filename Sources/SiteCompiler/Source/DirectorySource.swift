import Foundation

/// A ``SourceTree`` over a folder on disk.
public struct DirectorySource: SourceTree {
    /// The folder the tree starts at.
    public let root: URL

    /// Creates a tree rooted at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var description: String { root.path }

    public func files(under directory: String) throws -> [String] {
        let base = directory.isEmpty ? root.path : root.path + "/" + directory
        var info = stat()
        guard stat(base, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        var result: [String] = []
        var visited = Set<[UInt64]>()
        try walk(base, relative: directory, into: &result, visited: &visited)
        return result.sorted()
    }

    /// Collects the regular files below the folder `path` with `readdir`, which names each
    /// entry's type, so only symlinks (followed: a symlinked image folder is part of the blog)
    /// cost a `stat`; a big blog's posts folder is listed in milliseconds.
    private func walk(_ path: String, relative: String, into result: inout [String], visited: inout Set<[UInt64]>) throws {
        // Symlinked folders are followed, so a link that points back up must not loop forever.
        var own = stat()
        guard stat(path, &own) == 0, visited.insert([UInt64(own.st_dev), UInt64(own.st_ino)]).inserted else { return }
        guard let entries = FolderEntries.read(path) else {
            throw SourceTreeError.unreadable(relative, reason: String(cString: strerror(errno)))
        }
        for (name, type) in entries where !SourceFileFilter.ignores(name) {
            let child = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var kind = type == UInt8(DT_DIR) ? S_IFDIR : type == UInt8(DT_REG) ? S_IFREG : 0
            if kind == 0 {
                var info = stat()
                guard stat(child, &info) == 0 else {
                    throw SourceTreeError.unreadable(childRelative, reason: String(cString: strerror(errno)))
                }
                kind = info.st_mode & S_IFMT
            }
            switch kind {
            case S_IFDIR: try walk(child, relative: childRelative, into: &result, visited: &visited)
            case S_IFREG: result.append(childRelative)
            default: continue
            }
        }
    }

    public func contents(of path: String) throws -> Data {
        let url = root.appending(path: path)
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            if !FileManager.default.fileExists(atPath: url.path) { throw SourceTreeError.notFound(path) }
            throw SourceTreeError.unreadable(path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw SourceTreeError.unreadable(path, reason: SourceTreeError.describe(error))
        }
    }

    public func fileExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }
}
