import Foundation
import SiteCompiler
import SiteContent
import SiteSource
import Text

/// What this Galley's compiler can do that an import leans on, asked of the compiler itself
/// rather than assumed: an address Galley can keep as the old generator made it is set in
/// galley.yml, and only one it cannot is reported as moving. As the compiler learns more
/// (categories in addresses, lower-case addresses), imports carry more, with no change here.
enum GalleyFeatures {
    /// Whether permalinks take `:categories`, a post's categories as folders (Jekyll's).
    static let categoriesInAddresses = Permalink.placeholders.contains(":categories")

    /// Whether galley.yml has `lowercase_addresses`, which makes every address lower-case as
    /// Hugo and Zola do.
    static let lowercaseAddresses = SiteConfig.keys.contains("lowercase_addresses")

    /// Whether galley.yml has `slugs: hugo`, which makes titles and tags part of addresses by
    /// Hugo's rule (`.NET` is `.net`).
    static let hugoSlugs = SiteConfig.keys.contains("slugs") && SlugRule(rawValue: "hugo") != nil

    /// Whether galley.yml has `heading_ids`, which gives headings the ids kramdown, Goldmark or
    /// Zola gave them.
    static let headingIDs = SiteConfig.keys.contains("heading_ids")
}
