import Diagnostics
import Foundation
import FrontMatter

/// A post or a page as read from its Markdown file, before rendering.
package struct Document: Sendable {
    /// Posts are dated and listed; pages (about, contact) stand alone.
    package enum Kind: String, Sendable {
        case post, page
    }

    package var kind: Kind
    /// The Markdown file, relative to the blog's root.
    package var sourcePath: String
    package var title: String
    package var slug: String
    package var date: Date?
    /// The offset from UTC, in seconds, that `date` was written with, kept when the site takes
    /// days as written (`permalink_dates: written`): pages show the date in it, on the day its
    /// address names, as Hugo prints a date in its own offset.
    package var dateOffset: Int?
    package var updated: Date?
    package var tags: [String]
    /// Jekyll's categories (`categories`, `category`): a taxonomy of their own, and `:categories`
    /// in addresses.
    package var categories: [String]
    package var draft: Bool
    /// A summary written in the front matter, in Markdown.
    package var summary: String?
    /// The layout named in the front matter, and the line it was named on.
    package var layout: (name: String, line: Int)?
    /// Old site paths that redirect here, with the lines they were written on.
    package var aliases: [(path: String, line: Int)]
    package var audio: Audio?
    /// Orders pages in navigation; lower first.
    package var weight: Int
    /// The people the post is by, overriding the site's author: `author` (a name, a list, or a
    /// mapping with a name, as Jekyll, Hugo and Zola write it) and `authors`.
    package var authors: [String]
    /// The authors as one line of text (`Ada and Grace`), for layouts and podcast apps.
    package var author: String? {
        switch authors.count {
        case 0: nil
        case 1: authors[0]
        default: authors.dropLast().joined(separator: ", ") + " and " + authors.last!
        }
    }
    /// Every front matter key, for layouts (`{{page.params.cover}}`). A document taken from the
    /// build cache decodes them on first use: a rebuild shows few pages' params.
    package var params: [String: YAMLValue] {
        get { storedParams.value }
        set { storedParams = Once(value: newValue) }
    }
    private var storedParams: Once<[String: YAMLValue]>
    /// Whether the body is HTML to publish as it is (a `.html` post) rather than Markdown.
    package var isHTML: Bool { Self.isHTML(sourcePath) }

    /// Whether the file at `path` holds an HTML body: `.html` or `.htm`.
    static func isHTML(_ path: String) -> Bool {
        let lowered = path.suffix(5).lowercased()
        return lowered.hasSuffix(".html") || lowered.hasSuffix(".htm")
    }

    /// The Markdown body and the file line it starts on.
    package var body: String
    package var bodyLine: Int
    /// The site path the document is published at (`/2019/10/08/hello/`), without the base path.
    package var path: String
    /// Files that travel with the document (a post folder's photos), by source path.
    package var assets: [String]
    /// What reading the front matter found worth a warning (an empty tag in a list): said when
    /// the body renders, so a cached page keeps saying it with its other warnings.
    var readWarnings: [Diagnostic] = []
    /// Whether the front matter is TOML (`+++`), which only Hugo and Zola read: their posts
    /// print Liquid's syntax as written unless galley.yml says `liquid: true`. Known where the
    /// file is read, never cached.
    var frontMatterIsTOML = false

    package init(kind: Kind, sourcePath: String, title: String, slug: String, date: Date?, updated: Date?, tags: [String],
                categories: [String] = [], draft: Bool, summary: String?, layout: (name: String, line: Int)?,
                aliases: [(path: String, line: Int)], audio: Audio?, weight: Int, authors: [String], params: [String: YAMLValue],
                body: String, bodyLine: Int, path: String, assets: [String]) {
        self.init(kind: kind, sourcePath: sourcePath, title: title, slug: slug, date: date, updated: updated, tags: tags,
                  categories: categories, draft: draft, summary: summary, layout: layout, aliases: aliases, audio: audio,
                  weight: weight, authors: authors, params: Once(value: params), body: body, bodyLine: bodyLine, path: path, assets: assets)
    }

    /// Params made by `make` when first asked for, for the initializer below. Made here, where
    /// `Once` is compiled for them: a `Once` made in another module asks the runtime for its
    /// types' metadata each time, and a rebuild makes one for each of ten thousand posts.
    package static func paramsWhenAsked(_ make: @escaping @Sendable () -> [String: YAMLValue]) -> Once<[String: YAMLValue]> {
        Once(make)
    }

    /// A document whose params are made by `params` when first asked for.
    package init(kind: Kind, sourcePath: String, title: String, slug: String, date: Date?, updated: Date?, tags: [String],
         categories: [String] = [], draft: Bool, summary: String?, layout: (name: String, line: Int)?,
         aliases: [(path: String, line: Int)], audio: Audio?, weight: Int, authors: [String], params: Once<[String: YAMLValue]>,
         body: String, bodyLine: Int, path: String, assets: [String]) {
        self.kind = kind
        self.sourcePath = sourcePath
        self.title = title
        self.slug = slug
        self.date = date
        self.updated = updated
        self.tags = tags
        self.categories = categories
        self.draft = draft
        self.summary = summary
        self.layout = layout
        self.aliases = aliases
        self.audio = audio
        self.weight = weight
        self.authors = authors
        storedParams = params
        self.body = body
        self.bodyLine = bodyLine
        self.path = path
        self.assets = assets
    }

    /// The output file that holds the rendered document (`2019/10/08/hello/index.html`).
    package var outputPath: String { Document.outputFile(forSitePath: path) }

    /// The folder the document's relative links resolve against.
    package var directoryPath: String {
        path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    /// The endings that make a site path a file rather than a folder (`/feed.xml`, `/old.php`):
    /// a dot alone does not, so `/releases/2.4.0` and `/notes/node.js` are folders, as
    /// Hugo, Jekyll and Zola publish them.
    static let fileExtensions: Set<String> = [
        "html", "htm", "xhtml", "shtml", "xml", "rss", "atom", "json", "txt", "php", "asp", "aspx", "jsp", "cfm",
    ]

    /// Maps a site path to the file that serves it: folders get `index.html`.
    package static func outputFile(forSitePath path: String) -> String {
        // Over UTF-8 bytes, and made in one piece: every page of a big blog asks, every build
        // (a string for the trimmed path and another for it and its ending cost 2,000
        // instructions a page).
        var path = path
        return path.withUTF8 { whole in
            let slash = UInt8(ascii: "/")
            let bytes = whole.first == slash ? UnsafeBufferPointer(rebasing: whole.dropFirst()) : whole
            let ending: StaticString = bytes.isEmpty || bytes.last == slash ? "index.html"
                : Self.namesAFile(bytes) ? "" : "/index.html"
            return String(unsafeUninitializedCapacity: bytes.count + ending.utf8CodeUnitCount) { buffer in
                _ = buffer.initialize(from: bytes)
                _ = buffer[bytes.count...].initialize(from: UnsafeBufferPointer(start: ending.utf8Start, count: ending.utf8CodeUnitCount))
                return bytes.count + ending.utf8CodeUnitCount
            }
        }
    }

    /// Whether the last name of `path` ends in one of ``fileExtensions``, in any case.
    private static func namesAFile(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        let nameStart = path.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        guard let dot = path[nameStart...].lastIndex(of: UInt8(ascii: ".")) else { return false }
        let ending = path[(dot + 1)...]
        return ending.count <= 5 && fileExtensions.contains(String(decoding: ending.map { $0 | 0x20 }, as: UTF8.self))
    }
}
