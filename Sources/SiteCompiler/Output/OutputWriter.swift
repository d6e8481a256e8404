import Foundation

/// Writes an ``OutputTree`` to a folder so that readers never see half a site and a failed build
/// loses nothing: everything goes into a new folder beside the old one, which is swapped in at the
/// end. A file whose bytes did not change is hard-linked from the previous build, keeping its
/// modification time, so rsync and browsers see it as unchanged.
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

    /// A writer for `destination`.
    public init(destination: URL) {
        self.destination = destination.standardizedFileURL
    }

    /// Writes `tree`, reading `.source` files from `source`, then swaps the result in.
    public func write(_ tree: OutputTree, from source: any SourceTree) throws -> Report {
        let fileManager = FileManager.default
        let parent = destination.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        try checkDestination()

        let staging = parent.appending(path: ".\(destination.lastPathComponent).galley-new-\(getpid())")
        try? fileManager.removeItem(at: staging)
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            let report = try fill(staging, with: tree, from: source)
            try swap(in: staging)
            return report
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
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

    private func fill(_ staging: URL, with tree: OutputTree, from source: any SourceTree) throws -> Report {
        let paths = tree.files.keys.sorted()
        var folders = Set<String>()
        for path in paths {
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard folders.insert(folder).inserted else { break }
            }
        }
        for folder in folders.sorted() {
            try FileManager.default.createDirectory(at: staging.appending(path: folder), withIntermediateDirectories: true)
        }

        let destination = destination
        let results = Parallel.map(paths) { path -> Result<Bool, Error> in
            Result {
                let file = tree.files[path]!
                let bytes: Data
                switch file.content {
                case .text(let text): bytes = Data(text.utf8)
                case .data(let data): bytes = data
                case .source(let sourcePath):
                    do {
                        bytes = try source.contents(of: sourcePath)
                    } catch {
                        throw OutputError(path: sourcePath, message: "cannot read: \(SourceTreeError.describe(error))")
                    }
                }
                return try Self.place(bytes, at: staging.appending(path: path), previous: destination.appending(path: path))
            }
        }
        var report = Report(written: 0, unchanged: 0)
        for result in results {
            if try result.get() { report.unchanged += 1 } else { report.written += 1 }
        }
        return report
    }

    /// Writes `bytes` at `target`, or links the previous build's identical file there.
    /// Returns whether the file was unchanged.
    private static func place(_ bytes: Data, at target: URL, previous: URL) throws -> Bool {
        var info = stat()
        if lstat(previous.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count,
            let old = FileManager.default.contents(atPath: previous.path), old == bytes
        {
            if link(previous.path, target.path) == 0 { return true }
            // Across file systems a link is impossible; a copy that keeps the time does as well.
            try bytes.write(to: target)
            var times = [timespec(tv_sec: info.st_atim.tv_sec, tv_nsec: info.st_atim.tv_nsec),
                         timespec(tv_sec: info.st_mtim.tv_sec, tv_nsec: info.st_mtim.tv_nsec)]
            _ = utimensat(AT_FDCWD, target.path, &times, 0)
            return true
        }
        do {
            try bytes.write(to: target)
        } catch {
            throw OutputError(path: target.path, message: "cannot write: \(SourceTreeError.describe(error))")
        }
        return false
    }

    /// Puts `staging` where `destination` is, in one atomic exchange where the kernel allows it.
    private func swap(in staging: URL) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: destination.path) else {
            try fileManager.moveItem(at: staging, to: destination)
            return
        }
        if AtomicRename.exchange(staging.path, destination.path) {
            try? fileManager.removeItem(at: staging)
            return
        }
        let retired = destination.deletingLastPathComponent().appending(path: ".\(destination.lastPathComponent).galley-old-\(getpid())")
        try? fileManager.removeItem(at: retired)
        try fileManager.moveItem(at: destination, to: retired)
        do {
            try fileManager.moveItem(at: staging, to: destination)
        } catch {
            try? fileManager.moveItem(at: retired, to: destination)
            throw error
        }
        try? fileManager.removeItem(at: retired)
    }
}

/// A problem writing the output folder.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}
