import Digests
import FileSystem
import Foundation

extension DirectorySource {
    /// The state of the files and folders `roots` (paths relative to the root; missing ones count
    /// as missing), following symlinks as ``files(under:)`` does.
    package func state(of roots: [String]) throws -> SourceState? {
        var walk = StateWalk()
        walk.realRoot = realRoot
        for root in roots {
            // Each root on its own, as files(under:) lists it.
            walk.walking = FolderWalk()
            walk.top = DirectorySource.realPath(self.root.path + "/" + root)
            walk.hasher.update(data: Array(root.utf8) + [0])
            var info = stat(), link = stat()
            let path = self.root.path + "/" + root
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, !Self.staysInside(path, walk.realRoot) {
                throw SourceTreeError.linkOutside(root)
            }
            try walk.visit(self.root.path + "/" + root, relative: root, info: stat(self.root.path + "/" + root, &info) == 0 ? info : nil)
        }
        let versions = Dictionary(walk.taken.lazy.map { ($0.path, $0.version) }, uniquingKeysWith: { $1 })
        return SourceState(digest: Array(walk.hasher.finalize()), newestChange: walk.newest, versions: versions, files: walk.taken.map(\.path))
    }

    /// The version of the file at `path` on disk, links followed; nil when it is not a regular file.
    package func version(of path: String) -> FileVersion? {
        var info = stat()
        guard stat(root.path + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileVersion(info)
    }
}

/// One walk over a folder for its ``SourceState``.
private struct StateWalk {
    var hasher = SHA256()
    var newest = 0
    /// The folders entered, as ``DirectorySource/files(under:)`` enters them.
    var walking = FolderWalk()
    /// Each regular file below the roots, by its path under the blog's root, in the order
    /// walked: one list, made into the state's dictionary once at the end rather than merged
    /// folder by folder.
    var taken: [(path: String, version: FileVersion)] = []
    /// The blog folder's real path, to refuse links that lead out of it as the build does.
    var realRoot: String?
    /// The real path of the root walked, to refuse links to a folder that holds it as the
    /// build does.
    var top: String?

    /// Folders with more entries than this are looked at on every core: a blog's posts folder
    /// holds thousands of files, and each `stat` is a system call.
    static let parallelFrom = 64

    /// Takes in the regular file `relative`, whose `stat` is `info`.
    private mutating func take(file relative: String, info: stat) {
        let version = FileVersion(info)
        newest = max(newest, version.changed)
        version.bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        taken.append((relative, version))
    }

    /// Takes in the file or folder at `path`, whose `stat` is `info` (nil when missing).
    mutating func visit(_ path: String, relative: String, info: stat?) throws {
        guard let info else {
            hasher.update(data: [0xFF])
            return
        }
        if info.st_mode & S_IFMT == S_IFREG { return take(file: relative, info: info) }
        let version = FileVersion(info)
        newest = max(newest, version.changed)
        hasher.update(data: version.bytes)
        guard info.st_mode & S_IFMT == S_IFDIR, try walking.enter(info, at: relative) else { return }
        defer { walking.leave(info) }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0, let entries = FolderEntries.read(fresh: folder) else {
            let reason = SourceTreeError.explain(errno)
            if folder >= 0 { close(folder) }
            throw SourceTreeError.unreadable(relative, reason: reason)
        }
        defer { close(folder) }
        let names = entries.map(\.name).filter { !SourceFileFilter.ignores($0) }.sorted()
        for (name, type) in entries where type == UInt8(DT_LNK) && !SourceFileFilter.ignores(name) {
            if !DirectorySource.staysInside(path + "/" + name, realRoot) { throw SourceTreeError.linkOutside(relative + "/" + name) }
            if DirectorySource.leadsAbove(path + "/" + name, from: top) {
                throw SourceTreeError.unreadable(relative + "/" + name, reason: DirectorySource.linkAboveReason)
            }
        }
        // Relative to the open folder, the kernel looks up one name instead of the whole path.
        let look: @Sendable (String) -> stat? = { name in
            var info = stat()
            // The string's own bytes: handed to C as it is, each name was copied into an array.
            return name.withCString { fstatat(folder, $0, &info, 0) } == 0 ? info : nil
        }
        let infos = names.count > Self.parallelFrom ? Parallel.map(names, look) : names.map(look)
        for (name, info) in zip(names, infos) where info == nil {
            if let error = SourceTreeError.undecodable(name, in: relative, exists: { name in
                var info = stat()
                return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
            }) { throw error }
        }
        let walked = try walkApart(names, infos, in: path, relative: relative)
        for (index, (name, info)) in zip(names, infos).enumerated() {
            var name = name
            name.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            withUnsafeBytes(of: UInt8(0)) { hasher.update(bufferPointer: $0) }
            // A file needs no path of its own, only its name under the blog's root.
            if let info, info.st_mode & S_IFMT == S_IFREG {
                take(file: relative + "/" + name, info: info)
            } else if let folder = walked?[index] {
                // Its own walk's digest in place of what it took in.
                folder.digest.withUnsafeBytes { hasher.update(bufferPointer: $0) }
                newest = max(newest, folder.newest)
                taken += folder.taken
            } else {
                try visit(path + "/" + name, relative: relative + "/" + name, info: info)
            }
        }
    }

    /// What the walk of one folder among many took in: its digest in place of its files'.
    struct Walked {
        var digest: SHA256.Digest
        var newest: Int
        var taken: [(path: String, version: FileVersion)]
    }

    /// The folders among `names` (with their `infos`) walked each on its own, on every core, by
    /// index into `names`, when there are two or more: a blog whose posts are folders has
    /// thousands in `posts/`, or a dozen at each level of `posts/2024/05/`, which walked in turn
    /// kept one core waiting on the kernel for every folder (10,000 posts by year and month:
    /// 73 to 47 ms). Nil for one or none, which is walked in place.
    private func walkApart(_ names: [String], _ infos: [stat?], in path: String, relative: String) throws -> [Walked?]? {
        let folders = infos.indices.filter { infos[$0].map { $0.st_mode & S_IFMT == S_IFDIR } ?? false }
        guard folders.count > 1 else { return nil }
        let realRoot = realRoot, walking = walking, top = top
        let walks = Parallel.map(folders) { index -> Result<Walked, any Error> in
            Result {
                var walk = StateWalk()
                walk.realRoot = realRoot
                walk.top = top
                walk.walking = walking
                try walk.visit(path + "/" + names[index], relative: relative + "/" + names[index], info: infos[index])
                return Walked(digest: walk.hasher.finalize(), newest: walk.newest, taken: walk.taken)
            }
        }
        var walked = [Walked?](repeating: nil, count: names.count)
        for (index, walk) in zip(folders, walks) { walked[index] = try walk.get() }
        return walked
    }
}
