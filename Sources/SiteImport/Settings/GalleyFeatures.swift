import Foundation
import SiteCompiler
import SiteSource

/// What this Galley's compiler can do that an import leans on, asked of the compiler itself
/// rather than assumed: an address Galley can keep as the old generator made it is set in
/// galley.yml, and only one it cannot is reported as moving. As the compiler learns more
/// (categories in addresses, lower-case addresses), imports carry more, with no change here.
enum GalleyFeatures {
    /// Whether permalinks take `:categories`, a post's categories as folders (Jekyll's).
    static let categoriesInAddresses = Permalink.placeholders.contains(":categories")

    /// Whether galley.yml has `lowercase_addresses`, which makes every address lower-case as
    /// Hugo and Zola do: a galley.yml that gives it a value no flag can be is refused by a
    /// compiler that reads the key, and taken as a layout parameter by one that does not.
    static let lowercaseAddresses: Bool = {
        let probe = MemorySource(["galley.yml": "title: probe\nbase_url: https://example.com/\nlowercase_addresses: probe\n"])
        return (try? SiteConfig.load(from: probe)) == nil
    }()
}
