import Diagnostics
import FrontMatter
import Text

/// Front matter keys that look like a slip of the fingers for one Galley reads (`titel:` for
/// `title:`), said as a warning: a key Galley does not know is still the blog's own, for its
/// layouts, so only one close to a known key is worth a word.
package enum FrontMatterKeys {
    /// Keys other generators give a meaning (and imported blogs carry) that sit close to one of
    /// Galley's: `images` is Hugo's, not a misspelt `image`.
    static let othersOwn: Set<String> = [
        "images", "tag", "drafts", "slugs", "titles", "dates", "type", "types", "data", "math", "toc", "series", "menu", "menus",
        "cover", "layouts", "pages", "page", "paths", "urls", "audios", "weights", "summaries", "excerpts", "authors", "author",
        "updates", "update", "publish", "publishdate", "keyword", "keywords", "status", "state", "lang", "name", "height",
    ]

    /// A warning for each key of `fields` near a key ``DocumentReader`` reads but not set
    /// itself, at the key's line in `text` (the whole file).
    static func misspelt(in fields: YAMLValue, text: String, path: String) -> [(key: String, meant: String, warning: Diagnostic)] {
        guard let pairs = fields.pairs else { return [] }
        let set = Set(pairs.map { $0.key.lowercased() })
        var free: [String]?
        var warnings: [(key: String, meant: String, warning: Diagnostic)] = []
        for pair in pairs {
            let key = pair.key.lowercased()
            guard !DocumentReader.knownKeys.contains(key), !othersOwn.contains(key), key.count >= 3 else { continue }
            let candidates = free ?? DocumentReader.knownKeys.filter { !set.contains($0) }.sorted()
            free = candidates
            guard let meant = EditDistance.suggestion(for: key, among: candidates) else { continue }
            let line = keyLine(of: pair.key, in: text) ?? pair.value.line
            warnings.append((pair.key, meant, Diagnostic(path: path, line: line, column: 1, message:
                "unknown front matter key '\(pair.key)': did you mean '\(meant)'? (a key Galley does not know is only read by layouts, as page.params.\(pair.key))")))
        }
        return warnings
    }

    /// A warning for each key of `fields` but `title` (whose absence is an error of its own)
    /// left without a value by a `#` that starts a comment: `summary: #1 in sales`.
    static func commentedOut(in fields: YAMLValue, text: String, path: String) -> [Diagnostic] {
        (fields.pairs ?? []).compactMap { pair in
            guard pair.key != "title", pair.value.isNull, valueIsComment(atLine: pair.value.line, in: text) else { return nil }
            return Diagnostic(path: path, line: pair.value.line, message:
                "'#' starts a comment in YAML, so this line sets no \(pair.key): put the \(pair.key) in quotes")
        }
    }

    /// Whether line `number` of `text` sets its key to a comment (`title: #1 post`), which YAML
    /// reads as no value at all.
    static func valueIsComment(atLine number: Int, in text: String) -> Bool {
        guard number >= 1, let line = text.split(separator: "\n", maxSplits: number, omittingEmptySubsequences: false).dropFirst(number - 1).first,
            let colon = line.firstIndex(of: ":")
        else { return false }
        return line[line.index(after: colon)...].drop { $0 == " " }.hasPrefix("#")
    }

    /// The line where `key` is set at the top of the front matter: the value's own line is the
    /// line after it for a list written below its key.
    private static func keyLine(of key: String, in text: String) -> Int? {
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number > 1, line.hasPrefix("---") || line.hasPrefix("+++") { break }
            // JSON front matter indents its keys.
            let text = line.drop { $0 == " " || $0 == "\t" }
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where text.hasPrefix(spelling) {
                let rest = text.dropFirst(spelling.count).drop { $0 == " " }
                if rest.hasPrefix(":") || rest.hasPrefix("=") { return number }
            }
        }
        return nil
    }
}
