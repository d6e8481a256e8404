import Foundation

/// A destination folder on this machine.
public struct LocalDestination: Destination {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var description: String { root.path }

    private func url(_ path: String) -> URL { path.isEmpty ? root : root.appending(path: path) }

    public func read(_ path: String) throws -> Data? {
        FileManager.default.contents(atPath: url(path).path)
    }

    public func write(_ path: String, _ data: Data) throws {
        let target = url(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: .atomic)
    }

    public func list(_ path: String) throws -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url(path).path)) ?? []
    }

    public func linkTarget(_ path: String) throws -> String? {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK else {
            throw DeployError("\(url(path).path) is a real \(info.st_mode & S_IFMT == S_IFDIR ? "folder" : "file"), not a preview Galley made; move it away first")
        }
        return try FileManager.default.destinationOfSymbolicLink(atPath: url(path).path)
    }

    public func link(_ path: String, to target: String) throws {
        let final = url(path)
        let temporary = final.deletingLastPathComponent().appending(path: ".\(final.lastPathComponent).link-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: final.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard symlink(target, temporary.path) == 0 else { throw DeployError("cannot create a link at \(temporary.path): \(String(cString: strerror(errno)))") }
        // rename(2) over an existing symlink replaces it atomically.
        guard Foundation.rename(temporary.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw DeployError("cannot switch \(final.path): \(reason)")
        }
    }

    public func remove(_ path: String) throws {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { return }
        try FileManager.default.removeItem(at: url(path))
    }

    public func makeDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(at: url(path), withIntermediateDirectories: true)
    }

    public func rename(_ from: String, to: String) throws {
        guard Foundation.rename(url(from).path, url(to).path) == 0 else {
            throw DeployError("cannot rename \(url(from).path) to \(url(to).path): \(String(cString: strerror(errno)))")
        }
    }

    public func createExclusively(_ path: String) throws -> Bool {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        if mkdir(url(path).path, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        throw DeployError("cannot create \(url(path).path): \(String(cString: strerror(errno)))")
    }

    public func age(_ path: String) throws -> TimeInterval? {
        var info = stat()
        guard lstat(url(path).path, &info) == 0 else { return nil }
        return Date().timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec)
    }

    public func transfer(_ source: URL, to path: String, linkDest: String?, checksum: Bool) throws {
        try makeDirectory(path)
        try Rsync.run(source: source, destination: url(path).path + "/", linkDest: linkDest, checksum: checksum, ssh: nil)
    }
}
