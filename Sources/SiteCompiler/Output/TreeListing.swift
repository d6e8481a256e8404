import Foundation

/// Every file and folder below a directory, read with readdir(3) (``FolderEntries``): the writer
/// lists its spare tree when it cannot trust its record, and FileManager's enumerator costs
/// several times more per entry.
struct TreeListing {
    /// Files, relative to the root.
    var files: Set<String> = []
    /// Folders, relative to the root, parents before children.
    var folders: [String] = []

    init() {}

    init(root: String) {
        walk(root, relative: "")
    }

    private mutating func walk(_ path: String, relative: String) {
        for (name, entryType) in FolderEntries.read(path) ?? [] {
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = Int(entryType)
            if type == DT_UNKNOWN {
                var info = stat()
                guard lstat(path + "/" + name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? DT_DIR : DT_REG
            }
            if type == DT_DIR {
                folders.append(child)
                walk(path + "/" + name, relative: child)
            } else {
                files.insert(child)
            }
        }
    }
}
