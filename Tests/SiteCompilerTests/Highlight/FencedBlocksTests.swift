import Blocking
import Foundation
import Highlighting
@testable import Markdown
import TestThreads
import Testing

@testable import SiteCompiler


/// The blocks found ahead of cmark are the ones rendering then asks for: otherwise they are
/// highlighted for nothing, and each body asks again.
@Suite(.onBlockingPool) struct FencedBlocksTests {
    /// What rendering `markdown` asks a highlighter for.
    func askedByRendering(_ markdown: String) -> [CodeBlock] {
        let asked = Locked<[CodeBlock]>([])
        struct Recorder: CodeHighlighter {
            let identity = "recorder"
            let asked: @Sendable ([CodeBlock]) -> Void
            func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
                asked(blocks)
                return blocks.map { _ in nil }
            }
        }
        let recorder = Recorder { blocks in asked.withLock { $0 += blocks } }
        _ = MarkdownRenderer(highlighting: CodeHighlighting(highlighter: recorder, cache: HighlightCache(folder: nil))).render(markdown)
        return asked.withLock { $0 }
    }

    static let bodies = [
        "Text.\n\n```swift\nlet a = 1\n\n  indented\n```\n\nMore.\n",
        "```  python   extra info\ndef f():\n    return 1\n```",
        "~~~~ruby\nputs 1\n~~~\nstill code\n~~~~~\nafter\n",
        "```sh\r\necho windows\r\n```\r\n",
        "```go\nfunc open() {\n// never closed\n",
        "A paragraph\n```js\nlet interrupted = true\n```\n",
        "```\nno language\n```\n\n```nope\n<b>x</b>\n```\n",
        "``` c\n  ```  \nclosed by an indented fence\n",
        "```diff\n- a\n+ b\n```\n````md\n```inner```\n````\n",
    ]

    @Test(arguments: bodies)
    func foundAheadAsRenderingAsksForThem(body: String) {
        #expect(FencedBlocks.find(in: body) == askedByRendering(body))
    }

    /// The sample blog's posts and, where they are here, the real blogs' posts.
    @Test func theBlogsHereAreFoundAheadAsRenderingAsks() throws {
        var folders = [URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../../site/posts").standardized]
        if let real = RealBlogFixtures.folder {
            folders += ["jekyll-docs/posts", "letsencrypt/posts"].map { real.appending(path: $0) }
        }
        var compared = 0
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where ["md", "markdown"].contains(file.pathExtension) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let found = FencedBlocks.find(in: text)
                guard !found.isEmpty else { continue }
                compared += 1
                // Rendering the whole file, front matter too, asks for the same blocks.
                #expect(found == askedByRendering(text), "\(file.lastPathComponent)")
            }
        }
        #expect(compared > 0)
    }
}
