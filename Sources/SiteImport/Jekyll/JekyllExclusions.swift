import Foundation

/// A Jekyll site's `exclude` list, read once: each entry covers a path itself, the folders above
/// it, or, when it has `*`, `?`, `[` or `\`, what it matches as a glob.
///
/// Plain names are looked up by each folder of a path rather than tried one after another, and
/// an entry given twice is one: a `_config.yml` may list thousands.
struct JekyllExclusions {
    private var names: Set<String> = []
    private var globs: [String] = []

    init(_ entries: [String]) {
        var seenGlobs = Set<String>()
        for entry in entries {
            var pattern = entry[...]
            while pattern.hasSuffix("/") { pattern.removeLast() }
            while pattern.hasPrefix("/") { pattern.removeFirst() }
            guard !pattern.isEmpty else { continue }
            if pattern.contains(where: { "*?[\\".contains($0) }) {
                if seenGlobs.insert(String(pattern)).inserted { globs.append(String(pattern)) }
            } else {
                names.insert(String(pattern))
            }
        }
    }

    /// Whether an entry covers `path`.
    func excludes(_ path: String) -> Bool {
        var folder = path.startIndex
        while let slash = path[folder...].firstIndex(of: "/") {
            if names.contains(String(path[..<slash])) { return true }
            folder = path.index(after: slash)
        }
        if names.contains(path) { return true }
        return globs.contains { path == $0 || path.hasPrefix($0 + "/") || fnmatch($0, path, 0) == 0 }
    }
}
