import Blocking
import Foundation
import Highlighting
import Testing

/// A highlighter that wraps each block in a marker and counts the blocks it is asked for.
final class CountingHighlighter: CodeHighlighter {
    private let asked = Locked<[String]>([])
    var identity: String { "counting-1" }
    var blocks: [String] { asked.withLock { $0 } }

    func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
        asked.withLock { $0 += blocks.map(\.code) }
        return blocks.map { "<span class=\"k\">\($0.code.replacingOccurrences(of: "<", with: "&lt;"))</span>" }
    }
}

/// Code in served pages is highlighted, and a save never asks for a block highlighted before.
@Suite struct ServedHighlightingTests {
    @Test func aSaveAsksOnlyForTheBlocksItChanged() async throws {
        let highlighter = CountingHighlighter()
        let code = ServedBlog.post("Code", "```swift\nlet answer = 42\n```\n")
        try await ServedBlog.with(["posts/2024-03-02-code.md": code], highlighter: highlighter) { blog in
            let page = try await blog.http.send("/2024/03/02/code/")
            #expect(page.text.contains("<span class=\"k\">let answer = 42"))
            #expect(highlighter.blocks == ["let answer = 42\n"])

            try blog.write("posts/2024-03-01-hello.md", ServedBlog.post("Hello", "Other words."))
            _ = try await blog.eventually("/2024/03/01/hello/") { $0.text.contains("Other words.") }
            try blog.write("posts/2024-03-02-code.md", ServedBlog.post("Code", "Words first.\n\n```swift\nlet answer = 42\n```\n"))
            _ = try await blog.eventually("/2024/03/02/code/") { $0.text.contains("Words first.") }
            #expect(highlighter.blocks == ["let answer = 42\n"], "the block was highlighted before")

            try blog.write("posts/2024-03-02-code.md", ServedBlog.post("Code", "```swift\nlet answer = 4321\n```\n"))
            let changed = try await blog.eventually("/2024/03/02/code/") { $0.text.contains("4321") }
            #expect(changed.text.contains("<span class=\"k\">let answer = 4321"))
            #expect(highlighter.blocks == ["let answer = 42\n", "let answer = 4321\n"])
        }
    }
}
