import Foundation

/// Writes an ``OutputTree`` to a folder so that readers never see half a site and a failed build
/// loses nothing.
///
/// Beside the output folder `OUT` lives a spare, `.OUT.galley-spare`, holding an earlier build.
/// Each build brings the spare up to date (writing only files whose bytes changed, hard-linking
/// files that did not from the live folder, deleting what is gone) and then exchanges the two
/// folders in one atomic `renameat2(RENAME_EXCHANGE)`. A file whose bytes did not change keeps its
/// inode and modification time, so rsync and browsers see it as unchanged; an unchanged blog
/// costs a comparison per file and no writes. Files in the spare are never written in place (they
/// may be links to live files): new content goes to a temporary file renamed over the old one.
public struct OutputWriter: Sendable {
    /// What a write did.
    public struct Report: Sendable {
        /// Files whose bytes are new or changed.
        public var written: Int
        /// Files identical to the previous build's.
        public var unchanged: Int
    }

    /// The folder to replace.
    public let destination: URL

    /// Where the writer keeps its ``SpareRecord``, if anywhere.
    var record: URL?

    /// A writer for `destination`.
    public init(destination: URL) {
        self.destination = destination.standardizedFileURL
    }

    /// The spare folder beside the destination.
    public var spare: URL {
        destination.deletingLastPathComponent().appending(path: ".\(destination.lastPathComponent).galley-spare")
    }

    /// Writes `tree`, reading `.source` files from `source`, then swaps the result in.
    public func write(_ tree: OutputTree, from source: any SourceTree) throws -> Report {
        try finish(begin(), tree, from: source)
    }

    /// Readies the spare folder, after making sure the destination may be replaced, for pages
    /// to be put there while the build is still rendering.
    func begin() throws -> OutputSession {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try checkDestination()
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: spare.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            try fileManager.removeItem(at: spare)
        }
        var madeSpare = false
        if !fileManager.fileExists(atPath: spare.path) {
            try fileManager.createDirectory(at: spare, withIntermediateDirectories: true)
            madeSpare = true
        }
        // Whatever happens next, the record no longer describes the spare.
        let saved = record.flatMap(SpareRecord.load(from:))
        if let record { try? fileManager.removeItem(at: record) }
        if let saved, SpareRecord.inode(destination.path) == saved.live, SpareRecord.inode(spare.path) == saved.spare {
            let session = OutputSession(spare: spare.path, live: destination.path, synced: Set(saved.files))
            try session.sync(saved.changed)
            return session
        }
        return OutputSession(spare: spare.path, live: destination.path, startedEmpty: madeSpare)
    }

    /// Completes the spare with the rest of `tree` and swaps it in; when nothing differs from
    /// the live folder, touches nothing at all.
    func finish(_ session: OutputSession, _ tree: OutputTree, from source: any SourceTree) throws -> Report {
        let (written, same) = try session.outcome()
        if written.isEmpty, try isUpToDate(tree, from: source, knownSame: same, liveFiles: session.synced) {
            if let record, session.synced != nil, let live = SpareRecord.inode(destination.path), let spare = SpareRecord.inode(spare.path) {
                // The spare was brought up to date before rendering and nothing was written since.
                try? SpareRecord(live: live, spare: spare, changed: [], files: Array(tree.files.keys)).save(to: record)
            }
            return Report(written: 0, unchanged: tree.files.count)
        }
        let (report, changed) = if let files = session.synced {
            try updateSynced(spare.path, to: tree, from: source, session: session, written: written, previousFiles: files)
        } else {
            try update(spare.path, to: tree, from: source, written: written, session: session)
        }
        try swap()
        if let record, let changed, let live = SpareRecord.inode(destination.path), let spare = SpareRecord.inode(spare.path) {
            try? SpareRecord(live: live, spare: spare, changed: changed, files: Array(tree.files.keys)).save(to: record)
        }
        return report
    }

    /// Completes a spare that ``begin()`` made the same as the live folder: only what this
    /// build changed is touched. Returns the report and the paths that now differ from live.
    private func updateSynced(_ root: String, to tree: OutputTree, from source: any SourceTree, session: OutputSession,
                              written: Set<String>, previousFiles: Set<String>) throws -> (Report, [String]?) {
        let (report, changed) = try complete(root, tree, from: source, written: written, synced: (session, previousFiles))
        return (report, changed + Self.remove(previousFiles, notIn: tree, below: root))
    }

    /// Removes the files of `paths` that `tree` no longer has from the folder at `root`, and then
    /// any folder they leave empty. Returns what was removed.
    private static func remove(_ paths: Set<String>, notIn tree: OutputTree, below root: String) -> [String] {
        var removed: [String] = []
        for path in paths where tree.files[path] == nil {
            unlink(root + "/" + path)
            removed.append(path)
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard rmdir(root + "/" + folder) == 0 else { break }
                removed.append(folder)
            }
        }
        return removed
    }

    /// Puts every file of `tree` not yet in the spare at `root` there, on every core: a link to
    /// the live file where the bytes are the same, new bytes otherwise. With `synced` (the
    /// session that brought the spare up to date, and the files it then held), files the spare
    /// already holds are left alone and missing folders are made on the way; without it, every
    /// folder must already exist. Returns the report and the paths written.
    private func complete(_ root: String, _ tree: OutputTree, from source: any SourceTree, written: Set<String>,
                          synced: (session: OutputSession, previousFiles: Set<String>)?) throws -> (Report, [String]) {
        let live = destination.path
        let paths = Array(tree.files.keys)
        let results = Parallel.map(paths) { path -> Result<Bool, Error> in
            Result {
                let target = root + "/" + path, livePath = live + "/" + path
                let bytes: Data
                switch tree.files[path]!.content {
                case .written:
                    if written.contains(path) { return false }
                    // Unchanged; a synced spare holds the live file already. The record says
                    // so, and a folder's record is trusted only while both inodes match it.
                    if let synced, synced.previousFiles.contains(path) { return true }
                    try synced?.session.parents(of: path)
                    // The page was dropped once found the same as the live file.
                    try Self.mirror(livePath, at: target)
                    return true
                case .keep(let render):
                    if let synced, synced.previousFiles.contains(path) { return true }
                    try synced?.session.parents(of: path)
                    if try Self.keep(at: target, live: livePath) { return true }
                    bytes = Data(render().utf8)
                case let content:
                    bytes = try Self.bytes(of: content, from: source)!
                }
                try synced?.session.parents(of: path)
                return try Self.place(bytes, at: target, live: livePath)
            }
        }
        var report = Report(written: 0, unchanged: 0)
        var changed: [String] = []
        for (path, result) in zip(paths, results) {
            if try result.get() { report.unchanged += 1 } else {
                report.written += 1
                changed.append(path)
            }
        }
        return (report, changed)
    }

    /// The bytes of a file whose content the tree holds or names; nil for pages (kept or
    /// already written) whose bytes are elsewhere.
    private static func bytes(of content: OutputTree.Content, from source: any SourceTree) throws -> Data? {
        switch content {
        case .keep, .written: return nil
        case .text(let text): return Data(text.utf8)
        case .data(let data): return data
        case .source(let sourcePath):
            do {
                return try source.contents(of: sourcePath)
            } catch {
                throw OutputError(path: sourcePath, message: "cannot read: \(SourceTreeError.describe(error))")
            }
        }
    }

    /// Refuses to replace a folder that holds something other than a built site.
    private func checkDestination() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw OutputError(path: destination.path, message: "exists and is not a folder")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        let looksBuilt = entries.isEmpty || entries.contains("index.html") || entries.contains("404.html")
        let looksLikeSource = entries.contains(SiteConfig.fileName) || entries.contains(".git")
        guard looksBuilt && !looksLikeSource else {
            throw OutputError(path: destination.path, message:
                "is not empty and does not look like a site Galley built; refusing to replace it (choose another -o folder or remove it)")
        }
    }

    /// Whether the live folder already holds exactly `tree`, so that nothing need be touched: the
    /// usual case for a rebuild after an edit that changed no output, or no edit at all.
    /// `liveFiles` is what the live folder holds by the spare record, when one was trusted.
    private func isUpToDate(_ tree: OutputTree, from source: any SourceTree, knownSame: Set<String>, liveFiles: Set<String>?) throws -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        let live = destination.path
        // Cheap checks first: every page the cache kept must still be there.
        for (path, file) in tree.files {
            if case .keep = file.content, FileStamp.of(live + "/" + path) == nil { return false }
            if case .written = file.content, !knownSame.contains(path) { return false }
        }
        // The record names every live file; without one the folder is listed, which for a big
        // blog costs more than the rest of this check.
        guard (liveFiles ?? TreeListing(root: live).files) == Set(tree.files.keys) else { return false }
        for (path, file) in tree.files {
            switch file.content {
            case .keep, .written: continue
            default:
                // A source that cannot be read is not up to date; the write that follows says why.
                guard let bytes = try? Self.bytes(of: file.content, from: source), Self.liveHolds(bytes, live + "/" + path) != nil else {
                    return false
                }
            }
        }
        return true
    }

    /// Makes the folder at `root` hold exactly `tree`, comparing against the live destination.
    private func update(_ root: String, to tree: OutputTree, from source: any SourceTree, written: Set<String>,
                        session: OutputSession) throws -> (Report, [String]?) {
        // What the live folder holds, to know afterwards how the two folders differ; only worth
        // listing when a record will be kept, and there is nothing to list on a first build.
        let liveListing = record != nil && SpareRecord.inode(destination.path) != nil ? TreeListing(root: destination.path) : nil
        func changed(_ written: [String], wanted: (String) -> Bool) -> [String]? {
            guard let liveListing else { return nil }
            return written + liveListing.files.filter { tree.files[$0] == nil } + liveListing.folders.filter { !wanted($0) }
        }
        if session.startedEmpty {
            // A spare made empty by this build holds only the pages the session put there, in
            // the folders they needed: nothing to list, and (short of a page the tree has since
            // dropped) nothing to remove. The other files make their folders on the way, through
            // the session that knows which exist, as for a synced spare.
            _ = Self.remove(written, notIn: tree, below: root)
            let (report, paths) = try complete(root, tree, from: source, written: written, synced: (session, []))
            guard liveListing != nil else { return (report, nil) }
            let wanted = Self.folders(of: tree)
            return (report, changed(paths) { wanted.contains($0) })
        }
        let existing = TreeListing(root: root)
        let wanted = Self.folders(of: tree)
        // What the new build no longer has goes first, so a file can become a folder and back.
        for path in existing.files where tree.files[path] == nil {
            unlink(root + "/" + path)
        }
        for folder in existing.folders.reversed() where !wanted.contains(folder) {
            let path = root + "/" + folder
            if rmdir(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
        }
        let present = Set(existing.folders)
        for folder in wanted.sorted() where !present.contains(folder) {
            let path = root + "/" + folder
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { unlink(path) }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw OutputError(path: path, message: "cannot create folder: \(String(cString: strerror(errno)))")
            }
        }

        let (report, written) = try complete(root, tree, from: source, written: written, synced: nil)
        return (report, changed(written) { wanted.contains($0) })
    }

    /// Every folder the files of `tree` are in.
    private static func folders(of tree: OutputTree) -> Set<String> {
        var wanted = Set<String>()
        for path in tree.files.keys {
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard wanted.insert(folder).inserted else { break }
            }
        }
        return wanted
    }

    /// Puts `bytes` at `target` in the spare. Returns whether the live file already held them.
    static func place(_ bytes: Data, at target: String, live: String) throws -> Bool {
        if let liveInfo = liveHolds(bytes, live) {
            if try link(live, liveInfo, into: target) { return true }
            // Across file systems a link is impossible; a copy that keeps the time does as well.
            try copy(live, to: target)
            return true
        }
        try replace(target, with: bytes)
        return false
    }

    /// What `lstat` says of the live file at `live` when it is a regular file holding exactly `bytes`.
    static func liveHolds(_ bytes: some ContiguousBytes, _ live: String) -> stat? {
        var info = stat()
        guard lstat(live, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.withUnsafeBytes(\.count),
            FileBytes.equal(live, bytes)
        else { return nil }
        return info
    }

    /// Makes the spare hold the live file at `live` as it is: a link, or a copy (time and all)
    /// where no link can be made. Throws when there is no live file to hold.
    static func mirror(_ live: String, at target: String) throws {
        if try !keep(at: target, live: live) { try copy(live, to: target) }
    }

    /// Makes the spare hold the live file at `live` as it is. False when there is no live file.
    static func keep(at target: String, live: String) throws -> Bool {
        var liveInfo = stat()
        guard lstat(live, &liveInfo) == 0, liveInfo.st_mode & S_IFMT == S_IFREG else { return false }
        return try link(live, liveInfo, into: target)
    }

    /// Makes `target` the live file itself (same inode, same time), unless it already is.
    /// False when no link can be made, as across file systems.
    private static func link(_ live: String, _ liveInfo: stat, into target: String) throws -> Bool {
        var targetInfo = stat()
        if lstat(target, &targetInfo) == 0, targetInfo.st_ino == liveInfo.st_ino, targetInfo.st_dev == liveInfo.st_dev { return true }
        let temporary = target + ".galley-tmp"
        unlink(temporary)
        guard Foundation.link(live, temporary) == 0 else { return false }
        try rename(temporary, over: target)
        return true
    }

    /// Writes a new file and renames it over `path`, never writing into a file that may be shared;
    /// where nothing is yet, it writes in place.
    static func replace(_ path: String, with bytes: some ContiguousBytes) throws {
        var info = stat()
        if lstat(path, &info) != 0 {
            return try FileBytes.write(bytes, to: path)
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            try FileManager.default.removeItem(atPath: path)
            return try FileBytes.write(bytes, to: path)
        }
        let temporary = path + ".galley-tmp"
        unlink(temporary)
        try FileBytes.write(bytes, to: temporary)
        try rename(temporary, over: path)
    }

    /// Copies the live file, time and all, where no link can be made (as across file systems).
    private static func copy(_ live: String, to target: String) throws {
        guard let bytes = FileManager.default.contents(atPath: live) else {
            throw OutputError(path: live, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        var liveInfo = stat()
        _ = lstat(live, &liveInfo)
        try replace(target, with: bytes)
        var times = [timespec(tv_sec: liveInfo.st_atim.tv_sec, tv_nsec: liveInfo.st_atim.tv_nsec),
                     timespec(tv_sec: liveInfo.st_mtim.tv_sec, tv_nsec: liveInfo.st_mtim.tv_nsec)]
        _ = utimensat(AT_FDCWD, target, &times, 0)
    }

    private static func rename(_ temporary: String, over path: String) throws {
        guard Foundation.rename(temporary, path) == 0 else {
            throw OutputError(path: path, message: "cannot replace: \(String(cString: strerror(errno)))")
        }
    }

    /// Exchanges the spare and the destination, in one atomic step where the kernel allows it.
    private func swap() throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: destination.path) else {
            try fileManager.moveItem(at: spare, to: destination)
            return
        }
        if AtomicRename.exchange(spare.path, destination.path) { return }
        let retired = destination.deletingLastPathComponent().appending(path: ".\(destination.lastPathComponent).galley-old-\(getpid())")
        try fileManager.moveItem(at: destination, to: retired)
        do {
            try fileManager.moveItem(at: spare, to: destination)
        } catch {
            try? fileManager.moveItem(at: retired, to: destination)
            throw error
        }
        try? fileManager.removeItem(at: spare)
        try fileManager.moveItem(at: retired, to: spare)
    }
}

/// A problem writing the output folder.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
