import Foundation
import TestThreads
import Testing

/// Real git repositories for tests, driven by the `git` command: a bare "server" repository
/// and a working clone that commits and pushes to it.
final class GitFixture {
    let root: URL
    /// The bare repository pushes go to.
    let bare: URL
    /// A clone to write posts in.
    let work: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-git-\(UUID().uuidString)")
        bare = root.appending(path: "blog.git")
        work = root.appending(path: "work")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: root)
        try git(["init", "-q", "-b", "main", work.path], in: root)
        try git(["remote", "add", "origin", bare.path])
        try write("galley.yml", "title: Fixture Blog\nbase_url: https://blog.example.com/\n")
        try write("posts/2020-01-01-first.md", "---\ntitle: First\n---\nThe first post.\n")
        try commit("The blog")
        try git(["push", "-q", "origin", "main"])
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @discardableResult
    func git(_ arguments: [String], in directory: URL? = nil, input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Fixture", "-c", "user.email=fixture@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = directory ?? work
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitWithoutSpinning()
        guard process.terminationStatus == 0 else {
            throw FixtureError("git \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ path: String, _ text: String) throws {
        let url = work.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: work.appending(path: path))
    }

    @discardableResult
    func commit(_ message: String) throws -> String {
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", message])
        return try git(["rev-parse", "HEAD"])
    }

    /// Creates `branch` from main, lets `change` edit the work tree, commits and pushes it.
    @discardableResult
    func pushBranch(_ branch: String, from base: String = "main", _ change: () throws -> Void) throws -> String {
        try git(["checkout", "-q", "-B", branch, base])
        try change()
        let id = try commit("Work on \(branch)")
        try git(["push", "-q", "-f", "origin", branch])
        try git(["checkout", "-q", "main"])
        return id
    }

    func deleteBranch(_ branch: String) throws {
        try git(["push", "-q", "origin", "--delete", branch])
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A temporary folder that removes itself.
final class TemporaryFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "galley-tmp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appending(path: path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: url.appending(path: path).path)
    }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(url.appending(path: path).path, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }
}
