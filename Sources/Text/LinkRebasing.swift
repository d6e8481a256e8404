import Foundation

/// Links in a fragment of HTML made right for another place: an excerpt on a list page, a post
/// in a feed.
package enum LinkRebasing {
    /// Rewrites every `href` and `src` (and `srcset` entries) in `html` so that they still point at
    /// the right place when the HTML is shown somewhere else: a root-relative `/x` becomes
    /// `root + x`, a relative `x` resolves against the folder `base`, and `#x`, `?x` or an empty
    /// link against `page`, the document's own address (`base` when not given). The two differ
    /// for a page that is a file (`/2024/post.html` in the folder `/2024/`). Absolute URLs are kept.
    package static func rebase(_ html: String, root: String, base: String, page: String? = nil) -> String {
        let page = page ?? base
        return rewriteLinks(in: html) { resolve($0, root: root, base: base, page: page) }
    }

    /// Puts every root-relative link (`/images/a.png`) under `basePath` (`/blog/`), unless it is
    /// there already. Relative and absolute links are kept.
    package static func rootRelative(_ html: String, under basePath: String) -> String {
        let bare = basePath.dropLast()
        return rewriteLinks(in: html) { link in
            guard link.hasPrefix("/"), !link.hasPrefix("//"), !link.hasPrefix(basePath), link != bare,
                !link.hasPrefix(bare + "?"), !link.hasPrefix(bare + "#")
            else { return link }
            return bare + link
        }
    }

    /// `html` with the value of every `href`, `src` and `poster` attribute, and each address of
    /// every `srcset`, passed through `rewrite`.
    private static func rewriteLinks(in html: String, _ rewrite: (String) -> String) -> String {
        let srcset = Array(" srcset=\"".utf8)
        let attributes: [[UInt8]] = [Array(" href=\"".utf8), Array(" src=\"".utf8), Array(" poster=\"".utf8), srcset]
        var text = html
        // Read in place; nothing is copied until a link is found, and with none (as in most of
        // the excerpts a list shows) the text comes back as it was.
        let rewritten: [UInt8]? = text.withUTF8 { buffer in
            guard let base0 = buffer.baseAddress else { return nil }
            var output: [UInt8] = []
            // What lies between links is copied a run at a time, not a byte at a time.
            var copied = 0
            var index = 0
            scan: while index < buffer.count {
                guard let space = memchr(base0 + index, 0x20, buffer.count - index) else { break }
                index = UnsafePointer<UInt8>(space.assumingMemoryBound(to: UInt8.self)) - base0
                for attribute in attributes where index + attribute.count <= buffer.count
                    && buffer[index..<index + attribute.count].elementsEqual(attribute)
                {
                    let start = index + attribute.count
                    guard let close = buffer[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                    if output.isEmpty { output.reserveCapacity(buffer.count + 64) }
                    output.append(contentsOf: buffer[copied..<start])
                    let link = String(decoding: buffer[start..<close], as: UTF8.self)
                    output.append(contentsOf: (attribute == srcset ? rewriteSourceSet(link, rewrite) : rewrite(link)).utf8)
                    copied = close
                    index = close
                    continue scan
                }
                index += 1
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: buffer[copied...])
            return output
        }
        return rewritten.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// A `srcset` (`a.jpg 1x, b.jpg 2x`) with each address passed through `rewrite` and its
    /// descriptors kept. An address runs to the next space, as HTML reads it, so a comma inside
    /// one (a `data:` URL) stays in it.
    package static func rewriteSourceSet(_ sources: String, _ rewrite: (String) -> String) -> String {
        var result = ""
        var rest = Substring(sources)
        while true {
            let separators = rest.prefix { $0.isWhitespace || $0 == "," }
            result += separators
            rest = rest.dropFirst(separators.count)
            guard !rest.isEmpty else { return result }
            var address = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(address.count)
            // A comma that ends the address ends the candidate: it has no descriptors.
            let commas = address.reversed().prefix { $0 == "," }.count
            address = address.dropLast(commas)
            result += rewrite(String(address)) + String(repeating: ",", count: commas)
            if commas == 0 {
                let descriptors = rest.prefix { $0 != "," }
                result += descriptors
                rest = rest.dropFirst(descriptors.count)
            }
        }
    }

    package static func resolve(_ link: String, root: String, base: String, page: String) -> String {
        // Links within the document itself, as a browser reads them.
        if link.isEmpty { return page }
        if link.hasPrefix("#") || link.hasPrefix("?") { return page + link }
        if link.hasPrefix("//") { return link }
        if link.hasPrefix("/") { return root + link.dropFirst() }
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains("/"), !link[..<colon].contains("#") {
            return link  // has a scheme: https:, mailto:, data:
        }
        return base + link
    }
}
