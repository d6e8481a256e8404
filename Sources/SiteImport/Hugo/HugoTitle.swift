import Foundation
import SiteCompiler
import Text

/// What Galley's `slugs: hugo` makes of a post's title in its address, beside what Hugo made:
/// the same, but for the few characters no Galley address may hold and the settings that
/// change Hugo's rule.
enum HugoTitle {
    /// How the site set Hugo's rule.
    struct Rule {
        /// `disablePathToLower`: Hugo kept a title's capitals, where Galley lowercases them.
        var keepsCase = false
        /// `removePathAccents`: Hugo took accents off, where Galley keeps them.
        var removesAccents = false
    }

    /// Whether Galley puts `title` in an address other than Hugo did: it holds `\`, `%` and
    /// two hex digits, or a `#` with a letter or digit after it, which Hugo keeps and Galley
    /// drops (a `#` last is a fragment of nothing, which Hugo drops too), or the site's rule
    /// differs.
    static func moves(_ title: String, by rule: Rule) -> Bool {
        let scalars = Array(title.unicodeScalars)
        let dropped = scalars.indices.contains { index in
            switch scalars[index] {
            case "\\": return true
            case "#": return scalars[(index + 1)...].contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            case "%":
                return index + 2 < scalars.count && scalars[index + 1].properties.isASCIIHexDigit && scalars[index + 2].properties.isASCIIHexDigit
            default: return false
            }
        }
        // Hugo keeps every letter, so any capital is one Galley lowercases.
        let capitals = rule.keepsCase && title.unicodeScalars.contains { $0.properties.changesWhenLowercased }
        let accents = rule.removesAccents && title.decomposedStringWithCanonicalMapping.unicodeScalars.contains {
            $0.properties.generalCategory == .nonspacingMark
        }
        return dropped || capitals || accents
    }

    /// Whether the title makes no safe address by Hugo's rule (`../x`, `a//b`, `.`), so that the
    /// build stops at the post until it has its own `url`.
    static func isRefused(_ title: String) -> Bool {
        SlugRule.problem(with: Slug.hugoTitle(title)) != nil
    }
}
