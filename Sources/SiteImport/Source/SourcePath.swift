/// The parts of a path of the site (`content/posts/trip/index.md`), taken apart by name.
enum SourcePath {
    /// The last name of `path`.
    static func lastName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// The folder `path` is in; empty at the top.
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The extension of the last name of `path`, lowercased; empty when it has none (`.htaccess`
    /// has none: a leading dot starts a hidden name, not an extension).
    static func fileExtension(_ path: String) -> String {
        let name = lastName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
