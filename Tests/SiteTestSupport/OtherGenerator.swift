import Foundation
import TestThreads

/// Runs another generator (Debian's `jekyll` or `hugo`) on a site, to check Galley's addresses
/// against the real thing.
package enum OtherGenerator {
    /// Whether the program is on this machine (`scripts/test` installs both).
    package static func isInstalled(_ name: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)")
    }

    /// Runs `arguments` (the program first), quietly, and gives its exit status.
    package static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitWithoutSpinning()
        return process.terminationStatus
    }

    /// The site path of every HTML page in a built site: `/a/b/` for `a/b/index.html`, `/a.html`
    /// for any other HTML file.
    package static func pagePaths(in folder: URL) -> Set<String> {
        var paths = Set<String>()
        let walker = FileManager.default.enumerator(atPath: folder.path)!
        while let path = walker.nextObject() as? String {
            if path == "index.html" || path.hasSuffix("/index.html") {
                paths.insert("/" + path.dropLast("index.html".count))
            } else if path.hasSuffix(".html") {
                paths.insert("/" + path)
            }
        }
        return paths
    }

    /// Writes each of `files` below `root`.
    package static func write(_ files: [String: String], below root: URL) throws {
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
}
