import Foundation
import Testing

import SiteCompiler

/// A folder around a blog, holding sentinel files beside it, so a test can tell whether a build
/// created, changed or deleted anything outside its output folder, spare, lock and cache.
package final class Sandbox {
    package let root: URL
    /// The blog's folder, inside the sandbox.
    package let blog: URL
    /// A folder of sentinel files that no build may touch.
    package let outside: URL

    package init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-sandbox-\(UUID().uuidString)")
        blog = root.appending(path: "blog")
        outside = root.appending(path: "outside")
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: blog, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: outside.appending(path: ".ssh"), withIntermediateDirectories: true)
        try Data("ssh-ed25519 AAAA the owner\n".utf8).write(to: outside.appending(path: ".ssh/authorized_keys"))
        try Data("SECRET=1\n".utf8).write(to: outside.appending(path: "secret.txt"))
        try Data("<p>someone else's page</p>\n".utf8).write(to: outside.appending(path: "index.html"))
        try fileManager.createDirectory(at: outside.appending(path: "empty"), withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes a file of the blog, making its folders.
    package func write(_ path: String, _ text: String) throws {
        let url = blog.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Makes `path` in the blog a symbolic link holding `target`.
    package func link(_ path: String, to target: String) throws {
        let url = blog.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard symlink(target, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Every entry of the sandbox but those a build into `blog/_site` may change: its output,
    /// spare, lock and cache. Each with its type and what it holds (bytes, or a link's target).
    package func snapshot(output: String = "_site", cache: String = ".galley-cache") -> [String: String] {
        let allowed = ["blog/\(output)", "blog/.\(output).galley-spare", "blog/.\(output).galley-lock", "blog/\(cache)"]
        var entries: [String: String] = [:]
        func walk(_ url: URL, _ relative: String) {
            guard !allowed.contains(relative) else { return }
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                entries[relative] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?")
            case S_IFDIR:
                entries[relative] = "folder \(info.st_mode & 0o7777)"
                for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                    walk(url.appending(path: name), relative.isEmpty ? name : relative + "/" + name)
                }
            default:
                entries[relative] = "file \(info.st_mode & 0o7777) " + (FileManager.default.contents(atPath: url.path)?.base64EncodedString() ?? "?")
            }
        }
        walk(root, "")
        return entries
    }

    /// Records an issue for each entry outside the build that differs from `before`.
    package func expectUntouched(since before: [String: String], output: String = "_site", sourceLocation: SourceLocation = #_sourceLocation) {
        let after = snapshot(output: output)
        for key in Set(before.keys).union(after.keys).sorted() where before[key] != after[key] {
            Issue.record("outside the build, \(key) changed: \(before[key] ?? "nothing") -> \(after[key] ?? "gone")", sourceLocation: sourceLocation)
        }
    }

    /// The bytes of every file below `folder`, by relative path; links as their targets.
    package static func contents(of folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        while let path = walker.nextObject() as? String {
            let url = folder.appending(path: path)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                files[path] = Data(("link:" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "")).utf8)
            } else if info.st_mode & S_IFMT == S_IFREG {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }
}
