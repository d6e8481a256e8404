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
}
