/// Turns code into HTML with a class on each token, a batch of blocks at a time: the seam the
/// site compiler asks, with Pygments behind it in `galley` (the Pygments module's
/// `PygmentsHighlighter`) and whatever a test likes in tests.
package protocol CodeHighlighter: Sendable {
    /// Names the highlighter and the version of what it makes. Results are cached under it, so
    /// one highlighter never serves another's results and a new version starts afresh.
    var identity: String { get }

    /// The inside of each block's `<code>` element, in order: its text HTML-escaped, with
    /// `<span class="k">…</span>` around the tokens (Pygments' short classes); nil for a block
    /// whose language the highlighter does not know, which is then shown as plain code.
    ///
    /// Throws ``HighlighterUnavailable`` when it cannot highlight at all (no Python, no
    /// Pygments, a helper that died): the build then says so once and shows plain code.
    func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?]

    /// The same, saying of each block what became of it: a highlighter that gives up on one
    /// block that takes too long (and goes on with the others) says which. By default, each
    /// answer of ``highlight(_:)``.
    func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight]

    /// Gets ready to highlight, in the background, for a build that will soon ask: a highlighter
    /// that takes a while to start (a helper process) starts now. Does nothing by default.
    func prepare()

    /// Waits until what ``prepare()`` began has got somewhere, whether the build asked for it
    /// or not: a command that ends while a helper is still being started leaves that start
    /// half done (swift-subprocess then says at exit that it dropped it). Does nothing by default.
    func settle()
}

extension CodeHighlighter {
    package func prepare() {}

    package func settle() {}

    package func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight] {
        try highlight(blocks).map { $0.map(BlockHighlight.html) ?? .plain }
    }
}

/// What became of one block of code.
package enum BlockHighlight: Sendable, Equatable {
    /// The inside of its `<code>` element.
    case html(String)
    /// Shown as plain code: its language is not known.
    case plain
    /// Shown as plain code: highlighting it took longer than `seconds`, and was stopped.
    case tooSlow(seconds: Int)

    /// The HTML, if there is any.
    package var html: String? {
        if case .html(let html) = self { return html }
        return nil
    }
}
