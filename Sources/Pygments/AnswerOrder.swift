import Foundation
import Highlighting

/// Hands the helper's answers to the batches in the order they were sent: the helper answers
/// one line a batch, in order, so the thread whose batch went n-th reads the n-th line, once
/// the threads before it have read theirs. A failure ends every turn still waiting.
final class AnswerOrder: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var next: UInt64 = 0
    private var failure: HighlighterUnavailable?

    /// Why the helper can answer no more, once it cannot.
    var failed: HighlighterUnavailable? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Waits until the answer to the batch sent as `ticket` is the next one to read.
    func waitForTurn(_ ticket: UInt64) throws(HighlighterUnavailable) {
        condition.lock()
        defer { condition.unlock() }
        while next != ticket, failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Ends a turn; with a `failure`, every turn after it too.
    func finishTurn(failing failure: HighlighterUnavailable? = nil) {
        condition.lock()
        next += 1
        if let failure, self.failure == nil { self.failure = failure }
        condition.broadcast()
        condition.unlock()
    }

    /// Ends every turn still waiting, and every later one.
    func fail(_ failure: HighlighterUnavailable) {
        condition.lock()
        if self.failure == nil { self.failure = failure }
        condition.broadcast()
        condition.unlock()
    }
}
