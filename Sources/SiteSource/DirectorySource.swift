import FileSystem
import Foundation

/// A ``SourceTree`` over a folder on disk.
///
/// Symbolic links are followed while they stay inside the folder (a linked image folder is part of
/// the blog); one that leads out of it is an error, never read: a blog is hostile input, and a
/// link to `/etc` or `/proc/self/environ` would otherwise publish the machine's secrets.
package struct DirectorySource: SourceTree {
    /// The folder the tree starts at.
    package let root: URL
    /// `root` as a path, worked out once: files are read by the thousand.
    private let rootPath: String

    /// The folder held open while the tree lives, for reading files below it; nil when it could
    /// not be opened when the tree was made (each read then opens it).
    private let folder: OpenFolder?

    /// Creates a tree rooted at `root`.
    package init(root: URL) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        folder = OpenFolder(rootPath)
    }

    /// The folder's real path, every link in it resolved, with a trailing slash; nil when it
    /// cannot be resolved (missing).
    var realRoot: String? {
        guard let resolved = realpath(rootPath, nil) else { return nil }
        defer { free(resolved) }
        let path = String(cString: resolved)
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// Whether the link at `path` (absolute) leads to a place inside the folder `realRoot`.
    static func staysInside(_ path: String, _ realRoot: String?) -> Bool {
        guard let realRoot, let target = realPath(path) else { return false }
        return target.hasPrefix(realRoot) || target + "/" == realRoot
    }

    /// The real path of `folder`, links resolved, for ``leadsAbove(_:from:)``.
    static func realPath(_ folder: String) -> String? {
        guard let resolved = realpath(folder, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `link` leads to a folder that holds the folder whose real path is `realFolder`
    /// (not to that folder itself).
    static func leadsAbove(_ link: String, from realFolder: String?) -> Bool {
        guard let realFolder, let above = realPath(link) else { return false }
        return realFolder.hasPrefix(above.hasSuffix("/") ? above : above + "/")
    }

    /// Why a link to a folder that holds the one listed is refused.
    static let linkAboveReason =
        "a symbolic link to a folder that holds it, which would publish that folder inside itself (for the blog's own, its settings, drafts and cache): link to a folder beside it, or remove the link"

    /// The folder's path.
    package var description: String { root.path }

    /// Every regular file below `directory`, links that stay inside the folder followed; a link
    /// that leads out of it is an error.
    package func files(under directory: String) throws -> [String] {
        let base = directory.isEmpty ? root.path : root.path + "/" + directory
        var info = stat()
        guard stat(base, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return [] }
        var result: [String] = []
        var walking = FolderWalk()
        let realRoot = realRoot
        // The folder asked for may itself be a link (`static -> elsewhere`).
        guard Self.staysInside(base, realRoot) else { throw SourceTreeError.linkOutside(directory) }
        var outside: [String] = []
        try walk(base, relative: directory, top: Self.realPath(base), realRoot: realRoot, into: &result, outside: &outside, walking: &walking)
        // Every link out of the blog is said at once, so that one round of fixes clears them all.
        if outside.count == 1 { throw SourceTreeError.linkOutside(outside[0]) }
        if !outside.isEmpty { throw SourceTreeError.linksOutside(outside.sorted()) }
        return result.sorted()
    }

    /// Collects the regular files below the folder `path` with `readdir`, which names each
    /// entry's type, so only symlinks (followed: a symlinked image folder is part of the blog)
    /// cost a `stat`; a big blog's posts folder is listed in milliseconds.
    private func walk(_ path: String, relative: String, top: String?, realRoot: String?, into result: inout [String], outside: inout [String],
                      walking: inout FolderWalk) throws {
        var own = stat()
        guard stat(path, &own) == 0, try walking.enter(own, at: relative) else { return }
        defer { walking.leave(own) }
        guard let entries = FolderEntries.read(path) else {
            throw SourceTreeError.unreadable(relative, reason: SourceTreeError.explain(errno))
        }
        for (name, type) in entries where !SourceFileFilter.ignores(name) {
            let child = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if let error = SourceTreeError.undecodable(name, in: relative, exists: { _ in
                var info = stat()
                return lstat(child, &info) == 0
            }) { throw error }
            var kind = type == UInt8(DT_DIR) ? S_IFDIR : type == UInt8(DT_REG) ? S_IFREG : 0
            if kind == 0 {
                var link = stat()
                if type == UInt8(DT_LNK) || (lstat(child, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK),
                    !Self.staysInside(child, realRoot)
                {
                    // A dangling link is no file; one that leads out of the blog is refused.
                    var target = stat()
                    if stat(child, &target) == 0 {
                        outside.append(childRelative)
                        continue
                    }
                }
                var info = stat()
                guard stat(child, &info) == 0 else {
                    throw SourceTreeError.unreadable(childRelative, reason: SourceTreeError.explain(errno))
                }
                kind = info.st_mode & S_IFMT
                // A link to a folder that holds the one listed would list the blog in it: with
                // `static/up -> ..`, its settings, drafts and cache were published. One to a folder
                // the walk is in already is not followed round (``FolderWalk``).
                if kind == S_IFDIR, Self.leadsAbove(child, from: top) {
                    throw SourceTreeError.unreadable(childRelative, reason: Self.linkAboveReason)
                }
            }
            switch kind {
            case S_IFDIR: try walk(child, relative: childRelative, top: top, realRoot: realRoot, into: &result, outside: &outside, walking: &walking)
            case S_IFREG: result.append(childRelative)
            default: continue
            }
        }
    }

    // Plain system calls: a build reads every post, and a URL and a FileHandle for each cost
    // more than the read itself. The kernel resolves the path below the folder and refuses one
    // that leaves it (`openat2`, `RESOLVE_BENEATH`), whatever links lie on the way.
    /// The bytes of the file at `path`; one that is, or lies past, a link out of the folder is
    /// an error.
    package func contents(of path: String) throws -> Data {
        try read(path, upTo: nil)
    }

    /// The first `count` bytes of the file at `path`, read no further.
    package func head(of path: String, count: Int) throws -> Data {
        try read(path, upTo: max(0, count))
    }

    /// The file at `path`, whole or up to `limit` bytes.
    private func read(_ path: String, upTo limit: Int?) throws -> Data {
        let held = folder ?? OpenFolder(rootPath)
        guard let held else { throw SourceTreeError.unreadable(path, reason: SourceTreeError.explain(errno)) }
        // Not waiting to open a named pipe (`mkfifo galley.yml`) for a writer that never comes:
        // only regular files are read, and the flag changes nothing for them.
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        var descriptor = Platform.openBeneath(held.descriptor, path, flags, noLinks: false)
        if descriptor < 0, errno == ENOSYS {
            // Without openat2: the same rule, checked on the resolved path.
            descriptor = Self.staysInside(rootPath + "/" + path, realRoot) ? open(rootPath + "/" + path, flags) : -2
            if descriptor == -2 { errno = EXDEV }
        }
        guard descriptor >= 0 else {
            if errno == ENOENT { throw SourceTreeError.notFound(path) }
            if errno == EXDEV { throw SourceTreeError.linkOutside(path) }
            throw SourceTreeError.unreadable(path, reason: SourceTreeError.explain(errno))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SourceTreeError.unreadable(path, reason: SourceTreeError.explain(errno)) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw SourceTreeError.unreadable(path, reason: SourceTreeError.explain(EISDIR)) }
        // A device (`/dev/zero`) would be read without end, a pipe or a socket wait for a writer.
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SourceTreeError.unreadable(path, reason: "it is not a file but a named pipe, a device or a socket")
        }
        // Sized from the stat, then read to the end: a file that grows meanwhile is read whole.
        var data = Data(count: min(max(Int(info.st_size), 0) + 1, limit ?? Int.max))
        var count = 0
        while true {
            if let limit, count == limit { break }
            if count == data.count { data.count += min(65536, (limit ?? Int.max) - count) }
            let got = data.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw SourceTreeError.unreadable(path, reason: SourceTreeError.explain(errno)) }
            if got == 0 { break }
            count += got
        }
        data.count = count
        return data
    }

    /// Whether a file other than a folder is at `path`, links followed.
    package func fileExists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }
}

