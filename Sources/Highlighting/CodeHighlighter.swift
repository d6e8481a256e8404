/// Turns code into HTML with a class on each token, a batch of blocks at a time: the seam the
/// site compiler asks, with Pygments behind it in `galley` (the Pygments module's
/// `PygmentsHighlighter`) and whatever a test likes in tests.
public protocol CodeHighlighter: Sendable {
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

    /// Gets ready to highlight, in the background, for a build that will soon ask: a highlighter
    /// that takes a while to start (a helper process) starts now. Does nothing by default.
    func prepare()
}

extension CodeHighlighter {
    public func prepare() {}
}
