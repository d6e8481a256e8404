import Blocking
import Foundation
import Highlighting

/// A highlighter for tests: counts what it is asked, and either wraps a real one or marks
/// every token of a known language the same way. `nope` is a language it does not know.
final class TestHighlighter: CodeHighlighter {
    let identity: String
    private let wrapped: (any CodeHighlighter)?
    private let failure: HighlighterUnavailable?
    private let counts = Locked<(requests: Int, blocks: Int)>((0, 0))

    init(wrapping wrapped: (any CodeHighlighter)? = nil, failing failure: HighlighterUnavailable? = nil) {
        self.wrapped = wrapped
        self.failure = failure
        identity = wrapped?.identity ?? "test/1"
    }

    /// How many batches it was asked.
    var requests: Int { counts.withLock { $0.requests } }
    /// How many blocks those batches held.
    var blocks: Int { counts.withLock { $0.blocks } }

    /// As ``highlight(_:)``, but a block in the language `slow` is one it gave up on.
    func highlightEach(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [BlockHighlight] {
        try zip(blocks, highlight(blocks)).map { block, answer in
            block.language == "slow" ? .tooSlow(seconds: 7) : answer.map(BlockHighlight.html) ?? .plain
        }
    }

    func highlight(_ blocks: [CodeBlock]) throws(HighlighterUnavailable) -> [String?] {
        counts.withLock { $0 = ($0.requests + 1, $0.blocks + blocks.count) }
        if let failure { throw failure }
        if let wrapped { return try wrapped.highlight(blocks) }
        return blocks.map { block in
            block.language == "nope" ? nil
                : "<span class=\"k\">" + block.code.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;") + "</span>"
        }
    }
}
