import Diagnostics
import FrontMatter
import Markdown

/// How posts written for another generator are read, so a blog that moves builds as it did
/// there. `galley import` sets each for the generator the blog came from; a blog started with
/// Galley keeps Galley's own rules.
package struct Conventions: Sendable, Equatable {
    /// Whether Liquid's `{{ … }}` and `{% … %}` run in posts and pages, as Jekyll runs them
    /// (`liquid: true`), or are printed as written, as Hugo and Zola print them, so that a code
    /// sample of a template language stays as it is (`false`). Unset, they run except in a
    /// file whose front matter is TOML, which only Hugo and Zola write. Hugo's shortcodes run
    /// either way.
    package var liquid: Bool?
    /// What an alias without a leading `/` is relative to.
    package var relativeAliases = RelativeAliases.root
    /// Whether a post without `title` takes one from its file name (`2016-05-02-old-name.md` is
    /// "Old Name"), as Jekyll does; otherwise a missing title stops the build.
    package var titlesFromFileNames = false
    /// Whether `:ship:` in a post is the emoji of that name (🚢), as jemoji and Hugo's
    /// `enableEmoji` make it (`emoji: true`).
    package var emoji = false
    /// How `$$ … $$` and the escapes in math are read.
    package var mathSyntax = MathSyntax.galley

    package init() {}

    /// How math is read out of Markdown.
    package typealias MathSyntax = Markdown.MathSyntax

    /// What `old-name` in `aliases` means.
    package enum RelativeAliases: String, Sendable {
        /// `/old-name`: Galley's rule, and Jekyll's (jekyll-redirect-from) and Zola's.
        case root
        /// The folder the page's own address is in (`/posts/old-name/` for `/posts/new/`): Hugo's rule.
        case page
    }

    /// The galley.yml keys, each with the message for a bad value.
    static let keys = ["liquid", "relative_aliases", "titles_from_file_names", "emoji", "math_syntax"]
}

extension SiteConfig {
    /// Reads the keys of ``Conventions`` from the settings, reporting bad values at their lines.
    static func parseConventions(_ root: YAMLValue, path: String, log: inout DiagnosticLog) -> Conventions {
        var conventions = Conventions()
        func flag(_ key: String, _ meaning: String) -> Bool? {
            guard let value = root[key], !value.isNull else { return nil }
            guard let flag = value.bool else {
                log.report(Diagnostic(path: path, line: value.line, message: "\(key) must be true or false: \(meaning)"))
                return nil
            }
            return flag
        }
        if let liquid = flag("liquid", "true runs Liquid's {{ … }} and {% … %} in posts, as Jekyll does; false prints them as written") {
            conventions.liquid = liquid
        }
        if let titles = flag("titles_from_file_names", "true gives a post without a title one made from its file name, as Jekyll does") {
            conventions.titlesFromFileNames = titles
        }
        if let emoji = flag("emoji", "true makes :ship: the emoji of that name, as jemoji and Hugo's enableEmoji do") {
            conventions.emoji = emoji
        }
        if let value = root["relative_aliases"], !value.isNull {
            if let raw = value.string, let rule = Conventions.RelativeAliases(rawValue: raw) {
                conventions.relativeAliases = rule
            } else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "relative_aliases must be 'root' (old-name is /old-name, as Jekyll and Zola read it) or 'page' (beside the page's own address, as Hugo reads it)"))
            }
        }
        if let value = root["math_syntax"], !value.isNull {
            if let raw = value.string, let rule = Conventions.MathSyntax(rawValue: raw) {
                conventions.mathSyntax = rule
            } else {
                log.report(Diagnostic(path: path, line: value.line, message:
                    "math_syntax must be 'galley' ($$ … $$ is display math wherever it is), 'kramdown' (as Jekyll reads it: inline within a line) "
                    + "or 'hugo' (as Hugo's passthrough reads it: \\( … \\) and \\[ … \\] with one backslash)"))
            }
        }
        return conventions
    }
}
