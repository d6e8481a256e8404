import Foundation

/// How Jekyll reads names: which files it skips, which are posts, which are Markdown, and which
/// open with front matter.
enum JekyllNames {
    /// Extensions Jekyll renders as Markdown.
    static let markdown: Set<String> = ["md", "markdown", "mkd", "mkdn", "mkdown"]
    /// The ones Galley reads as they are.
    static let galleyMarkdown: Set<String> = ["md", "markdown"]

    /// Whether Jekyll leaves a file or folder of this name out of the site: a name that starts
    /// with `_`, `.` or `#`, or ends with `~`.
    static func isSpecial(_ name: some StringProtocol) -> Bool {
        name.hasPrefix("_") || name.hasPrefix(".") || name.hasPrefix("#") || name.hasSuffix("~")
    }

    /// `path` with a Markdown extension Galley does not read (`.mkd`) turned into `.md`.
    static func galleyName(_ path: String) -> String {
        let ext = SourcePath.fileExtension(path)
        guard markdown.contains(ext), !galleyMarkdown.contains(ext) else { return path }
        return String(path.dropLast(ext.count)) + "md"
    }

    /// Whether `name` is a post's file name as Jekyll reads one: a date, `-`, a title and an
    /// extension (`2019-10-8-hello.md`).
    static func isPostName(_ name: some StringProtocol) -> Bool {
        name.range(of: #"^[0-9]{2,4}-[0-9]{1,2}-[0-9]{1,2}-.*\.[^.]+$"#, options: .regularExpression) != nil
    }

    /// Whether `bytes`, a file's first bytes, open with YAML front matter as Jekyll sees it: a
    /// first line of `---` and nothing but spaces.
    static func opensWithFrontMatter(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard rest.starts(with: Array("---".utf8)) else { return false }
        for byte in rest.dropFirst(3) {
            if byte == 0x0A { return true }
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return false }
        }
        return false
    }
}
