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
        let base = directory.isEmpty ? root : root.appending(path: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        var result: [String] = []
        var visited = Set<[UInt64]>()
        try walk(base, relative: directory, into: &result, visited: &visited)
        return result.sorted()
    }

    private func walk(_ url: URL, relative: String, into result: inout [String], visited: inout Set<[UInt64]>) throws {
        // Symlinked folders are followed, so a link that points back up must not loop forever.
        var own = stat()
        guard stat(url.path, &own) == 0, visited.insert([UInt64(own.st_dev), UInt64(own.st_ino)]).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw SourceTreeError.unreadable(relative, reason: SourceTreeError.describe(error))
        }
        for name in names where !SourceFileFilter.ignores(name) {
            let child = url.appending(path: name)
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            // stat, not lstat: a symlinked image folder is part of the blog.
            guard stat(child.path, &info) == 0 else {
                throw SourceTreeError.unreadable(childRelative, reason: String(cString: strerror(errno)))
            }
            switch info.st_mode & S_IFMT {
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
