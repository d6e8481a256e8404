import Foundation

/// A blog folder in the temporary directory, made from paths and texts, gone with the test.
final class FolderOnDisk {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "galley-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Makes `path` a symbolic link to the folder's own `target`.
    func link(_ path: String, to target: String) -> Bool {
        symlink(root.appending(path: target).path, root.appending(path: path).path) == 0
    }
}
