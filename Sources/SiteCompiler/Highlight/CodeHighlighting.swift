import Foundation
import Highlighting
import Synchronization

/// A build's way to its code highlighter: each block is looked up in the ``HighlightCache``
/// first, and only the ones it lacks go to the highlighter, in one batch for each body. A
/// highlighter that cannot run is asked no more in this build, and the build says so once.
final class CodeHighlighting: Sendable {
    let highlighter: any CodeHighlighter
    let cache: HighlightCache
    private let problem = Mutex<HighlighterUnavailable?>(nil)

    init(highlighter: any CodeHighlighter, cache: HighlightCache) {
        self.highlighter = highlighter
        self.cache = cache
    }

    /// Why the highlighter could not run, when it could not: its blocks were shown plain.
    var unavailable: HighlighterUnavailable? { problem.withLock { $0 } }

    /// The inside of each block's `<code>` element, highlighted; nil for a block shown plain.
    func highlight(_ blocks: [CodeBlock]) -> [String?] {
        let keys = blocks.map { HighlightCache.key(identity: highlighter.identity, language: $0.language, code: $0.code) }
        let held = cache.answers(for: keys)
        var answers = held.map { $0 ?? nil }
        // Each block the cache lacks goes once, though a body may show it twice.
        var missing: [Fingerprint: [Int]] = [:]
        var order: [Fingerprint] = []
        for (index, answer) in held.enumerated() where answer == nil {
            if missing[keys[index]] == nil { order.append(keys[index]) }
            missing[keys[index], default: []].append(index)
        }
        guard !order.isEmpty, unavailable == nil else { return answers }
        let asked = order.map { blocks[missing[$0]![0]] }
        do {
            let made = try highlighter.highlight(asked)
            cache.remember(Array(zip(order, made)))
            for (key, html) in zip(order, made) {
                for index in missing[key]! { answers[index] = html }
            }
        } catch {
            problem.withLock { $0 = $0 ?? error }
        }
        return answers
    }
}
