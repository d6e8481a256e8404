import CCmarkGFM
@testable import Markdown
import Testing

@Suite struct BlockWalkTests {
    /// Lines of Markdown that make blocks inside blocks: quotes, nested lists, footnote
    /// definitions and tables, around headings and code.
    static let pieces = [
        "# Title", "## Sub *emphasis* and `code`", "Setext\n---", "```swift\nlet a = 1\n```", "~~~\nplain\n~~~", "    indented code",
        "> quoted", "> ## quoted heading", "> ```py\n> x = 1\n> ```", "- item", "- item with [a link](/a) and **bold**", "  - nested",
        "    ```go\n    go()\n    ```", "1. first", "   ### heading in an item", "[^1]: A note", "[^n]: Note\n\n    ```sh\n    ls\n    ```",
        "    # heading in a note", "| a | b |\n|---|---|\n| `c` | *d* |", "<div>\nraw\n</div>", "***", "Text with a note[^1] and <span>html</span>.",
        "", "", "- [ ] task", "> - quoted item\n>   ```\n>   code\n>   ```",
    ]

    /// Every block the cmark iterator enters, in its order.
    static func iteratedBlocks(_ root: OpaquePointer) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var blocks: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), BlockWalk.isBlock(node) { blocks.append(node) }
        }
        return blocks
    }

    /// `markdown` parsed as MarkdownRenderer parses it.
    static func parsed(_ markdown: String) -> OpaquePointer? {
        _ = MarkdownRenderer(highlighting: nil)
        guard let parser = cmark_parser_new(MarkdownRenderer.options) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in MarkdownRenderer.extensions {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        return cmark_parser_finish(parser)
    }

    /// Random documents of those lines: the walk visits the blocks the iterator enters, in the
    /// same order, and no inline.
    @Test func itVisitsTheBlocksTheIteratorEnters() throws {
        var generator = SystemRandomNumberGenerator()
        var deepest = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...14, using: &generator)
            let markdown = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(separator: "\n")
            let document = try #require(Self.parsed(markdown))
            defer { cmark_node_free(document) }
            var walked: [OpaquePointer] = []
            BlockWalk.forEach(in: document) { walked.append($0) }
            #expect(walked == Self.iteratedBlocks(document), "\(markdown)")
            deepest = max(deepest, walked.map(Self.depth).max() ?? 0)
        }
        // The documents reached blocks inside blocks inside blocks.
        #expect(deepest >= 3)
    }

    /// A walk from a node inside the tree stays below it.
    @Test func aWalkFromAQuoteStaysInIt() throws {
        let document = try #require(Self.parsed("> # a\n> ```\n> b\n> ```\n\n# c\n"))
        defer { cmark_node_free(document) }
        let quote = try #require(cmark_node_first_child(document))
        var walked: [cmark_node_type] = []
        BlockWalk.forEach(in: quote) { walked.append(cmark_node_get_type($0)) }
        #expect(walked == [CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK])
    }

    static func depth(_ node: OpaquePointer) -> Int {
        var depth = 0
        var parent = cmark_node_parent(node)
        while let next = parent {
            depth += 1
            parent = cmark_node_parent(next)
        }
        return depth
    }
}
