import Diagnostics
import Digests
import Foundation
import FrontMatter
import SiteContent

/// The theme's own words ("min read", "Archive", "Older posts") in each language it has, read
/// from `layouts/strings/LANGUAGE.yml`: the default theme's, with a blog's own file of the same
/// name on top, word by word. Layouts read the words of the site's language as `site.strings`.
package struct ThemeStrings: Sendable {
    /// The folder under `layouts/` that holds one file of words per language.
    static let folder = "strings"
    /// The language every other falls back to, word by word.
    static let fallbackLanguage = "en"

    /// Each language's words, by the language tag its file is named with, lower-cased (`de`, `pt-br`).
    private(set) var tables: [String: [String: String]] = [:]

    /// The language tag of a file under `layouts/strings/` (`strings/pt-BR.yml` gives `pt-br`),
    /// or nil for a file that is not one.
    static func language(ofFile path: String) -> String? {
        guard path.hasPrefix(folder + "/"), path.hasSuffix(".yml") else { return nil }
        let name = path.dropFirst(folder.count + 1).dropLast(".yml".count)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return normalized(String(name))
    }

    /// Reads one language's file, its words taking the place of any the table had; a problem
    /// is reported at its file and line.
    mutating func add(_ text: String, language: String, path: String, log: inout DiagnosticLog) {
        let root: YAMLValue
        do {
            root = try YAMLValue.parse(text, path: path)
        } catch {
            log.report(error)
            return
        }
        if root.isNull { return }
        guard let pairs = root.pairs else {
            log.report(Diagnostic(path: path, line: root.line, message: "expected the theme's words as `name: text` lines"))
            return
        }
        var table = tables[language, default: [:]]
        for pair in pairs {
            guard let word = pair.value.string else {
                log.report(Diagnostic(path: path, line: pair.value.line, message: "'\(pair.key)' must be text"))
                continue
            }
            table[pair.key] = word
        }
        tables[language] = table
    }

    /// The words for `language` (a BCP 47 tag): each from the language's own table (`de-CH`),
    /// else its base language's (`de`), else English's.
    func words(for language: String) -> [String: String] {
        var words = tables[Self.fallbackLanguage] ?? [:]
        var chain: [String] = []
        var tag = Self.normalized(language)
        while !tag.isEmpty {
            chain.append(tag)
            guard let cut = tag.lastIndex(of: "-") else { break }
            tag = String(tag[..<cut])
        }
        for tag in chain.reversed() where tag != Self.fallbackLanguage {
            words.merge(tables[tag] ?? [:]) { $1 }
        }
        return words
    }

    /// The words of the site's `language`, with each of galley.yml's `strings:` in place of the
    /// theme's; a `strings:` that is not a mapping of texts is reported at its line.
    func words(for config: SiteConfig, log: inout DiagnosticLog) -> [String: String] {
        var words = words(for: config.language)
        guard let overrides = config.params["strings"], !overrides.isNull else { return words }
        guard let pairs = overrides.pairs else {
            log.report(Diagnostic(path: SiteConfig.fileName, line: overrides.line, message:
                "'strings' must be a mapping of the theme's words, such as `strings: { min_read: \"minutes\" }`"))
            return words
        }
        for pair in pairs {
            guard let word = pair.value.string else {
                log.report(Diagnostic(path: SiteConfig.fileName, line: pair.value.line, message: "strings: '\(pair.key)' must be text"))
                continue
            }
            words[pair.key] = word
        }
        return words
    }

    /// Every file's text, for the theme's fingerprint.
    var fingerprintParts: [Fingerprint] {
        tables.sorted { $0.key < $1.key }.map { language, table in
            Fingerprint.of(value: ["language": language, "words": table] as [String: Any])
        }
    }

    /// `pt_BR` and `pt-BR` alike, as `pt-br`.
    private static func normalized(_ tag: String) -> String {
        tag.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-").lowercased()
    }
}
