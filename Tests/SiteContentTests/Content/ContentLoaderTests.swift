import Blocking
@testable import Digests
import Foundation
@testable import SiteContent
import SiteSource
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct ContentLoaderTests {
    /// Answers for the files it was given and notes every question.
    final class ListeningRecall: SourceRecall, @unchecked Sendable {
        let entries: [String: ContentLoader.Entry]
        let asked = Locked([String]())
        var files: [String]? { nil }

        init(_ entries: [String: ContentLoader.Entry]) { self.entries = entries }

        func version(of path: String) -> FileVersion? { nil }

        func unchanged(_ path: String, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? {
            asked.withLock { $0.append(path) }
            return entries[path]
        }

        func sameBytes(_ path: String, source: Fingerprint, version: [UInt8]?, assets: [String]) -> ContentLoader.Entry? { nil }
    }

    @Test func theLoaderTakesWhatItsRecallAnswersAndReadsTheRest() throws {
        let blog = try TestBlog(TestBlog.config, [
            "posts/2024-01-01-kept.md": TestBlog.post("title: Kept"),
            "posts/2024-01-02-read.md": TestBlog.post("title: Read"),
        ])
        let config = try SiteConfig.load(from: blog.source)
        let first = ContentLoader(config: config, tree: blog.source).load()
        let kept = try #require(first.posts.first { $0.sourcePath == "posts/2024-01-01-kept.md" })
        // What a build before made of the first post, with a title the file does not have: only
        // a recalled document can show it.
        var document = kept.document
        document.title = "Remembered"
        let remembered = ContentLoader.Entry(content: .cached(RenderedDocument(document: document, renderer: BodyRenderer(config: config))),
                                             source: kept.source, unchanged: true)
        let recall = ListeningRecall(["posts/2024-01-01-kept.md": remembered])
        let second = ContentLoader(config: config, tree: blog.source, recall: recall).load()
        let titles = Dictionary(uniqueKeysWithValues: second.posts.map { ($0.sourcePath, $0.document.title) })
        #expect(titles == ["posts/2024-01-01-kept.md": "Remembered", "posts/2024-01-02-read.md": "Read"])
        #expect(recall.asked.withLock { $0.sorted() } == ["posts/2024-01-01-kept.md", "posts/2024-01-02-read.md"])
    }

    @Test func anEmptyRecallReadsEveryFile() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2024-01-01-only.md": TestBlog.post("title: Only")])
        let loaded = ContentLoader(config: try SiteConfig.load(from: blog.source), tree: blog.source).load()
        #expect(loaded.posts.count == 1)
        guard case .parsed = try #require(loaded.posts.first).content else {
            Issue.record("the post was not read")
            return
        }
    }

    /// Paths of slashes, dots, names and endings in any case, beyond ASCII too, joined at random:
    /// Markdown or not as the definition over the string's views said.
    @Test func markdownFilesAreTheOnesTheStringViewsFound() {
        func isMarkdown(_ path: String) -> Bool {
            let bytes = path.utf8
            guard let dotIndex = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dotIndex...].contains(UInt8(ascii: "/")) else { return false }
            let suffix = bytes[bytes.index(after: dotIndex)...]
            guard suffix.count <= 8 else { return false }
            let lowered = String(decoding: suffix.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            return ContentLoader.markdownExtensions.contains(lowered)
        }
        let pieces = ["/", ".", "md", "MD", "Markdown", "markdowns", "m", "d", "é", "日本", "x.md", "mD/"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(ContentLoader.isMarkdown(path) == isMarkdown(path), "\(path)")
        }
    }
}
