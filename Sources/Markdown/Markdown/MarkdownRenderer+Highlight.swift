import CCmarkGFM
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
        var nodes: [OpaquePointer] = []
        var blocks: [CodeBlock] = []
        BlockWalk.forEach(in: document) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK,
                let info = cmark_node_get_fence_info(node), let literal = cmark_node_get_literal(node)
            else { return }
            // The language is the info string's first word, as cmark takes it for the class.
            let language = String(cString: info).prefix { !$0.isWhitespace }
            let code = String(cString: literal)
            guard !language.isEmpty, !code.isEmpty else { return }
            nodes.append(node)
            blocks.append(CodeBlock(language: String(language), code: code))
        }
        // The tree is changed only once the walk is over.
        guard !blocks.isEmpty else { return [] }
        let answers = highlighting.highlight(blocks)
        var slow: [SlowCode] = []
        for (index, node) in nodes.enumerated() {
            if case .tooSlow(let seconds) = answers[index] {
                slow.append(SlowCode(line: Int(cmark_node_get_start_line(node)), language: blocks[index].language, seconds: seconds))
            }
            guard let inner = answers[index].html, let html = cmark_node_new(CMARK_NODE_HTML_BLOCK) else { continue }
            cmark_node_set_literal(html, "<pre class=\"highlight\"><code class=\"language-\(HTMLEscape.text(blocks[index].language))\">\(inner)</code></pre>")
            cmark_node_insert_before(node, html)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return slow
    }
}
