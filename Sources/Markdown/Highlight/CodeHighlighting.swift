import Blocking
import Digests
import Foundation
import Highlighting

/// A build's way to its code highlighter: each block is looked up in the ``HighlightCache``
/// first, and only the ones it lacks go to the highlighter: sent ahead of rendering in batches
/// (``prefetch(_:threads:)``), or in one batch for each body for what that missed. A
/// highlighter that cannot run is asked no more in this build, and the build says so once.
package final class CodeHighlighting: Sendable {
    package let highlighter: any CodeHighlighter
    package let cache: HighlightCache
    private let problem = Locked<HighlighterUnavailable?>(nil)
    /// Blocks the highlighter gave up on in this build, with the seconds it was given: shown
    /// plain, never cached (a later Pygments may manage), and not sent again in this build.
    private let tooSlow = Locked<[Fingerprint: Int]>([:])
    /// The blocks ``prefetch(_:threads:)`` has yet to answer: a body that needs one waits for it rather
    /// than asking the highlighter a second time.
    private let pending = PendingKeys()

    /// How many blocks go to the highlighter in one batch when they are sent ahead.
    static let prefetchBatch = 64

    package init(highlighter: any CodeHighlighter, cache: HighlightCache) {
        self.highlighter = highlighter
        self.cache = cache
    }

    /// Why the highlighter could not run, when it could not: its blocks were shown plain.
    package var unavailable: HighlighterUnavailable? { problem.withLock { $0 } }

    /// Sends `blocks` to the highlighter ahead of the bodies that show them, in batches, on
    /// `threads` threads of their own (one for each helper the highlighter may run), and returns
    /// at once. Blocks the cache holds are not sent, nor any twice.
    package func prefetch(_ blocks: [CodeBlock], threads: Int) {
        guard !blocks.isEmpty, unavailable == nil else { return }
        let keys = blocks.map { HighlightCache.key(identity: highlighter.identity, language: $0.language, code: $0.code) }
        let held = cache.answers(for: keys)
        var seen = Set<Fingerprint>()
        var wanted: [(key: Fingerprint, block: CodeBlock)] = []
        for index in blocks.indices where held[index] == nil && seen.insert(keys[index]).inserted {
            wanted.append((keys[index], blocks[index]))
        }
        guard !wanted.isEmpty else { return }
        pending.add(wanted.map(\.key))
        let size = Self.prefetchBatch
        let batches = stride(from: 0, to: wanted.count, by: size).map { Array(wanted[$0..<min($0 + size, wanted.count)]) }
        let next = Locked(0)
        for _ in 0..<max(1, min(threads, batches.count)) {
            BlockingPool.shared.detach { [self] in
                while true {
                    let index = next.withLock { taken -> Int in
                        defer { taken += 1 }
                        return taken
                    }
                    guard index < batches.count else { return }
                    let batch = batches[index]
                    if unavailable == nil {
                        do throws(HighlighterUnavailable) {
                            let made = try highlighter.highlightEach(batch.map(\.block))
                            remember(Array(zip(batch.map(\.key), made)))
                        } catch {
                            problem.withLock { $0 = $0 ?? error }
                        }
                    }
                    // Answered or not: a body waiting for these asks (or shows them plain) itself.
                    pending.remove(batch.map(\.key))
                }
            }
        }
    }

    /// What became of each block: its highlighted HTML, plain, or too slow to highlight.
    func highlight(_ blocks: [CodeBlock]) -> [BlockHighlight] {
        let keys = blocks.map { HighlightCache.key(identity: highlighter.identity, language: $0.language, code: $0.code) }
        pending.wait(for: keys)
        let held = cache.answers(for: keys)
        let slow = tooSlow.withLock { $0 }
        var answers: [BlockHighlight] = keys.indices.map { index in
            if let seconds = slow[keys[index]] { return .tooSlow(seconds: seconds) }
            return held[index].map { $0.map(BlockHighlight.html) ?? .plain } ?? .plain
        }
        // Each block the cache lacks goes once, though a body may show it twice.
        var missing: [Fingerprint: [Int]] = [:]
        var order: [Fingerprint] = []
        for (index, answer) in held.enumerated() where answer == nil && slow[keys[index]] == nil {
            if missing[keys[index]] == nil { order.append(keys[index]) }
            missing[keys[index], default: []].append(index)
        }
        guard !order.isEmpty, unavailable == nil else { return answers }
        let asked = order.map { blocks[missing[$0]![0]] }
        do {
            let made = try highlighter.highlightEach(asked)
            remember(Array(zip(order, made)))
            for (key, answer) in zip(order, made) {
                for index in missing[key]! { answers[index] = answer }
            }
        } catch {
            problem.withLock { $0 = $0 ?? error }
        }
        return answers
    }

    /// Keeps the highlighter's answers: in the cache, or, for blocks it gave up on, for this build.
    private func remember(_ made: [(Fingerprint, BlockHighlight)]) {
        var answers: [(Fingerprint, HighlightCache.Answer)] = []
        var slow: [(Fingerprint, Int)] = []
        for (key, answer) in made {
            switch answer {
            case .html(let html): answers.append((key, html))
            case .plain: answers.append((key, nil))
            case .tooSlow(let seconds): slow.append((key, seconds))
            }
        }
        cache.remember(answers)
        if !slow.isEmpty { tooSlow.withLock { for (key, seconds) in slow { $0[key] = seconds } } }
    }
}

/// Keys sent ahead and not answered yet, which bodies wait for.
package final class PendingKeys: @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var keys = Set<Fingerprint>()

    package init() {}

    package func add(_ new: [Fingerprint]) {
        condition.lock()
        keys.formUnion(new)
        condition.unlock()
    }

    package func remove(_ done: [Fingerprint]) {
        condition.lock()
        keys.subtract(done)
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once none of `wanted` is pending.
    package func wait(for wanted: [Fingerprint]) {
        condition.lock()
        while !keys.isEmpty, wanted.contains(where: keys.contains) { condition.wait() }
        condition.unlock()
    }
}
