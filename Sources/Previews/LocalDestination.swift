import Blocking
import FileSystem
import Foundation

/// A destination folder on this machine.
package struct LocalDestination: Destination {
    package let root: URL

    package init(root: URL) {
        self.root = root.standardizedFileURL
    }

    package var description: String { root.path }

    private func url(_ path: String) -> URL { path.isEmpty ? root : root.appending(path: path) }

    package func read(_ path: String) async throws -> Data? {
        FileManager.default.contents(atPath: url(path).path)
    }

    package func write(_ path: String, _ data: Data) async throws {
        let target = url(path)
        try FolderPath.make(target.deletingLastPathComponent().path)
        try data.write(to: target, options: .atomic)
    }

    package func isFolder() async throws -> Bool {
        var info = stat()
        return stat(root.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    package func list(_ path: String) async throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url(path).path)) ?? []
    }

    package func linkTarget(_ path: String) async throws -> String? {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            throw DeployError("\(url(path).path) is a real \(info.st_mode & S_IFMT == S_IFDIR ? "folder" : "file"), not a preview Galley made; move it away first")
        }
        return try FileManager.default.destinationOfSymbolicLink(atPath: url(path).path)
    }

    package func link(_ path: String, to target: String) async throws {
        let final = url(path)
        let temporary = final.deletingLastPathComponent().appending(path: ".\(final.lastPathComponent).link-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FolderPath.make(final.deletingLastPathComponent().path)
        guard symlink(target, temporary.path) == 0 else { throw DeployError("cannot create a link at \(temporary.path): \(FileSystemError.explain(errno))") }
        // rename(2) over an existing symlink replaces it atomically.
        guard Foundation.rename(temporary.path, final.path) == 0 else {
            let reason = FileSystemError.explain(errno)
            unlink(temporary.path)
            throw DeployError("cannot switch \(final.path): \(reason)")
        }
    }

    package func remove(_ path: String) async throws {
        let target = url(path)
        try await BlockingPool.shared.run {
            var info = stat()
            guard lstat(target.path, &info) == 0 else { return }
            try FileManager.default.removeItem(at: target)
        }
    }

    package func makeDirectory(_ path: String) async throws {
        try FolderPath.make(url(path).path)
    }

    package func rename(_ from: String, to: String) async throws {
        guard Foundation.rename(url(from).path, url(to).path) == 0 else {
            throw DeployError("cannot rename \(url(from).path) to \(url(to).path): \(FileSystemError.explain(errno))")
        }
    }

    package func withLock<T: Sendable>(_ path: String, holder: LockHolder, waiting: @escaping @Sendable (String) -> Void,
                                      _ body: () async throws -> T) async throws -> T {
        let descriptor = try await take(path, holder: holder, waiting: waiting)
        defer {
            ftruncate(descriptor, 0)  // nobody holds it now
            close(descriptor)
        }
        return try await body()
    }

    /// Opens the lock file and waits until this process holds its `flock`; the open file holds it.
    private func take(_ path: String, holder: LockHolder, waiting: @escaping @Sendable (String) -> Void) async throws -> Int32 {
        let file = url(path)
        try FolderPath.make(file.deletingLastPathComponent().path)
        // Close-on-exec, so that no rsync or ssh started while it is held keeps the lock alive.
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DeployError("cannot open the lock \(file.path): \(FileSystemError.explain(errno))") }
        var wait = LockWait(report: waiting)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                close(descriptor)
                throw DeployError("cannot lock \(file.path): \(FileSystemError.explain(reason))")
            }
            wait.blocked(by: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
            do {
                try await Task.sleep(for: .seconds(wait.nextDelay()))
            } catch {
                close(descriptor)
                throw error
            }
        }
        let line = Data((holder.line + "\n").utf8)
        ftruncate(descriptor, 0)
        _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return descriptor
    }

    package func removeAll(matching patterns: [String]) async throws {
        let root = url("").path
        try await BlockingPool.shared.run {
            for pattern in patterns {
                var found = glob_t()
                defer { globfree(&found) }
                guard glob(root + "/" + pattern, 0, nil, &found) == 0 else { continue }
                for index in 0..<Int(found.gl_pathc) {
                    guard let path = found.gl_pathv[index].map({ String(cString: $0) }) else { continue }
                    try FileManager.default.removeItem(atPath: path)
                }
            }
        }
    }

    /// Copied by Galley itself (``LinkingCopy``), not by rsync, which on one machine walks every
    /// path a folder at a time for each look and each write: a release of 11,000 files took it
    /// 3.5 s. `path` is made anew, empty, below the destination's folder and never through a
    /// link planted on the way; so are the `linkDests` reached, and those missing passed over.
    /// `checksum` changes nothing here: a file of another time is copied whatever its bytes, as
    /// `rsync -t` copies it, and on one machine there is nothing to spare sending.
    package func transfer(_ source: URL, to path: String, linkDests: [String], checksum: Bool) async throws {
        let root = self.root.path
        let stop = Locked(false)
        let tally = try await withTaskCancellationHandler {
            try await BlockingPool.shared.run { () throws(DeployError) -> LinkingCopy.Tally? in
                do throws(FileSystemError) {
                    try FolderPath.make(root)
                    // The destination is the user's choice of place, named as they wrote it;
                    // below it, every folder is Galley's and no link is followed.
                    let destination = try ContainedFolder(opening: root, followingLink: true)
                    try destination.removeAll(path)
                    var made = ""
                    for name in path.split(separator: "/") {
                        made += (made.isEmpty ? "" : "/") + name
                        try destination.makeFolder(made)
                    }
                    let into = try destination.folder(path)
                    let alike = linkDests.compactMap { reference -> ContainedFolder? in
                        // As rsync reads them: relative to the folder written.
                        guard !reference.hasPrefix("/") else { return try? ContainedFolder(opening: reference) }
                        guard let inside = Self.below(path, reference) else { return nil }
                        return try? destination.folder(inside)
                    }
                    let from = try ContainedFolder(opening: source.standardizedFileURL.path, followingLink: true)
                    return try LinkingCopy().copy(from, into: into, references: alike) { stop.withLock { $0 } }
                } catch {
                    throw DeployError("cannot copy \(source.path) into \(root)/\(path): \(error.path): \(error.message)")
                }
            }
        } onCancel: {
            stop.withLock { $0 = true }
        }
        if tally == nil { throw CancellationError() }
    }

    /// The path below the destination that `reference`, relative to the folder `path`, names;
    /// nil when it climbs out of the destination.
    static func below(_ path: String, _ reference: String) -> String? {
        var parts: [Substring] = path.split(separator: "/")
        for part in reference.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    package func sharedPath(of relative: String, in other: any Destination) async -> String? {
        guard let other = other as? LocalDestination else { return nil }
        var mine = stat(), theirs = stat()
        guard stat(root.path, &mine) == 0, stat(other.url(relative).path, &theirs) == 0, mine.st_dev == theirs.st_dev else { return nil }
        return other.url(relative).path
    }

    package func storedFiles(under paths: [String]) async throws -> [StoredFile] {
        let folders = paths.map { url($0).path }
        return await BlockingPool.shared.run {
            var files: [StoredFile] = []
            for folder in folders {
                guard let walk = FileManager.default.enumerator(atPath: folder) else { continue }
                while let name = walk.nextObject() as? String {
                    var info = stat()
                    guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                    files.append(StoredFile(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), links: Int(info.st_nlink),
                                            bytes: Int64(info.st_blocks) * 512))
                }
            }
            return files
        }
    }
}
