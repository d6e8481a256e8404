import Foundation

/// A post or a page as read from its Markdown file, before rendering.
public struct Document: Sendable {
    /// Posts are dated and listed; pages (about, contact) stand alone.
    public enum Kind: String, Sendable {
        case post, page
    }

    public var kind: Kind
    /// The Markdown file, relative to the blog's root.
    public var sourcePath: String
    public var title: String
    public var slug: String
    public var date: Date?
    public var updated: Date?
    public var tags: [String]
    public var draft: Bool
    /// A summary written in the front matter, in Markdown.
    public var summary: String?
    /// The layout named in the front matter, and the line it was named on.
    public var layout: (name: String, line: Int)?
    /// Old site paths that redirect here, with the lines they were written on.
    public var aliases: [(path: String, line: Int)]
    public var audio: Audio?
    /// Orders pages in navigation; lower first.
    public var weight: Int
    /// Overrides the site's author for this post.
    public var author: String?
    /// Every front matter key, for layouts (`{{page.params.cover}}`).
    public var params: [String: YAMLValue]
    /// The Markdown body and the file line it starts on.
    public var body: String
    public var bodyLine: Int
    /// The site path the document is published at (`/2019/10/08/hello/`), without the base path.
    public var path: String
    /// Files that travel with the document (a post folder's photos), by source path.
    public var assets: [String]

    /// The output file that holds the rendered document (`2019/10/08/hello/index.html`).
    public var outputPath: String { Document.outputFile(forSitePath: path) }

    /// The folder the document's relative links resolve against.
    var directoryPath: String {
        path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    /// Maps a site path to the file that serves it: folders get `index.html`.
    static func outputFile(forSitePath path: String) -> String {
        // Over UTF-8 bytes: every page of a big blog asks, every build.
        let slash = UInt8(ascii: "/")
        var bytes = path.utf8[...]
        if bytes.first == slash { bytes = bytes.dropFirst() }
        let trimmed = String(Substring(bytes))
        if bytes.isEmpty || bytes.last == slash { return trimmed + "index.html" }
        let lastName = bytes.lastIndex(of: slash).map { bytes[bytes.index(after: $0)...] } ?? bytes
        if lastName.contains(UInt8(ascii: ".")) { return trimmed }
        return trimmed + "/index.html"
    }
}
