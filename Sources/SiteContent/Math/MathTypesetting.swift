import Blocking
import Digests
import Foundation
import Markdown
import Typesetting

/// A build's way to its math typesetter, as ``CodeHighlighting`` is to its highlighter: each
/// formula is looked up in the cache first, and only the ones it lacks go to the typesetter,
/// sent ahead of rendering in big batches (``prefetch(_:threads:)``), or in one batch for each
/// body for what that missed. A typesetter that cannot run is asked no more in this build, and
/// the build says so once.
///
/// MathML is kept only once ``MathMLCheck`` has passed it; an answer that fails the check is a
/// TeX error like any other. TeX errors are not cached (a later converter may manage), so a
/// body that holds one says so each time it is rendered.
package final class MathTypesetting: Sendable {
    package let typesetter: any MathTypesetter
    package let cache: HighlightCache
    private let problem = Locked<TypesetterUnavailable?>(nil)
    /// The TeX errors of this build, by key.
    private let errors = Locked<[Fingerprint: String]>([:])
    private let pending = PendingKeys()

    /// How many formulas go to the typesetter in one batch when they are sent ahead: a Node
    /// process each, whose start costs as much as typesetting hundreds of formulas.
    static let prefetchBatch = 1000
    /// How many formulas take the typesetter as long as its start: fewer go in one batch.
    static let formulasWorthAStart = 500
    /// The name the cache's files in the cache folder are made from (see ``HighlightCache``).
    package static let cacheFileName = "math.cache"

    package init(typesetter: any MathTypesetter, cache: HighlightCache) {
        self.typesetter = typesetter
        self.cache = cache
    }

    /// Why the typesetter could not run, when it could not: its formulas were left as TeX.
    package var unavailable: TypesetterUnavailable? { problem.withLock { $0 } }

    private func key(_ formula: MathFormula) -> Fingerprint {
        HighlightCache.key(identity: typesetter.identity, language: formula.display ? "display" : "inline", code: formula.tex)
    }

    /// Sends the formulas the cache lacks to the typesetter ahead of the bodies that show them,
    /// on up to `threads` threads, and returns at once.
    package func prefetch(_ formulas: [MathFormula], threads: Int) {
        guard !formulas.isEmpty, unavailable == nil else { return }
        let keys = formulas.map(key)
        let held = cache.answers(for: keys)
        var seen = Set<Fingerprint>()
        var wanted: [(key: Fingerprint, formula: MathFormula)] = []
        for index in formulas.indices where held[index] == nil && seen.insert(keys[index]).inserted {
            wanted.append((keys[index], formulas[index]))
        }
        guard !wanted.isEmpty else { return }
        pending.add(wanted.map(\.key))
        // Even batches: one a thread only once each is worth a process's start, and more only
        // when they would pass the batch size.
        let count = max(max(1, min(threads, wanted.count / Self.formulasWorthAStart)), (wanted.count + Self.prefetchBatch - 1) / Self.prefetchBatch)
        let size = (wanted.count + count - 1) / count
        for start in stride(from: 0, to: wanted.count, by: size) {
            let batch = Array(wanted[start..<min(start + size, wanted.count)])
            BlockingPool.shared.detach { [self] in
                send(batch)
                // Answered or not: a body waiting for these asks (or leaves them as TeX) itself.
                pending.remove(batch.map(\.key))
            }
        }
    }

    /// Each formula's MathML, or nil where it stays TeX; with the TeX errors by index.
    func typeset(_ formulas: [MathFormula]) -> (mathML: [String?], errors: [Int: String]) {
        let keys = formulas.map(key)
        pending.wait(for: keys)
        var held = cache.answers(for: keys)
        let missing = Array(Set(keys.indices.filter { held[$0] == nil && errorFor(keys[$0]) == nil }.map { keys[$0] }))
        if !missing.isEmpty, unavailable == nil {
            let first = Dictionary(keys.indices.map { (keys[$0], $0) }, uniquingKeysWith: { one, _ in one })
            send(missing.map { ($0, formulas[first[$0]!]) })
            held = cache.answers(for: keys)
        }
        var found: [Int: String] = [:]
        for index in keys.indices { if let error = errorFor(keys[index]) { found[index] = error } }
        return (held.map { $0 ?? nil }, found)
    }

    private func errorFor(_ key: Fingerprint) -> String? { errors.withLock { $0[key] } }

    /// Asks the typesetter for `batch` and keeps what it says.
    private func send(_ batch: [(key: Fingerprint, formula: MathFormula)]) {
        guard unavailable == nil else { return }
        do throws(TypesetterUnavailable) {
            let answers = try typesetter.typeset(batch.map(\.formula))
            guard answers.count == batch.count else { throw TypesetterUnavailable("the typesetter gave \(answers.count) answers for \(batch.count) formulas") }
            var made: [(Fingerprint, HighlightCache.Answer)] = []
            var failed: [(Fingerprint, String)] = []
            for (entry, answer) in zip(batch, answers) {
                switch answer {
                case .mathML(let mathML) where MathMLCheck.isSafe(mathML): made.append((entry.key, mathML))
                case .mathML: failed.append((entry.key, "the typesetter's MathML holds markup Galley does not allow"))
                case .texError(let message): failed.append((entry.key, message))
                }
            }
            cache.remember(made)
            if !failed.isEmpty { errors.withLock { for (key, message) in failed { $0[key] = message } } }
        } catch {
            problem.withLock { $0 = $0 ?? error }
        }
    }
}
