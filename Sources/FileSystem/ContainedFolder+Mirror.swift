import Foundation

/// Bringing a spare folder up to date beside a live one: a file whose bytes did not change is the
/// live file itself (a hard link, so it keeps its time and `rsync -t` leaves it alone), and a
/// file that did is written anew and renamed into place, never written into, since it may be
/// shared with the live folder.
extension ContainedFolder {
    /// Puts `bytes` at `path` here. Returns whether the live file already held them.
    package func place(_ bytes: some ContiguousBytes, at path: String, live: ContainedFolder?) throws(FileSystemError) -> Bool {
        if let live, let liveInfo = live.regularFile(path, holding: bytes) {
            if try link(path, liveInfo, from: live) { return true }
            // Across file systems a link is impossible; a copy that keeps the time does as well.
            try copy(path, from: live)
            return true
        }
        try replace(path, with: bytes)
        return false
    }

    /// What `lstat` says of the file `path` when it is a regular file holding exactly `bytes`.
    package func regularFile(_ path: String, holding bytes: some ContiguousBytes) -> stat? {
        guard let info = info(of: path), info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.withUnsafeBytes(\.count),
            holds(path, bytes)
        else { return nil }
        return info
    }

    /// Makes `path` here the live file `path` as it is: a link, or a copy (time and all) where no
    /// link can be made. Throws when there is no live file to hold.
    package func mirror(_ path: String, from live: ContainedFolder) throws(FileSystemError) {
        if try !keep(path, from: live) { try copy(path, from: live) }
    }

    /// Makes `path` here the live file `path` itself, where this folder is a tree of this
    /// process's own that started empty (see ``makeFolder(inOwnTree:)``) and `path`'s folder is
    /// made: nothing can stand at `path` yet, so the link is made at its name at once, and the
    /// live file's folder is opened once for the link and a look after it. Four calls where
    /// ``keep(_:from:)`` makes some twenty, for each of the thousands of pages the first build
    /// after a full one keeps. Returns what `lstat` says of the file once linked (a new link
    /// changes a file's change time, so this is its stamp from then on); nil, with nothing left
    /// at `path`, when the live file is no regular file (a link there is linked as a link, inside
    /// the live folder, never followed, and taken away again), or no link can be made (across
    /// file systems): ``keep(_:from:)`` is then the careful way.
    package func keepInOwnTree(_ path: String, from live: ContainedFolder) -> stat? {
        guard RelativePath.problem(with: path) == nil else { return nil }
        var info = stat()
        var linked = false
        let looked = live.inParent(of: path) { folder, name in
            guard linkat(folder, name, descriptor, path, 0) == 0 else { return -1 }
            linked = true
            return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW)
        } == 0
        if looked, info.st_mode & S_IFMT == S_IFREG { return info }
        if linked { removeFile(path) }
        return nil
    }

    /// Makes `path` here the file `path` of `other` when that is a regular file holding exactly
    /// `bytes`, where this folder is a tree of this process's own that started empty (see
    /// ``makeFolder(inOwnTree:)``) and `path`'s folder is made. `other` may be changing
    /// meanwhile (another build's folder, whose files take their names only once whole, and
    /// are never written into after: see ``replace(_:with:)``): the link is kept only when it
    /// turns out, by its inode, to be the very file whose bytes were compared, of the size and
    /// time it had then. Returns what `lstat` says of it once linked;
    /// nil otherwise, with nothing left at `path` unless a name could not be taken away again
    /// (which a write of `path` with `exclusive` then finds).
    package func linkIfHolding(_ bytes: some ContiguousBytes, at path: String, from other: ContainedFolder) -> stat? {
        guard RelativePath.problem(with: path) == nil else { return nil }
        // Not blocking: a pipe planted there would hold the open until a writer came.
        let file = other.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var compared = stat()
        guard fstat(file, &compared) == 0, compared.st_mode & S_IFMT == S_IFREG,
              Int(compared.st_size) == bytes.withUnsafeBytes(\.count), FileBytes.equal(file, bytes) else { return nil }
        var after = stat()
        let linked = other.inParent(of: path) { folder, name in linkat(folder, name, descriptor, path, 0) } == 0
        guard linked else { return nil }
        guard fstatat(descriptor, path, &after, AT_SYMLINK_NOFOLLOW) == 0, after.st_ino == compared.st_ino,
              after.st_dev == compared.st_dev, after.st_size == compared.st_size,
              after.st_mtim.tv_sec == compared.st_mtim.tv_sec, after.st_mtim.tv_nsec == compared.st_mtim.tv_nsec else {
            removeFile(path)
            return nil
        }
        return after
    }

    /// A live file that ``relink(_:inFolder:from:)`` made the file of the same name here.
    package struct Relinked {
        /// The file's name in its folder.
        package let name: String
        /// What `lstat` says of the file once linked (a new link changes a file's change time).
        package let after: stat
    }

    /// Makes each of `names` in the folder `folder` here the live file of the same path, where
    /// both sides hold that folder: each side's folder is opened once for all of them, and each
    /// file costs the old name's removal, a link and a look after.
    /// Three calls a file where ``mirror(_:from:)`` makes some thirty, for the thousands of files
    /// a spare takes after a build that rewrote every page: what was linked is looked at once it
    /// is in place, not before. A name left out of the answer is left for ``mirror(_:from:)`` to
    /// do the careful way, with nothing of the live folder at it: no regular file at it in live,
    /// a folder in its way here, a folder missing on either side, or no link to be made (across
    /// file systems).
    package func relink(_ names: [String], inFolder folder: String, from live: ContainedFolder) -> [Relinked] {
        guard folder.isEmpty || RelativePath.problem(with: folder) == nil else { return [] }
        let here = folder.isEmpty ? descriptor : open(folder, Platform.pathOnly | O_DIRECTORY)
        guard here >= 0 else { return [] }
        defer { if here != descriptor { close(here) } }
        let there = folder.isEmpty ? live.descriptor : live.open(folder, Platform.pathOnly | O_DIRECTORY)
        guard there >= 0 else { return [] }
        defer { if there != live.descriptor { close(there) } }
        var done: [Relinked] = []
        for name in names where RelativePath.problem(with: name) == nil && !name.contains("/") {
            // The old name goes first, then the live file takes it: a spare is Galley's scratch
            // folder, which readers reach by no name (the output's name leads to the live one),
            // and a rename over the old file cost more than the removal. Whatever was at the
            // name (a planted link too) is removed as a name, never followed; a folder in its way
            // stays, for the careful way. A live folder cannot be linked; a live link is linked as
            // a link, never followed.
            unlinkat(here, name, 0)
            guard linkat(there, name, here, name, 0) == 0 else { continue }
            var after = stat()
            guard fstatat(here, name, &after, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            guard after.st_mode & S_IFMT == S_IFREG else {
                // A live link: taken away again, for the careful way.
                unlinkat(here, name, 0)
                continue
            }
            done.append(Relinked(name: name, after: after))
        }
        return done
    }

    /// Makes this folder's file `path` the file `path` of `live` too, in one rename: a second
    /// link to it is made here under a temporary name and moved over the live name, so that the
    /// live folder never holds a half-written file or a temporary one, and a reader opening the
    /// name gets the old file or the new one. Both folders hold the same file afterwards.
    /// Returns what `lstat` says of the live file then; nil, with both folders as they were,
    /// when `path` here is no regular file, the live name is a folder or lies past a missing
    /// one, or no link can be made.
    package func publish(_ path: String, into live: ContainedFolder) -> stat? {
        guard RelativePath.problem(with: path) == nil, let info = info(of: path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        var after = stat()
        let moved = inParent(of: path) { here, name in
            let temporary = name + ".galley-tmp"
            unlinkat(here, temporary, 0)
            guard linkat(here, name, here, temporary, 0) == 0 else { return -1 }
            let renamed = live.inParent(of: path) { there, liveName in
                var current = stat()
                // A folder at the live name stays; the caller publishes the other way.
                if fstatat(there, liveName, &current, AT_SYMLINK_NOFOLLOW) == 0, current.st_mode & S_IFMT == S_IFDIR { return -1 }
                guard renameat(here, temporary, there, liveName) == 0 else { return -1 }
                return fstatat(there, liveName, &after, AT_SYMLINK_NOFOLLOW)
            }
            if renamed != 0 { unlinkat(here, temporary, 0) }
            return renamed
        }
        return moved == 0 ? after : nil
    }

    /// Makes `path` here the live file `path` as it is. False when there is no live file.
    package func keep(_ path: String, from live: ContainedFolder) throws(FileSystemError) -> Bool {
        guard let liveInfo = live.info(of: path), liveInfo.st_mode & S_IFMT == S_IFREG else { return false }
        return try link(path, liveInfo, from: live)
    }

    /// Writes a new file and renames it over `path`, never writing into a file that may be
    /// shared. Where nothing is yet, too: this folder may have been live a build ago, and a new
    /// preview's build may still be linking production's files from it (see
    /// ``linkIfHolding(_:at:from:)``), so no file here is seen under its name before it is whole.
    package func replace(_ path: String, with bytes: some ContiguousBytes) throws(FileSystemError) {
        if kind(of: path) == S_IFDIR { try removeAll(path) }
        let temporary = path + ".galley-tmp"
        removeFile(temporary)
        try write(bytes, to: temporary)
        try rename(temporary, over: path)
    }

    /// Makes `path` here the live file itself (same inode, same time), unless it already is.
    /// False when no link can be made, as across file systems.
    private func link(_ path: String, _ liveInfo: stat, from live: ContainedFolder) throws(FileSystemError) -> Bool {
        if let info = info(of: path), info.st_ino == liveInfo.st_ino, info.st_dev == liveInfo.st_dev { return true }
        let temporary = path + ".galley-tmp"
        removeFile(temporary)
        guard link(path, of: live, at: temporary) else { return false }
        try rename(temporary, over: path)
        return true
    }

    /// Copies the live file, time and all, where no link can be made (as across file systems).
    private func copy(_ path: String, from live: ContainedFolder) throws(FileSystemError) {
        guard let bytes = live.read(path), let liveInfo = live.info(of: path) else {
            throw live.failure(path, errno, "cannot read")
        }
        try replace(path, with: bytes)
        setTimes(path, from: liveInfo)
    }
}
