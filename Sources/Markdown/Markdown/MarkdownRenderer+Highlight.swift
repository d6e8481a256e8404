import CCmarkGFM
import Foundation
import Highlighting
import Text

extension MarkdownRenderer {
    /// Puts the highlighter's HTML in place of each fenced code block that names a language,
    /// all of a document's blocks asked in one batch. A block the highlighter leaves (an
    /// unknown language, no highlighter) stays as cmark writes it:
    /// `<pre><code class="language-x">`, escaped.
    ///
    /// The HTML goes in as a raw HTML block, which cmark writes as it is: the highlighter's
    /// spans hold the code escaped, so nothing in a block can close it early. Returns the blocks
    /// the highlighter gave up on, which stay plain.
    @discardableResult
    static func highlightCode(in document: OpaquePointer, with highlighting: CodeHighlighting) -> [SlowCode] {
        let found = codeBlocks(in: document)
        guard !found.isEmpty else { return [] }
        let blocks = found.map(\.block)
        let answers = highlighting.highlight(blocks)
        var slow: [SlowCode] = []
        for (index, (node, block)) in found.enumerated() {
            if case .tooSlow(let seconds) = answers[index] {
                slow.append(SlowCode(line: Int(cmark_node_get_start_line(node)), language: block.language, seconds: seconds))
            }
            guard let inner = answers[index].html, let html = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { continue }
            cmark_node_set_literal(html, highlightedBlock(inner, language: block.language))
            cmark_node_insert_before(node, html)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return slow
    }

    /// The fenced code blocks of `document` that name a language and hold code, in order.
    private static func codeBlocks(in document: OpaquePointer) -> [(node: OpaquePointer, block: CodeBlock)] {
        var found: [(node: OpaquePointer, block: CodeBlock)] = []
        BlockWalk.forEach(in: document) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                let info = cmark_node_get_fence_info(node), let literal = cmark_node_get_literal(node)
            else { return }
            // The language is the info string's first word, as cmark takes it for the class.
            let language = String(cString: info).prefix { !$0.isWhitespace }
            let code = String(cString: literal)
            guard !language.isEmpty, !code.isEmpty else { return }
            found.append((node, CodeBlock(language: String(language), code: code)))
        }
        return found
    }

    /// A block as the highlighter's HTML shows it.
    static func highlightedBlock(_ inner: String, language: String) -> String {
        "<pre class=\"highlight\"><code class=\"language-\(HTMLEscape.text(language))\">\(inner)</code></pre>"
    }

    /// What stands in cmark's HTML for a code block still being highlighted: private-use
    /// characters (headings' markers are U+E000 and U+E001, math's U+E002 and U+E003), which a
    /// body's own text may hold too (``PlacedCode/splice(into:_:)`` then declines).
    static let codePlaceholder = "\u{E004}\u{E005}"

    /// Puts a placeholder in place of each code block ``highlightCode(in:with:)`` would send to
    /// the highlighter, without waiting for it: the blocks, and each as cmark writes it plain
    /// for those the highlighter leaves.
    static func placeCode(in document: OpaquePointer, options: Int32, extensions: UnsafeMutablePointer<cmark_llist>?) -> PlacedCode? {
        let found = codeBlocks(in: document)
        guard !found.isEmpty else { return nil }
        var code = PlacedCode()
        for (node, block) in found {
            guard let placeholder = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { return nil }
            // cmark ends a code block's HTML with a line break, and puts one after a raw block.
            var plain = string(cmark_render_html(node, options, extensions))
            if plain.hasSuffix("\n") { plain.removeLast() }
            code.blocks.append(block)
            code.plain.append(plain)
            code.lines.append(Int(cmark_node_get_start_line(node)))
            cmark_node_set_literal(placeholder, codePlaceholder)
            cmark_node_insert_before(node, placeholder)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return code
    }
}

/// The code blocks of a body rendered with placeholders in their place (see
/// ``MarkdownRenderer/placeCode(in:options:extensions:)``).
struct PlacedCode: Sendable {
    var blocks: [CodeBlock] = []
    /// Each block as cmark writes it, for a block the highlighter leaves.
    var plain: [String] = []
    /// Each block's first line in the Markdown.
    var lines: [Int] = []

    /// `html` with the n-th placeholder replaced by the n-th of `pieces`; nil unless it holds
    /// exactly one placeholder a piece and no other character of theirs.
    func splice(into html: String, _ pieces: [String]) -> String? {
        var html = html
        let starts = html.withUTF8 { bytes -> [Int]? in
            guard let base = bytes.baseAddress else { return [] }
            // U+E004 is EE 80 84 and U+E005 EE 80 85: every EE byte is looked at.
            var starts: [Int] = []
            var index = 0
            while index < bytes.count, let hit = memchr(base + index, 0xEE, bytes.count - index) {
                let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                index = found + 1
                guard found + 2 < bytes.count, bytes[found + 1] == 0x80, bytes[found + 2] == 0x84 || bytes[found + 2] == 0x85 else { continue }
                guard bytes[found + 2] == 0x84, found + 5 < bytes.count, bytes[found + 3] == 0xEE, bytes[found + 4] == 0x80,
                    bytes[found + 5] == 0x85
                else { return nil }
                starts.append(found)
                index = found + 6
            }
            return starts
        }
        guard let starts, starts.count == pieces.count else { return nil }
        let length = MarkdownRenderer.codePlaceholder.utf8.count
        var output = ""
        output.reserveCapacity(html.utf8.count + pieces.reduce(0) { $0 + $1.utf8.count })
        var copied = 0
        for (start, piece) in zip(starts, pieces) {
            output += UTF8Search.slice(of: html, from: copied, to: start)
            output += piece
            copied = start + length
        }
        output += UTF8Search.slice(of: html, from: copied, to: html.utf8.count)
        return output
    }
}
