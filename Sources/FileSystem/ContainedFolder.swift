import Foundation

/// A folder held open, below which every operation of the output writer stays.
///
/// Paths are resolved by the kernel relative to the open folder, refusing any that would leave it
/// (`openat2` with `RESOLVE_BENEATH`) or pass through a symbolic link: Galley never makes links in
/// its output, so one found there was planted, and is treated as a file to replace, never followed.
/// Even a path that slipped past ``RelativePath`` cannot reach outside the folder.
package final class ContainedFolder: Sendable {
    /// The folder as it was named, for messages.
    package let path: String
    let descriptor: Int32

    /// Opens the folder at `path`, refusing a symbolic link in its place unless `followingLink`
    /// (for a place the user named, never for one a blog could have made).
    package init(opening path: String, followingLink: Bool = false) throws(FileSystemError) {
        let descriptor = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw FileSystemError(path: path, message: FileSystemError.explain(errno, opening: true)) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// A descriptor for `relative` opened with `flags`, or -1 with `errno` set.
    package func open(_ relative: String, _ flags: Int32, mode: mode_t = 0o644) -> Int32 {
        if relative.isEmpty { return Foundation.openat(descriptor, ".", flags | O_CLOEXEC, mode) }
        let opened = Platform.openBeneath(descriptor, relative, flags | O_CLOEXEC, mode: mode, noLinks: true)
        guard opened < 0, errno == ENOSYS else { return opened }
        return openWalking(relative, flags | O_CLOEXEC, mode: mode)
    }

    /// Without `openat2`: one folder at a time, none of them followed through a link. The names
    /// are checked here too, since the kernel no longer keeps `..` below the folder.
    private func openWalking(_ relative: String, _ flags: Int32, mode: mode_t) -> Int32 {
        guard RelativePath(relative) != nil else {
            errno = EXDEV
            return -1
        }
        var names = relative.split(separator: "/").map(String.init)
        let last = names.removeLast()
        var current = descriptor
        for name in names {
            let next = Foundation.openat(current, name, Platform.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if current != descriptor { close(current) }
            guard next >= 0 else { return -1 }
            current = next
        }
        defer { if current != descriptor { close(current) } }
        return Foundation.openat(current, last, flags | O_NOFOLLOW, mode)
    }

    /// Runs `body` with the open folder that holds `relative` and its last name; -1 with `errno`
    /// set when that folder cannot be reached.
    func inParent(of relative: String, _ body: (Int32, String) -> Int32) -> Int32 {
        let folder = RelativePath.folder(of: relative)
        let name = RelativePath.lastComponent(of: relative)
        if folder.isEmpty { return body(descriptor, name) }
        let parent = open(folder, Platform.pathOnly | O_DIRECTORY)
        guard parent >= 0 else { return -1 }
        defer { close(parent) }
        return body(parent, name)
    }

    /// The folder `relative` below this one, held open in its turn.
    package func folder(_ relative: String) throws(FileSystemError) -> ContainedFolder {
        let opened = open(relative, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        guard opened >= 0 else { throw failure(relative, errno, "cannot open folder") }
        return ContainedFolder(descriptor: opened, path: path + "/" + relative)
    }

    /// Swaps the names `a` and `b` in one step; false where the kernel or file system cannot.
    package func exchange(_ a: String, _ b: String) -> Bool {
        inParent(of: a) { aFolder, aName in
            inParent(of: b) { Platform.exchange(aFolder, aName, $0, $1) ? 0 : -1 }
        } == 0
    }

    /// What `lstat` says of `relative` (a link is itself, never followed); nil when it is missing
    /// or lies past a link.
    package func info(of relative: String) -> stat? {
        var info = stat()
        if relative.isEmpty { return fstat(descriptor, &info) == 0 ? info : nil }
        let result = inParent(of: relative) { fstatat($0, $1, &info, AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? info : nil
    }

    /// The type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …) of `relative`, or 0 when missing.
    package func kind(of relative: String) -> mode_t {
        info(of: relative).map { $0.st_mode & S_IFMT } ?? 0
    }

    /// Makes the folder `relative` by its whole path in one call, where this process made every
    /// folder along it and nothing else writes below this folder (a spare made empty for one
    /// build), so no name on the way can be a link; false when that call fails, and
    /// ``makeFolder(_:)`` is then the careful way, a folder at a time. One call instead of three
    /// (open the parent, make, close) for each of the thousands of folders a cold build makes.
    package func makeFolder(inOwnTree relative: String) -> Bool {
        guard RelativePath.problem(with: relative) == nil else { return false }
        return relative.withCString { mkdirat(descriptor, $0, 0o755) } == 0
    }

    /// Makes the folder `relative`, unless a folder is already there.
    package func makeFolder(_ relative: String) throws(FileSystemError) {
        if inParent(of: relative, { mkdirat($0, $1, 0o755) }) == 0 { return }
        let error = errno
        if error == EEXIST {
            let kind = kind(of: relative)
            if kind == S_IFDIR { return }
            throw FileSystemError(path: relative.isEmpty ? path : path + "/" + relative, message:
                "cannot create folder: a \(kind == S_IFLNK ? "link" : "file") of that name is in the way (Galley does not replace it; move it aside)")
        }
        throw failure(relative, error, "cannot create folder")
    }

    /// Removes the file (or link) `relative`; false when there was none to remove.
    @discardableResult
    package func removeFile(_ relative: String) -> Bool {
        inParent(of: relative) { unlinkat($0, $1, 0) } == 0
    }

    /// Removes the empty folder `relative`; false when it is missing or not empty.
    @discardableResult
    package func removeEmptyFolder(_ relative: String) -> Bool {
        inParent(of: relative) { unlinkat($0, $1, AT_REMOVEDIR) } == 0
    }

    /// Removes whatever stands at `relative`, a folder with all it holds; links are removed, never
    /// followed.
    package func removeAll(_ relative: String) throws(FileSystemError) {
        let kind = self.kind(of: relative)
        if kind == 0 { return }
        if kind == S_IFDIR {
            let folder = open(relative, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            guard folder >= 0 else { throw failure(relative, errno, "cannot remove") }
            let inner = ContainedFolder(descriptor: folder, path: path + "/" + relative)
            for (name, _) in inner.entries() { try inner.removeAll(name) }
            guard removeEmptyFolder(relative) else { throw failure(relative, errno, "cannot remove") }
        } else if !removeFile(relative), errno != ENOENT {
            throw failure(relative, errno, "cannot remove")
        }
    }

    /// Renames `from` over `to`, both below this folder.
    package func rename(_ from: String, over to: String) throws(FileSystemError) {
        let result = inParent(of: from) { fromFolder, fromName in
            inParent(of: to) { renameat(fromFolder, fromName, $0, $1) }
        }
        guard result == 0 else { throw failure(to, errno, "cannot replace") }
    }

    /// Makes `relative` a new name for the file `source` of `other` (a hard link); false when no
    /// link can be made, as across file systems. A link in `other` is never followed.
    package func link(_ source: String, of other: ContainedFolder, at relative: String) -> Bool {
        let result = other.inParent(of: source) { sourceFolder, sourceName in
            inParent(of: relative) { linkat(sourceFolder, sourceName, $0, $1, 0) }
        }
        return result == 0
    }

    /// Writes `bytes` to `relative`, a new file or one truncated (with `exclusive`, only a new
    /// file: anything at the name is an error); returns what `fstat` says of it as the write left
    /// it, nil if that cannot be told.
    @discardableResult
    package func write(_ bytes: some ContiguousBytes, to relative: String, exclusive: Bool = false) throws(FileSystemError) -> stat? {
        let file = open(relative, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC), mode: 0o644)
        guard file >= 0 else { throw failure(relative, errno, "cannot write") }
        defer { close(file) }
        try FileBytes.write(bytes, to: file, path: path + "/" + relative)
        var info = stat()
        return fstat(file, &info) == 0 ? info : nil
    }

    /// Whether the regular file `relative` holds exactly `bytes`.
    package func holds(_ relative: String, _ bytes: some ContiguousBytes) -> Bool {
        let file = open(relative, O_RDONLY | O_NOFOLLOW)
        guard file >= 0 else { return false }
        defer { close(file) }
        return FileBytes.equal(file, bytes)
    }

    /// The bytes of the regular file `relative`; nil when it cannot be read.
    package func read(_ relative: String) -> [UInt8]? {
        let file = open(relative, O_RDONLY | O_NOFOLLOW)
        guard file >= 0 else { return nil }
        defer { close(file) }
        return FileBytes.read(file)
    }

    /// Gives `relative` the access and modification times of `info`.
    package func setTimes(_ relative: String, from info: stat) {
        var times = [info.accessTime, info.modificationTime]
        _ = inParent(of: relative) { utimensat($0, $1, &times, AT_SYMLINK_NOFOLLOW) }
    }

    /// The entries of the folder itself, `readdir`'s type with each.
    package func entries() -> [(name: String, type: UInt8)] {
        FolderEntries.read(descriptor: descriptor) ?? []
    }

    /// Every file and folder below, links listed as files and never entered.
    package func listing() -> TreeListing {
        var listing = TreeListing()
        // A level of the tree at a time, its folders read on every core: a blog's output holds
        // a folder for each post.
        var level = [""]
        while !level.isEmpty {
            let found = Parallel.map(level) { [self] relative in entries(ofFolder: relative) }
            var next: [String] = []
            for (relative, entries) in zip(level, found) {
                for (name, isFolder) in entries {
                    let child = relative.isEmpty ? name : relative + "/" + name
                    guard isFolder else {
                        listing.files.insert(child)
                        continue
                    }
                    listing.folders.append(child)
                    next.append(child)
                }
            }
            level = next
        }
        return listing
    }

    /// The names in the folder `relative` (this one when empty), each with whether it is a
    /// folder; none when it cannot be opened.
    private func entries(ofFolder relative: String) -> [(name: String, isFolder: Bool)] {
        let opened = open(relative, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        guard opened >= 0 else { return [] }
        defer { close(opened) }
        return (FolderEntries.read(fresh: opened) ?? []).map { name, type in
            guard type == UInt8(DT_UNKNOWN) else { return (name, type == UInt8(DT_DIR)) }
            var info = stat()
            return (name, fstatat(opened, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        }
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// An error about `relative` for `errno` value `code`.
    package func failure(_ relative: String, _ code: Int32, _ action: String) -> FileSystemError {
        FileSystemError(relative.isEmpty ? path : path + "/" + relative, code, action)
    }
}
