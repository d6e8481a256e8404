import Text

/// Zola's links by file: `[the next post](@/blog/second.md#setup)` names a document by its path
/// under Zola's `content/`, and Zola turns it into that document's address. Posts moved from
/// Zola keep them, so the Markdown renderer asks this for the address of each link and image
/// whose destination starts with `@/`: cmark has read the Markdown by then, so code, angle
/// brackets, reference definitions and line breaks inside a link are as CommonMark has them.
///
/// One for each body; it gathers what the body's links pointed at and what was wrong with them.
package final class ContentPathLinks {
    let links: BodyLinks
    let basePath: String
    /// What each link named and led to, so that a later build can tell when one moved.
    package private(set) var references: [BodyReference] = []
    /// Problems, at lines of the Markdown rendered.
    package private(set) var notes: [(line: Int, message: String, isError: Bool)] = []

    package init(links: BodyLinks, basePath: String) {
        self.links = links
        self.basePath = basePath
    }

    /// Whether `body` may hold such a link at all: most bodies do not.
    package static func mayHold(_ body: String) -> Bool {
        UTF8Search.contains("@/", in: body)
    }

    /// The address the destination `url` (`@/blog/second.md#setup`) at `line` leads to, or nil
    /// when it is left as it is, with a note saying why.
    package func address(for url: String, line: Int) -> String? {
        guard url.hasPrefix("@/") else { return nil }
        let written = String(url.dropFirst(2))
        let found = links.lookup(written)
        let (name, fragment) = (found.name, found.fragment)
        if name == "_index.md" || name.isEmpty {
            // The content folder's own page: Zola's home page.
            return basePath + fragment
        }
        references.append(found.reference)
        if let path = found.path { return basePath + path.drop { $0 == "/" } + fragment }
        if name.hasSuffix("/_index.md") {
            notes.append((line, "the link @/\(written) names a section's list page, which Galley does not make; it leads to the home page", false))
            return basePath + fragment
        }
        notes.append((line, "the link @/\(written) names no post or page of this blog (or one this build does not publish)", true))
        return nil
    }
}
