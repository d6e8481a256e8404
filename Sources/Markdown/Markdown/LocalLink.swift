import Foundation

/// A link or image in a body that names a file of the blog itself (`nothere.png`,
/// `/images/a.png`) rather than another site, kept so that every build can check the file is
/// there, whether it rendered the body or took it from the cache.
package struct LocalLink: Sendable, Equatable {
    /// The destination as written, without its `?query` or `#fragment`, percent-decoded.
    package var target: String
    /// The 1-based line and column where the link starts: of the Markdown as the renderer is
    /// given it, then of the file once ``BodyRenderer`` has placed it.
    package var line: Int
    package var column: Int
    package var isImage: Bool

    package init(target: String, line: Int, column: Int, isImage: Bool) {
        self.target = target
        self.line = line
        self.column = column
        self.isImage = isImage
    }

    /// The local link `url` names, or nil for an address elsewhere (`https:`, `mailto:`, `//host`),
    /// a fragment of the same page, or Zola's `@/` links, which are checked where they resolve.
    static func of(_ url: String, line: Int, column: Int, isImage: Bool) -> LocalLink? {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        guard !path.isEmpty, !path.hasPrefix("//"), !path.hasPrefix("@/"), !path.contains("{{"), !path.contains("{%") else { return nil }
        // A scheme: letters, digits, `+`, `-` and `.` before the first colon, ahead of any slash.
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return nil }
        let target = path.removingPercentEncoding ?? String(path)
        return LocalLink(target: target, line: line, column: column, isImage: isImage)
    }
}
