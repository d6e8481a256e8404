import Foundation

/// Makes folders named by whole paths, a name at a time, so that a failure is told at the
/// folder it stopped at and why (a file in the way, no permission, a read-only disk), not as
/// Foundation's "File exists" for the whole path.
package enum FolderPath {
    /// Makes the folder `path` and any missing on the way. A link on the way is followed: the
    /// path is the user's own choice of place. `purpose` names the folder in messages.
    package static func make(_ path: String, for purpose: String = "the folder") throws(FileSystemError) {
        var folder = path.hasPrefix("/") ? "" : "."
        for name in path.split(separator: "/") {
            folder += "/" + name
            var info = stat()
            if stat(folder, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw FileSystemError(path: folder, message: "is a file, so \(purpose) cannot go inside it")
                }
                continue
            }
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw FileSystemError(path: folder, message: "cannot create \(purpose) here: \(FileSystemError.explain(errno))")
            }
        }
    }

    /// `path` with every link resolved, also where its last folders do not exist yet (the output
    /// of a first build, a destination a first deploy makes): the nearest existing folder is
    /// resolved and the rest put back.
    package static func resolvingLinks(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        func real(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        while existing.path != "/", real(existing.path) == nil {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let found = real(existing.path) else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return ([found] + rest).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
    }
}
