import Highlighting
@testable import Markdown
import Testing

/// A body rendered with placeholders for its code and finished once the highlighter answers is
/// the body rendered whole, whatever surrounds its blocks.
@Suite struct MarkdownRendererDeferredCodeTests {
    /// Highlights every language but `plain`, whose blocks it leaves, and gives up on `slow`:
    /// its HTML holds what the passes after cmark would change (a control character, a
    /// footnote's id, a link from the root) so that where it goes in shows.
    struct Marking: CodeHighlighter {
        let identity = "marking"

        func highlight(_ blocks: [CodeBlock]) -> [String?] {
            try! highlightEach(blocks).map(\.html)
        }

        func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight] {
            blocks.map { block in
                switch block.language {
                case "plain": .plain
                case "slow": .tooSlow(seconds: 7)
                default: .html("<span class=\"k\">\(block.code.count)</span> id=\"fn-1\" href=\"/x\" \u{1}")
                }
            }
        }
    }

    static let pieces = [
        "# Title", "Text with a note[^1] and `code`.", "```swift\nlet a = 1\n```", "```plain\nleft as it is <b>\n```", "```slow\nloop()\n```",
        "~~~py\nx = 1\n~~~", "```\nno language\n```", "    indented", "> ```go\n> go()\n> ```", "- item\n\n  ```sh\n  ls\n  ```", "[^1]: The note.",
        "[^2]: A note with code\n\n    ```c\n    int a;\n    ```", "<!--more-->", "<!-- more -->", "A paragraph <!--more--> inside.", "| a | b |\n|---|---|\n| 1 | 2 |",
        "<div>\nraw\n</div>", "***", "## Sub", "", "Text\u{1} with a control character.", "[a link](/about)",
    ]

    @Test func placeholdersFinishAsTheWholeRendering() {
        let highlighting = CodeHighlighting(highlighter: Marking(), cache: HighlightCache(folder: nil))
        let renderer = MarkdownRenderer(highlighting: highlighting)
        var generator = SystemRandomNumberGenerator()
        var deferred = 0
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let markdown = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(separator: "\n\n")
            let whole = renderer.render(markdown)
            let finished: MarkdownRenderer.Rendered
            switch renderer.prepareDeferringCode(markdown) {
            case .rendered(let rendered): finished = rendered
            case .unfinished(let unfinished):
                deferred += 1
                finished = unfinished.finish()
            }
            #expect(finished.html == whole.html, "\(markdown)")
            #expect(finished.excerpt == whole.excerpt, "\(markdown)")
            #expect(finished.isTruncated == whole.isTruncated && finished.endsAtMore == whole.endsAtMore, "\(markdown)")
            #expect(finished.slowCode == whole.slowCode, "\(markdown)")
            #expect(finished.localLinks.map(\.target) == whole.localLinks.map(\.target), "\(markdown)")
        }
        // Most of them had code to leave for later.
        #expect(deferred > 1_000)
    }

    /// A body whose own text holds a placeholder's characters, as they are or as a character
    /// reference, is rendered whole at once; its text stays as it was.
    @Test func aBodyHoldingThePlaceholdersCharactersIsRenderedWhole() throws {
        let highlighting = CodeHighlighting(highlighter: Marking(), cache: HighlightCache(folder: nil))
        let renderer = MarkdownRenderer(highlighting: highlighting)
        for markdown in ["\u{E004}\u{E005}\n\n```swift\nx\n```\n", "&#xE004;&#xE005;\n\n```swift\nx\n```\n", "&#57348;\n\n```swift\nx\n```\n"] {
            guard case .rendered(let rendered) = renderer.prepareDeferringCode(markdown) else {
                Issue.record("left for later: \(markdown)")
                continue
            }
            #expect(rendered.html == renderer.render(markdown).html)
            #expect(rendered.html.contains("\u{E004}"))
        }
        // Had the characters come from elsewhere, the splice declines rather than guess.
        let code = PlacedCode(blocks: [CodeBlock(language: "swift", code: "x\n")], plain: ["<pre>x</pre>"], lines: [1])
        #expect(code.splice(into: "a\u{E004}\u{E005}b", ["<pre>x</pre>"]) == "a<pre>x</pre>b")
        #expect(code.splice(into: "a\u{E004}\u{E005}b\u{E004}\u{E005}", ["<pre>x</pre>"]) == nil)
        #expect(code.splice(into: "a\u{E005}\u{E004}\u{E005}", ["<pre>x</pre>"]) == nil)
        #expect(code.splice(into: "a\u{E004}b", ["<pre>x</pre>"]) == nil)
    }
}
