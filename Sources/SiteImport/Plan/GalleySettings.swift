import FrontMatter
import Markdown
import SiteCompiler
import SiteContent

/// The `galley.yml` an import writes, each key taken from the site's own settings when it has
/// a Galley meaning there.
struct GalleySettings: Sendable, Equatable {
    static let fileName = "galley.yml"
    /// What `base_url` says when the site names no address of its own.
    static let placeholderBaseURL = "https://example.com/"
    /// What `title` says when the site has none.
    static let placeholderTitle = "Untitled blog"

    /// The name of the generator the settings were read from, for the file's opening comment.
    var origin: String
    var title = placeholderTitle
    var description: String?
    var author: Author?
    var baseURL = placeholderBaseURL
    var timezone: String?
    var permalink: String?
    var permalinkDates: String?
    /// Whether every address is lower-case, as Hugo and Zola make them.
    var lowercaseAddresses: Bool?
    /// The rule titles and tags are made part of addresses by: `hugo` for a Hugo site.
    var slugs: String?
    /// The rule headings get their ids by: that of the site's Markdown renderer.
    var headingIDs: String?
    var perPage: Int?
    var language: String?
    /// How the old generator read posts (``Conventions``): whether Liquid runs, what a
    /// relative alias is relative to, whether a post without a title takes its file name's.
    var liquid: Bool?
    var relativeAliases: Conventions.RelativeAliases?
    var titlesFromFileNames: Bool?
    /// Whether `:ship:` is an emoji, as the site had it with jemoji or Hugo's `enableEmoji`.
    var emoji: Bool?
    /// How math is read: `kramdown` for a Jekyll site whose Markdown kramdown renders.
    var mathSyntax: Conventions.MathSyntax?

    /// Other settings of the site, copied as they are: layouts read them as `site.params.KEY`,
    /// and posts as `{{ site.KEY }}`.
    var params: [Param] = []

    /// One setting copied as it is.
    struct Param: Sendable, Equatable {
        var key: String
        var value: YAMLValue
    }

    /// The keys galley.yml gives a meaning of its own, which a copied setting must not take.
    static let keys = Set(SiteConfig.keys)

    /// A person, as `author` in galley.yml holds one.
    struct Author: Sendable, Equatable {
        var name: String
        var email: String?
        var url: String?
    }
}
