import Foundation
import TestThreads
import Testing

/// What `read-output.py` found in a built site: each page's links and ids, each feed as a real
/// feed parser reads it, and the addresses the sitemap and robots.txt list.
struct OutputReading: Decodable {
    struct Link: Decodable {
        var line: Int
        /// Where the address stands, as `<a href>` or `<meta refresh>`.
        var attribute: String
        var address: String
    }

    /// Another generator's template syntax shown as text: `{% post_url … %}`, `{{< figure >}}`.
    struct TemplateText: Decodable {
        var line: Int
        var text: String
    }

    struct Page: Decodable {
        var links: [Link]
        var ids: [String]
        /// Outside `<code>`, `<pre>` and their kind, where a post may show it as its subject.
        var templateSyntax: [TemplateText]
    }

    struct Feed: Decodable {
        /// `rss20`, `atom10` (as feedparser names them), or `json` and the JSON Feed version.
        var format: String
        /// What makes it invalid: feedparser's `bozo` exception, a required field that is missing.
        var problems: [String]
        /// The feed's own links (home page, self).
        var links: [String]
        var entries: [Entry]
    }

    struct Entry: Decodable {
        var link: String
        var id: String
        /// The addresses in its content and summary, its links and its enclosures.
        var links: [String]
    }

    /// By path relative to the output, such as `2024/03/02/hello/index.html`.
    var pages: [String: Page]
    /// By file name: `feed.xml`, `atom.xml`, `feed.json`.
    var feeds: [String: Feed]
    /// `sitemap.xml`'s `<loc>`s and robots.txt's `Sitemap:` lines.
    var lists: [String: [String]]

    /// Debian's Python, which has the `python3-feedparser` that `scripts/test` installs; a pyenv
    /// or venv `python3` earlier on PATH would not see it.
    static let python = URL(filePath: "/usr/bin/python3")
    static let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "read-output.py")

    static func read(_ output: URL) throws -> OutputReading {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, output.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errors = Data()
        let reader = Thread { errors = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitWithoutSpinning()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.005) }
        try #require(process.terminationStatus == 0,
                     "read-output.py failed (scripts/test installs Debian's python3-feedparser):\n\(String(decoding: errors, as: UTF8.self))")
        return try JSONDecoder().decode(OutputReading.self, from: data)
    }
}
