import Dates
import Diagnostics
import Foundation
import FrontMatter
import Text

extension SiteConfig {
    /// Every key galley.yml gives a meaning of its own, in the order the guide's galley.yml reference lists them.
    /// Other keys are the blog's own, for layouts (`{{site.params.KEY}}`) and posts.
    package static let keys = [
        "title", "description", "author", "base_url", "timezone", "permalink", "permalink_dates", "lowercase_addresses", "slugs",
        "per_page", "language", "feed_limit", "date_format", "image", "strings", "highlight", "math", "heading_ids",
    ] + Conventions.keys

    /// What other generators call some of ``keys``: a blog moved by hand keeps their names.
    static let otherGeneratorsKeys = [
        "url": "base_url", "baseurl": "base_url", "paginate": "per_page", "pagersize": "per_page", "paginate_by": "per_page",
        "lang": "language", "locale": "language", "languagecode": "language", "default_language": "language",
    ]

    /// The key of ``keys`` that `key` is probably a misspelling of, or another generator's name
    /// for, when that key is not set itself: a key of the blog's own that is near a set one
    /// (`titles` beside `title`) is left alone.
    static func meant(by key: String, setKeys: Set<String>) -> String? {
        guard !keys.contains(key) else { return nil }
        let free = keys.filter { !setKeys.contains($0) }
        if let known = otherGeneratorsKeys[key.lowercased()], free.contains(known) { return known }
        return EditDistance.suggestion(for: key, among: free)
    }

    /// A warning for each key that looks like a mistake for one of ``keys``.
    static func unknownKeys(in pairs: [(key: String, value: YAMLValue)], path: String) -> [Diagnostic] {
        let set = Set(pairs.map(\.key))
        return pairs.compactMap { key, value in
            meant(by: key, setKeys: set).map { known in
                Diagnostic(path: path, line: value.line, message:
                    "unknown setting '\(key)': did you mean '\(known)'? (a key Galley does not know is only read by layouts, as site.params.\(key))")
            }
        }
    }

    /// For a missing required `key`: where the file has it misspelt, if it does.
    static func misspelling(of key: String, in pairs: [(key: String, value: YAMLValue)]) -> String {
        let set = Set(pairs.map(\.key))
        guard let pair = pairs.first(where: { meant(by: $0.key, setKeys: set) == key }) else { return "" }
        return " (line \(pair.value.line) has '\(pair.key)': did you mean '\(key)'?)"
    }

    /// What is wrong with `language`, when it is no language tag Galley knows a language of.
    static func languageProblem(_ language: String) -> String? {
        let parts = language.split(separator: "-", omittingEmptySubsequences: false)
        let wellFormed = parts.first.map { (2...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isLetter } } == true
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        let codes = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
        if wellFormed, codes.isEmpty || codes.contains(parts[0].lowercased()) { return nil }
        var hint = ""
        if language.contains("_"), languageProblem(language.replacingOccurrences(of: "_", with: "-")) == nil {
            hint = ": did you mean '\(language.replacingOccurrences(of: "_", with: "-"))'?"
        } else if let code = codes.sorted().first(where: {
            Locale(identifier: "en").localizedString(forLanguageCode: $0)?.caseInsensitiveCompare(language) == .orderedSame
        }) {
            hint = ": did you mean '\(code)'?"
        }
        return "language '\(language)' is not a language tag such as en, en-GB or de, so month and day names are English\(hint)"
    }

    /// What is wrong with a `date_format`, when it has letters no date pattern gives.
    static func datePatternProblem(_ pattern: String) -> String? {
        let unknown = DatePattern.unknownLetters(in: pattern)
        guard !unknown.isEmpty else { return nil }
        if pattern.contains("%") {
            return "date_format '\(pattern)' is a strftime pattern, whose letters print as they are: Galley's patterns are Unicode ones, such as d MMMM yyyy"
        }
        let letters = unknown.map { "'\($0)'" }.joined(separator: ", ")
        return "date_format '\(pattern)' has letters no date pattern gives (\(letters)), which print as they are: "
            + "use y, M, d, E, H, h, m, s, a, Z, x or z (see the guide, Layouts: Dates), and put words in single quotes"
    }
}
