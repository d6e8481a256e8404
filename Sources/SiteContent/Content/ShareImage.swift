import Foundation

/// The picture that link previews (`og:image`, Twitter's card) show for a page: `image:` in its
/// front matter, or in galley.yml for every page without one, as an absolute address.
///
/// The value is `hill.jpg` beside the post when the post is a folder with its photos (an
/// `index.md`, as a Hugo page bundle), a path from the blog's root otherwise (`images/cover.png`
/// or `/images/cover.png`, as jekyll-seo-tag and Hugo read a post's image), or a full http(s)
/// address. Anything else (`javascript:`, `data:`, a path that climbs out of the blog with
/// `..`) gives no picture: the address lands in every preview of the page.
package enum ShareImage {
    /// The folder a relative image of `document` is read from: its own for a post or page that
    /// is a folder (`posts/walk/index.md`), the blog's root for one that is a file.
    package static func folder(of document: Document) -> String {
        let name = document.sourcePath.split(separator: "/").last ?? ""
        return name.hasPrefix("index.") && document.sourcePath.contains("/") ? document.directoryPath : "/"
    }

    /// The absolute address of `written` on a page in the site folder `folder` (`/2024/10/12/walk/`),
    /// or nil when it is empty or leaves the site.
    package static func address(_ written: String, folder: String, links: Links) -> String? {
        let text = written.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0 == "\u{7F}" }),
            let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed), let base = URL(string: links.base)
        else { return nil }
        if let scheme = URL(string: encoded)?.scheme {
            // A full address elsewhere is the writer's choice; only http(s) can be one.
            guard ["http", "https"].contains(scheme.lowercased()), let url = URL(string: encoded), url.host?.isEmpty == false else { return nil }
            return url.absoluteString
        }
        guard !encoded.hasPrefix("//") else { return nil }
        // Root-relative means the blog's root, as in the blog's own links.
        let page = encoded.hasPrefix("/") ? base : URL(string: links.absolute(folder)) ?? base
        let relative = encoded.hasPrefix("/") ? String(encoded.dropFirst()) : encoded
        guard let resolved = URL(string: relative, relativeTo: page)?.absoluteURL.standardized,
            resolved.absoluteString.hasPrefix(links.base)
        else { return nil }
        return resolved.absoluteString
    }

    /// What may stand in an address as written: a path, a query and a fragment, with `%`
    /// escapes kept as they are. Spaces and other characters are escaped.
    private static let allowed = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "%?#"))
}
