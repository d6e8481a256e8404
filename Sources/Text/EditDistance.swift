import Foundation

/// How far apart two words are, for "did you mean …?" suggestions.
package enum EditDistance {
    /// The fewest insertions, deletions, substitutions and swaps of two neighbours that turn `a`
    /// into `b` (`titel` is one from `title`).
    package static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }

    /// The one of `candidates` nearest `word`, when it is near enough to be what was meant: one
    /// edit for a short word, two for a longer one. Case, `-` and `_` do not count.
    package static func suggestion(for word: String, among candidates: [String]) -> String? {
        func normal(_ text: String) -> String { text.lowercased().replacingOccurrences(of: "-", with: "_") }
        let typed = normal(word)
        let allowed = typed.count <= 5 ? 1 : 2
        let scored = candidates.map { (candidate: $0, distance: between(typed, normal($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= allowed else { return nil }
        return best.candidate
    }
}
