import Foundation

/// Copies a folder's tree into an empty folder, sharing what earlier copies hold: a file that one
/// of the reference trees has at the same path, as a regular file of the same size and
/// modification time, becomes a hard link to that file; any other is copied, keeping its
/// modification time. A new release of a site so stores only the files that changed, as rsync's
/// `-t --link-dest` would make it, without rsync's walk of each path a component at a time for
/// every look and every write: a release of 11,000 files took rsync 3.3 to 3.8 s, nearly all of it
/// in the kernel, where a push to such a preview now goes live in 0.65 s in all, its build included.
///
/// A link in the tree is copied as a link (with its time) when rsync's `--safe-links` would keep
/// it since version 3.4 (see ``staysInside(_:depth:)``), so that no chain of links can lead out
/// of the tree either. Others are left out, as
/// are devices, pipes and sockets. Nothing is followed through a link: every tree is read a folder
/// at a time through ``ContainedFolder``, and a file is linked only once it is found, by its
/// inode, to be the regular file that was looked at.
package struct LinkingCopy: Sendable {
    /// What a copy did with the entries of the tree.
    package struct Tally: Sendable, Equatable {
        /// Files that became links to a reference's file.
        package var linked = 0
        /// Files copied.
        package var copied = 0
        /// Links copied as links.
        package var links = 0
        /// Entries left out: links that point outside the tree, devices, pipes, sockets.
        package var leftOut = 0

        package init(linked: Int = 0, copied: Int = 0, links: Int = 0, leftOut: Int = 0) {
            self.linked = linked
            self.copied = copied
            self.links = links
            self.leftOut = leftOut
        }

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(linked: a.linked + b.linked, copied: a.copied + b.copied, links: a.links + b.links, leftOut: a.leftOut + b.leftOut)
        }
    }

    package init() {}

    /// Copies everything below `source` into `target`, which is empty, linking each file from
    /// the first of `references` that holds it alike. Nil when `stopped` said so (it is asked
    /// before each entry): what was made by then stays, for the caller to remove.
    package func copy(_ source: ContainedFolder, into target: ContainedFolder, references: [ContainedFolder],
                      stopped: @Sendable () -> Bool = { false }) throws(FileSystemError) -> Tally? {
        var tally = Tally()
        // A level of the tree at a time, its folders on every core: a blog's output holds a
        // folder for each post, and each level's folders are made by the level above.
        var level = [""]
        while !level.isEmpty {
            let done = Parallel.map(level, inRuns: true) { relative -> Result<(folders: [String], tally: Tally)?, FileSystemError> in
                Result { () throws(FileSystemError) in try copyFolder(relative, source, target, references, stopped: stopped) }
            }
            var next: [String] = []
            for result in done {
                guard let (folders, made) = try result.get() else { return nil }
                next += folders
                tally = tally + made
            }
            level = next
        }
        return tally
    }

    /// Copies the entries of the folder `relative`, which `target` already has, and makes its
    /// folders there; returns their paths, to be filled next, or nil once `stopped`.
    private func copyFolder(_ relative: String, _ source: ContainedFolder, _ target: ContainedFolder, _ references: [ContainedFolder],
                            stopped: () -> Bool) throws(FileSystemError) -> (folders: [String], tally: Tally)? {
        let from = relative.isEmpty ? source : try source.folder(relative)
        let into = relative.isEmpty ? target : try target.folder(relative)
        // A reference without this folder has none of its files. Each is opened only once a
        // file is not found alike in the ones before it: the first (the site's own live release)
        // usually holds them all, and opening the others' folders cost two calls a folder each.
        var alike = References(references, at: relative)
        let entries = relative.isEmpty ? FolderEntries.read(descriptor: from.descriptor) : FolderEntries.read(fresh: from.descriptor)
        guard let entries else { throw from.failure("", errno, "cannot list the folder to copy") }
        let depth = relative.isEmpty ? 0 : relative.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        var folders: [String] = []
        var tally = Tally()
        for (name, type) in entries {
            if stopped() { return nil }
            // A folder is known by its entry; anything else is looked at.
            var info = stat()
            if type == UInt8(DT_DIR) {
                info.st_mode = S_IFDIR
            } else if fstatat(from.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 {
                // Gone since the folder was read: the tree is changing under the copy.
                throw from.failure(name, errno, "cannot copy")
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard mkdirat(into.descriptor, name, 0o755) == 0 else { throw into.failure(name, errno, "cannot create folder") }
                folders.append(relative.isEmpty ? name : relative + "/" + name)
            case S_IFREG:
                if alike.contains(where: { Self.link(name, info, from: $0, into: into) }) {
                    tally.linked += 1
                } else if try Self.copyFile(name, from: from, into: into) {
                    tally.copied += 1
                } else {
                    tally.leftOut += 1
                }
            case S_IFLNK:
                guard let pointee = Self.linkTarget(name, in: from) else { throw from.failure(name, errno, "cannot read the link") }
                guard Self.staysInside(pointee, depth: depth) else {
                    tally.leftOut += 1
                    continue
                }
                guard symlinkat(pointee, into.descriptor, name) == 0 else { throw into.failure(name, errno, "cannot create link") }
                var times = [info.accessTime, info.modificationTime]
                _ = utimensat(into.descriptor, name, &times, AT_SYMLINK_NOFOLLOW)
                tally.links += 1
            default:
                tally.leftOut += 1
            }
        }
        return (folders, tally)
    }

    /// Makes `name` in `into` a link to the file of that name in `reference`, when that is a
    /// regular file of `info`'s size and modification time. False when it is not, or no link can
    /// be made (another file system, too many links), or what the link named turned out not to
    /// be that file (replaced in between): nothing is left at `name` then.
    private static func link(_ name: String, _ info: stat, from reference: ContainedFolder, into: ContainedFolder) -> Bool {
        var found = stat()
        guard fstatat(reference.descriptor, name, &found, AT_SYMLINK_NOFOLLOW) == 0, found.st_mode & S_IFMT == S_IFREG,
            found.st_size == info.st_size, found.st_mtim.tv_sec == info.st_mtim.tv_sec, found.st_mtim.tv_nsec == info.st_mtim.tv_nsec,
            linkat(reference.descriptor, name, into.descriptor, name, 0) == 0
        else { return false }
        var linked = stat()
        if fstatat(into.descriptor, name, &linked, AT_SYMLINK_NOFOLLOW) == 0, linked.st_mode & S_IFMT == S_IFREG,
            linked.st_ino == found.st_ino, linked.st_dev == found.st_dev
        {
            return true
        }
        unlinkat(into.descriptor, name, 0)
        return false
    }

    /// Copies the regular file `name` of `from` into `into`, with the times of the file opened;
    /// false when it is no regular file once open (replaced in between), and nothing is copied.
    private static func copyFile(_ name: String, from: ContainedFolder, into: ContainedFolder) throws(FileSystemError) -> Bool {
        // Not waiting on a pipe put in the file's place: what is read is what was opened.
        let file = from.open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { throw from.failure(name, errno, "cannot read the file to copy") }
        defer { close(file) }
        var opened = stat()
        guard fstat(file, &opened) == 0 else { throw from.failure(name, errno, "cannot read the file to copy") }
        guard opened.st_mode & S_IFMT == S_IFREG else { return false }
        try into.copy(from: file, to: name, times: opened)
        return true
    }

    /// What the link `name` in `folder` points at; nil when it cannot be read.
    private static func linkTarget(_ name: String, in folder: ContainedFolder) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder.descriptor, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a link `depth` folders below the top of the tree, pointing at `pointee`, is kept,
    /// as rsync 3.4 and later keep it: a relative path whose `..` all come first, climbing no
    /// higher than the top, and which does not end in `/..`. A `..` after a name could undo a
    /// name that is itself a link (`top/a/top/../../outside` where `top` points at the top), so
    /// none is trusted there; a chain of links each kept this way stays inside the tree.
    static func staysInside(_ pointee: String, depth: Int) -> Bool {
        guard !pointee.isEmpty, !pointee.hasPrefix("/"), !pointee.hasSuffix("/..") else { return false }
        let parts = pointee.split(separator: "/")
        let climbs = parts.prefix { $0 == ".." }.count
        return climbs <= depth && !parts.dropFirst(climbs).contains("..")
    }
}

extension LinkingCopy {
    /// The folder at one path of each reference tree, opened when first asked for.
    private struct References {
        private let trees: [ContainedFolder]
        private let relative: String
        /// The folders opened so far, in order; nil for a tree without the folder.
        private var opened: [ContainedFolder?] = []

        init(_ trees: [ContainedFolder], at relative: String) {
            self.trees = trees
            self.relative = relative
        }

        /// Whether `body` holds for some reference's folder, asked in order: those after the
        /// first for which it does are not opened.
        mutating func contains(where body: (ContainedFolder) -> Bool) -> Bool {
            for index in trees.indices {
                if index == opened.count { opened.append(relative.isEmpty ? trees[index] : try? trees[index].folder(relative)) }
                if let folder = opened[index], body(folder) { return true }
            }
            return false
        }
    }
}
