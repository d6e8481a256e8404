import Foundation
import Text

/// A way of grouping posts by names their front matter gives them, each name with a page of
/// its own: tags (`/tags/<slug>/`) and categories (`/categories/<slug>/`) are both one.
package struct Taxonomy: Sendable {
    /// Which names a taxonomy groups by; everything that tells tags from categories is here.
    package enum Kind: String, Sendable, CaseIterable {
        case tags, categories

        /// The folder of its pages, and the layout and page kind of its index (`/tags/`).
        package var plural: String { rawValue }
        /// The layout and page kind of one name's page (`/tags/<slug>/`), and the name under
        /// which that layout sees the term.
        package var singular: String {
            switch self {
            case .tags: "tag"
            case .categories: "category"
            }
        }

        /// The names a document carries in this taxonomy.
        package func names(of document: Document) -> [String] {
            switch self {
            case .tags: document.tags
            case .categories: document.categories
            }
        }

        /// The title of the index page in English, for a theme without the word.
        package var indexTitle: String {
            switch self {
            case .tags: "Tags"
            case .categories: "Categories"
            }
        }

        /// The site path of the index page, `/tags/`.
        package var indexPath: String { "/\(plural)/" }

        /// The site path of the page of the term with `slug`.
        package func path(ofSlug slug: String) -> String { "/\(plural)/\(slug)/" }

        /// The site paths of the term pages `documents` make, as ``Taxonomy`` makes them.
        package func paths(of documents: [Document], slugs: SlugRule) -> Set<String> {
            Set(documents.flatMap { names(of: $0).map { path(ofSlug: slugs.slug($0)) } })
        }
    }

    /// One name and the posts that carry it, newest first.
    package struct Term: Sendable {
        package var name: String
        package var slug: String
        /// Indexes into ``Site/posts``.
        package var posts: [Int]
        /// Every way posts spell it (`Swift`, `swift`), in the order first met.
        package var spellings: [String] = []
        /// The term page's site path, `/tags/<slug>/`.
        package let path: String
    }

    package let kind: Kind
    /// Every term, by name.
    package var terms: [Term]

    package var isEmpty: Bool { terms.isEmpty }

    /// Groups posts by their names of `kind` in one pass; names that `slugs` makes one slug of
    /// (under Galley's rule, names that differ only in case or accents) are one term, named as
    /// the newest post spells it.
    package init(_ kind: Kind, grouping posts: [RenderedDocument], slugs: SlugRule = .galley) {
        self.kind = kind
        var terms: [Term] = []
        // A hundred tags over ten thousand posts: each spelling is looked up once per post, and
        // made a slug (and found its term) only the first time.
        var termOfSpelling: [String: Int] = [:]
        var termOfSlug: [String: Int] = [:]
        for (index, post) in posts.enumerated() {
            for name in kind.names(of: post.document) {
                let term: Int
                if let known = termOfSpelling[name] { term = known } else {
                    let slug = slugs.slug(name)
                    if let known = termOfSlug[slug] { term = known } else {
                        term = terms.count
                        terms.append(Term(name: name, slug: slug, posts: [], path: kind.path(ofSlug: slug)))
                        termOfSlug[slug] = term
                    }
                    termOfSpelling[name] = term
                    terms[term].spellings.append(name)
                }
                terms[term].posts.append(index)
            }
        }
        self.terms = terms.sorted { $0.name.lowercased() == $1.name.lowercased() ? $0.slug < $1.slug : $0.name.lowercased() < $1.name.lowercased() }
    }
}
