import CPlatform
import Foundation

/// A folder held open, below which every operation of the output writer stays.
///
/// Paths are resolved by the kernel relative to the open folder, refusing any that would leave it
/// (`openat2` with `RESOLVE_BENEATH`) or pass through a symbolic link: Galley never makes links in
/// its output, so one found there was planted, and is treated as a file to replace, never followed.
/// Even a path that slipped past ``RelativePath`` cannot reach outside the folder.
final class ContainedFolder: Sendable {
    /// The folder as it was named, for messages.
    let path: String
    let descriptor: Int32

    /// Opens the folder at `path`, refusing a symbolic link in its place unless `followingLink`
    /// (for a place the user named, never for one a blog could have made).
    init(opening path: String, followingLink: Bool = false) throws(OutputError) {
        let descriptor = Foundation.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw OutputError(path: path, message: Self.explain(errno, opening: true)) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// A descriptor for `relative` opened with `flags`, or -1 with `errno` set.
    func open(_ relative: String, _ flags: Int32, mode: mode_t = 0o644) -> Int32 {
        if relative.isEmpty { return Foundation.openat(descriptor, ".", flags | O_CLOEXEC, mode) }
        let opened = galley_open_beneath(descriptor, relative, flags | O_CLOEXEC, UInt32(mode), 1)
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
            let next = Foundation.openat(current, name, GALLEY_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if current != descriptor { close(current) }
            guard next >= 0 else { return -1 }
            current = next
        }
        defer { if current != descriptor { close(current) } }
        return Foundation.openat(current, last, flags | O_NOFOLLOW, mode)
    }

    /// Runs `body` with the open folder that holds `relative` and its last name; -1 with `errno`
    /// set when that folder cannot be reached.
    private func inParent(of relative: String, _ body: (Int32, String) -> Int32) -> Int32 {
        let folder = RelativePath.folder(of: relative)
        let name = RelativePath.lastComponent(of: relative)
        if folder.isEmpty { return body(descriptor, name) }
        let parent = open(folder, GALLEY_O_PATH | O_DIRECTORY)
        guard parent >= 0 else { return -1 }
        defer { close(parent) }
        return body(parent, name)
    }

    /// The folder `relative` below this one, held open in its turn.
    func folder(_ relative: String) throws(OutputError) -> ContainedFolder {
        let opened = open(relative, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        guard opened >= 0 else { throw failure(relative, errno, "cannot open folder") }
        return ContainedFolder(descriptor: opened, path: path + "/" + relative)
    }

    /// Swaps the names `a` and `b` in one step; false where the kernel or file system cannot.
    func exchange(_ a: String, _ b: String) -> Bool {
        inParent(of: a) { aFolder, aName in
            inParent(of: b) { galley_exchange(aFolder, aName, $0, $1) }
        } == 0
    }

    /// What `lstat` says of `relative` (a link is itself, never followed); nil when it is missing
    /// or lies past a link.
    func info(of relative: String) -> stat? {
        var info = stat()
        if relative.isEmpty { return fstat(descriptor, &info) == 0 ? info : nil }
        let result = inParent(of: relative) { fstatat($0, $1, &info, AT_SYMLINK_NOFOLLOW) }
        return result == 0 ? info : nil
    }

    /// The type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …) of `relative`, or 0 when missing.
    func kind(of relative: String) -> mode_t {
        info(of: relative).map { $0.st_mode & S_IFMT } ?? 0
    }

    /// Makes the folder `relative`, unless a folder is already there.
    func makeFolder(_ relative: String) throws(OutputError) {
        if inParent(of: relative, { mkdirat($0, $1, 0o755) }) == 0 { return }
        let error = errno
        if error == EEXIST, kind(of: relative) == S_IFDIR { return }
        throw failure(relative, error, "cannot create folder")
    }

    /// Removes the file (or link) `relative`; false when there was none to remove.
    @discardableResult
    func removeFile(_ relative: String) -> Bool {
        inParent(of: relative) { unlinkat($0, $1, 0) } == 0
    }

    /// Removes the empty folder `relative`; false when it is missing or not empty.
    @discardableResult
    func removeEmptyFolder(_ relative: String) -> Bool {
        inParent(of: relative) { unlinkat($0, $1, AT_REMOVEDIR) } == 0
    }

    /// Removes whatever stands at `relative`, a folder with all it holds; links are removed, never
    /// followed.
    func removeAll(_ relative: String) throws(OutputError) {
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
    func rename(_ from: String, over to: String) throws(OutputError) {
        let result = inParent(of: from) { fromFolder, fromName in
            inParent(of: to) { renameat(fromFolder, fromName, $0, $1) }
        }
        guard result == 0 else { throw failure(to, errno, "cannot replace") }
    }

    /// Makes `relative` a new name for the file `source` of `other` (a hard link); false when no
    /// link can be made, as across file systems. A link in `other` is never followed.
    func link(_ source: String, of other: ContainedFolder, at relative: String) -> Bool {
        let result = other.inParent(of: source) { sourceFolder, sourceName in
            inParent(of: relative) { linkat(sourceFolder, sourceName, $0, $1, 0) }
        }
        return result == 0
    }

    /// Writes `bytes` to `relative`, a new file or one truncated; returns its stamp as the write
    /// left it.
    @discardableResult
    func write(_ bytes: some ContiguousBytes, to relative: String) throws(OutputError) -> FileStamp? {
        let file = open(relative, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
        guard file >= 0 else { throw failure(relative, errno, "cannot write") }
        defer { close(file) }
        do {
            try bytes.withUnsafeBytes { try FileBytes.write([$0], to: file, path: path + "/" + relative) }
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(path: path + "/" + relative, message: "cannot write: \(error)")
        }
        var info = stat()
        return fstat(file, &info) == 0 ? FileStamp(info) : nil
    }

    /// Whether the regular file `relative` holds exactly `bytes`.
    func holds(_ relative: String, _ bytes: some ContiguousBytes) -> Bool {
        let file = open(relative, O_RDONLY | O_NOFOLLOW)
        guard file >= 0 else { return false }
        defer { close(file) }
        return FileBytes.equal(file, bytes)
    }

    /// The bytes of the regular file `relative`; nil when it cannot be read.
    func read(_ relative: String) -> [UInt8]? {
        let file = open(relative, O_RDONLY | O_NOFOLLOW)
        guard file >= 0 else { return nil }
        defer { close(file) }
        return FileBytes.read(file)
    }

    /// Gives `relative` the access and modification times of `info`.
    func setTimes(_ relative: String, from info: stat) {
        var times = [timespec(tv_sec: info.st_atim.tv_sec, tv_nsec: info.st_atim.tv_nsec),
                     timespec(tv_sec: info.st_mtim.tv_sec, tv_nsec: info.st_mtim.tv_nsec)]
        _ = inParent(of: relative) { utimensat($0, $1, &times, AT_SYMLINK_NOFOLLOW) }
    }

    /// The entries of the folder itself, `readdir`'s type with each.
    func entries() -> [(name: String, type: UInt8)] {
        FolderEntries.read(descriptor: descriptor) ?? []
    }

    /// Every file and folder below, links listed as files and never entered.
    func listing() -> TreeListing {
        var listing = TreeListing()
        walk(self, relative: "", into: &listing)
        return listing
    }

    private func walk(_ folder: ContainedFolder, relative: String, into listing: inout TreeListing) {
        for (name, type) in folder.entries() {
            let child = relative.isEmpty ? name : relative + "/" + name
            var isFolder = type == UInt8(DT_DIR)
            if type == UInt8(DT_UNKNOWN) { isFolder = folder.kind(of: name) == S_IFDIR }
            guard isFolder else {
                listing.files.insert(child)
                continue
            }
            listing.folders.append(child)
            let inner = folder.open(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
            guard inner >= 0 else { continue }
            walk(ContainedFolder(descriptor: inner, path: folder.path + "/" + name), relative: child, into: &listing)
        }
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// An error about `relative` for `errno` value `code`.
    func failure(_ relative: String, _ code: Int32, _ action: String) -> OutputError {
        OutputError(path: relative.isEmpty ? path : path + "/" + relative, message: "\(action): \(Self.explain(code, opening: false))")
    }

    /// What `errno` value `code` means here, in words a user can act on.
    static func explain(_ code: Int32, opening: Bool) -> String {
        switch code {
        case ELOOP, EXDEV:
            "it is, or lies past, a symbolic link; Galley does not follow links in its output folders (remove the link)"
        case ENOTDIR where opening: "exists and is not a folder"
        case EACCES, EPERM: "permission denied (check who owns the folder and that it is writable)"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "no space left on the device (or over quota)"
        case ENAMETOOLONG: "the name is too long for the file system"
        default: String(cString: strerror(code))
        }
    }
}
