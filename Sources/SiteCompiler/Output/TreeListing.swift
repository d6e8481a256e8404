import Foundation

/// Every file and folder below a directory, read with readdir(3): the writer lists its spare
/// tree on every build, and FileManager's enumerator costs several times more per entry.
struct TreeListing {
    /// Files, relative to the root.
    var files: Set<String> = []
    /// Folders, relative to the root, parents before children.
    var folders: [String] = []

    init(root: String) {
        walk(root, relative: "")
    }

    private mutating func walk(_ path: String, relative: String) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            var type = Int(entry.pointee.d_type)
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
