import Diagnostics

/// Files in a blog's `layouts/` that Galley passes over because of their name, though they look
/// meant as one of its layouts: `post.html`, `Post.mustache`, Hugo's `single.html`, Jekyll's
/// `default.html`. A theme copied from another generator would otherwise be ignored in silence.
package enum MisnamedLayouts {
    /// Other generators' names for Galley's layouts, lower-case and without extension.
    static let otherNames = [
        "single": "post", "default": "base", "baseof": "base", "index": "home", "list": "archive", "taxonomy": "tags",
        "terms": "tags", "term": "tag", "section": "archive", "head": "head", "_default": "base", "header": "header",
        "footer": "footer",
    ]

    /// A warning for each of `paths` (the files under `layouts/`) that is not a Mustache layout
    /// of the name it seems meant to have, when the blog has no layout of that name already;
    /// `names` are the layouts Galley knows.
    static func warnings(for paths: [String], names: Set<String>, folder: String) -> [Diagnostic] {
        let own = Set(paths.filter { $0.hasSuffix(".mustache") }.map { String($0.dropFirst(folder.count + 1).dropLast(".mustache".count)) })
        var warnings: [Diagnostic] = []
        for path in paths.sorted() {
            let inner = path.dropFirst(folder.count + 1)
            // The theme's words and files of its own are read under other rules.
            guard !inner.hasPrefix("strings/"), !inner.hasPrefix("static/") else { continue }
            let file = inner.split(separator: "/").last.map(String.init) ?? String(inner)
            guard let dot = file.firstIndex(of: "."), dot > file.startIndex else { continue }
            let stem = String(file[..<dot]), lowered = stem.lowercased()
            let isMustache = file.hasSuffix(".mustache") && file.firstIndex(of: ".") == file.lastIndex(of: ".")
            if isMustache && stem == lowered { continue }
            // A Hugo theme's shortcode: Galley renders its own from the same folder, in Mustache.
            if inner.hasPrefix(Theme.shortcodeFolder), !isMustache, !own.contains(Theme.shortcodeFolder + stem) {
                warnings.append(Diagnostic(path: path, message:
                    "this file is not read as a shortcode (Galley reads Mustache layouts, named NAME.mustache): the '\(stem)' shortcode Galley looks for is \(folder)/\(Theme.shortcodeFolder)\(stem).mustache"))
                continue
            }
            guard let meant = names.contains(lowered) ? lowered : otherNames[lowered], !own.contains(meant) else { continue }
            let expected = "\(folder)/\(meant).mustache"
            let why = isMustache ? "layout names are lower-case" : "Galley reads Mustache layouts, named NAME.mustache"
            warnings.append(Diagnostic(path: path, message:
                "this file is not read as a layout (\(why)): the \(meant) layout Galley looks for is \(expected)"))
        }
        return warnings
    }
}
