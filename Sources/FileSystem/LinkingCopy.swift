import Foundation

/// Copies a folder's tree into an empty folder, sharing what earlier copies hold: a file that one
/// of the reference trees has at the same path, as a regular file of the same size and
/// modification time (and, when told, the same bytes), becomes a hard link to that file; any
/// other is copied, keeping its modification time. A new release of a site so stores only the
/// files that changed, as rsync's `--link-dest` would make it, without rsync's walk of each path
/// a component at a time for every look and every write: a release of 11,000 files took rsync
/// about 3.5 s, nearly all of it in the kernel, and takes this a tenth of a second or two.
///
/// A link in the tree is copied as a link when it points inside the tree, and left out when it
/// points above it or at an absolute path (rsync's `--safe-links`); devices, pipes and sockets
/// are left out. Nothing is followed through a link: every tree is read a folder at a time
/// through ``ContainedFolder``.
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
    }

    /// Whether a reference's file must also hold the same bytes to be linked, not only have the
    /// same size and time: for trees whose times say nothing yet (a first copy).
    package let compareBytes: Bool

    package init(compareBytes: Bool = false) {
        self.compareBytes = compareBytes
    }

    /// Copies everything below `source` into `target`, which is empty, linking each file from
    /// the first of `references` that holds it alike. Nil when `stopped` said so (it is asked
    /// for every folder): what was made by then stays, for the caller to remove.
    package func copy(_ source: ContainedFolder, into target: ContainedFolder, references: [ContainedFolder],
                      stopped: @Sendable () -> Bool = { false }) throws(FileSystemError) -> Tally? {
        var tally = Tally()
        // A level of the tree at a time, its folders on every core: a blog's output holds a
        // folder for each post, and each level's folders are made by the level above.
        var level = [""]
        while !level.isEmpty {
            let done = Parallel.map(level, inRuns: true) { relative -> Result<(folders: [String], tally: Tally)?, FileSystemError> in
                if stopped() { return .success(nil) }
                return Result { () throws(FileSystemError) in try copyFolder(relative, source, target, references) }
            }
            var next: [String] = []
            for result in done {
                guard let (folders, made) = try result.get() else { return nil }
                next += folders
                tally.linked += made.linked
                tally.copied += made.copied
                tally.links += made.links
                tally.leftOut += made.leftOut
            }
            level = next
        }
        return tally
    }

    /// Copies the entries of the folder `relative`, which `target` already has, and makes its
    /// folders there; returns their paths, to be filled next.
    private func copyFolder(_ relative: String, _ source: ContainedFolder, _ target: ContainedFolder,
                            _ references: [ContainedFolder]) throws(FileSystemError) -> (folders: [String], tally: Tally) {
        let from = relative.isEmpty ? source : try source.folder(relative)
        let into = relative.isEmpty ? target : try target.folder(relative)
        // A reference without this folder has none of its files.
        let alike = relative.isEmpty ? references : references.compactMap { try? $0.folder(relative) }
        let entries = relative.isEmpty ? Optional(from.entries()) : FolderEntries.read(fresh: from.descriptor)
        guard let entries else { throw from.failure("", errno, "cannot list the folder to copy") }
        let depth = relative.isEmpty ? 0 : relative.utf8.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        var folders: [String] = []
        var tally = Tally()
        for (name, type) in entries {
            // A folder is known by its entry; a file's size and time are needed anyway.
            var info = stat()
            if type != UInt8(DT_DIR) {
                guard fstatat(from.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    // Gone since the folder was read: the tree is changing under the copy.
                    throw from.failure(name, errno, "cannot copy")
                }
            } else {
                info.st_mode = S_IFDIR
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard mkdirat(into.descriptor, name, 0o755) == 0 else { throw into.failure(name, errno, "cannot create folder") }
                folders.append(relative.isEmpty ? name : relative + "/" + name)
            case S_IFREG:
                if alike.contains(where: { link(name, info, from: from, reference: $0, into: into) }) {
                    tally.linked += 1
                } else {
                    let file = from.open(name, O_RDONLY | O_NOFOLLOW)
                    guard file >= 0 else { throw from.failure(name, errno, "cannot read the file to copy") }
                    defer { close(file) }
                    try into.copy(from: file, to: name, times: info)
                    tally.copied += 1
                }
            case S_IFLNK:
                guard let pointee = Self.linkTarget(name, in: from), Self.staysInside(pointee, depth: depth) else {
                    tally.leftOut += 1
                    continue
                }
                guard symlinkat(pointee, into.descriptor, name) == 0 else { throw into.failure(name, errno, "cannot create link") }
                tally.links += 1
            default:
                tally.leftOut += 1
            }
        }
        return (folders, tally)
    }

    /// Makes `name` in `into` a link to the file of that name in `reference`, when that is a
    /// regular file of `info`'s size and modification time (and bytes, when they are compared).
    /// False when it is not, or no link can be made (another file system, too many links).
    private func link(_ name: String, _ info: stat, from source: ContainedFolder, reference: ContainedFolder,
                      into: ContainedFolder) -> Bool {
        var other = stat()
        guard fstatat(reference.descriptor, name, &other, AT_SYMLINK_NOFOLLOW) == 0, other.st_mode & S_IFMT == S_IFREG,
            other.st_size == info.st_size, other.st_mtim.tv_sec == info.st_mtim.tv_sec, other.st_mtim.tv_nsec == info.st_mtim.tv_nsec
        else { return false }
        if compareBytes {
            guard let bytes = source.read(name), reference.holds(name, bytes) else { return false }
        }
        return linkat(reference.descriptor, name, into.descriptor, name, 0) == 0
    }

    /// What the link `name` in `folder` points at; nil when it cannot be read.
    private static func linkTarget(_ name: String, in folder: ContainedFolder) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder.descriptor, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a link `depth` folders below the top of the tree, pointing at `pointee`, points at
    /// something inside the tree: a relative path that never climbs above the top on its way.
    static func staysInside(_ pointee: String, depth: Int) -> Bool {
        guard !pointee.isEmpty, !pointee.hasPrefix("/") else { return false }
        var level = depth
        for part in pointee.split(separator: "/") where part != "." {
            if part == ".." {
                level -= 1
                if level < 0 { return false }
            } else {
                level += 1
            }
        }
        return true
    }
}
