import Blocking
import Digests
import Foundation
import SiteSource
import Text

/// The sizes of a blog's own pictures, and a post's `<img>` tags given them: `width` and
/// `height` so the page does not jump as pictures arrive, and `loading="lazy"` so pictures far
/// down a page wait until they are scrolled to.
///
/// Only files the build publishes from the blog (its `static/` folder, or beside a post that is
/// a folder) are measured, each once per build and only when a page shows it; a picture from
/// another host, or one whose header does not read, keeps the tag as written.
package final class ImageSizes: Sendable {
    private let tree: (any SourceTree)?
    /// The blog's file published at each output path (`images/a.png` → `static/images/a.png`).
    private let sources: [String: String]
    private let measured = Locked<[String: ImageSize?]>([:])

    /// The files `published` (source and output path) of `tree`; with no tree, no image is measured.
    package init(tree: (any SourceTree)?, published: [(source: String, output: String)]) {
        self.tree = tree
        var sources: [String: String] = [:]
        for file in published where Self.isPicture(file.output) { sources[file.output] = file.source }
        self.sources = sources
    }

    private static func isPicture(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return [".png", ".gif", ".jpg", ".jpeg", ".webp", ".svg"].contains { lowered.hasSuffix($0) }
    }

    /// The size of the file published at `output`, read from its header the first time it is asked for.
    func size(ofOutput output: String) -> ImageSize? {
        guard let tree, let source = sources[output] else { return nil }
        if let known = measured.withLock({ $0[output] }) { return known }
        let size = (try? tree.head(of: source, count: ImageSize.headerBytes)).flatMap { ImageSize.read(Array($0)) }
        measured.withLock { $0[output] = size }
        return size
    }

    /// `html`, a page's body at the site path `page` (`/2024/10/12/walk/`) on a site under
    /// `basePath`, with each `<img>` given what it lacks of `width`, `height` and `loading`.
    package func sized(_ html: String, page: String, basePath: String) -> String {
        guard (UTF8Search.contains("<img", in: html) || UTF8Search.contains("<IMG", in: html)) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        Self.eachImage(in: html) { tag, attributes in
            // Added before a closing `/`, where the tag's own attributes end.
            var cut = tag.upperBound
            while cut > tag.lowerBound, html[html.index(before: cut)] == "/" || html[html.index(before: cut)].isWhitespace {
                cut = html.index(before: cut)
            }
            output += rest[..<cut]
            output += added(to: attributes, page: page, basePath: basePath)
            rest = rest[cut...]
        }
        output += rest
        return output
    }

    /// The `src` of each `<img>` of `html`, as written.
    static func sources(in html: String) -> [String] {
        guard UTF8Search.contains("<img", in: html) || UTF8Search.contains("<IMG", in: html) else { return [] }
        var found: [String] = []
        eachImage(in: html) { _, attributes in
            if let source = attributes["src"] { found.append(source) }
        }
        return found
    }

    /// A digest of the blog's pictures among `pictures` (`<img src>` values of the page at
    /// `page`): their files' versions, or their sizes where the tree keeps no versions; nil when
    /// none is the blog's. A page whose pictures change is rendered again, with their new sizes.
    package func digest(of pictures: [String], page: String, basePath: String) -> Fingerprint? {
        guard let tree, !sources.isEmpty, !pictures.isEmpty else { return nil }
        var builder = Fingerprint.Builder()
        var found = false
        for address in pictures {
            guard let output = Self.outputPath(of: address, page: page, basePath: basePath), let source = sources[output] else { continue }
            found = true
            builder.add(source)
            if let version = tree.version(of: source) {
                builder.add(version.bytes.count)
                for byte in version.bytes { builder.add(Int(byte)) }
            } else {
                let size = size(ofOutput: output)
                builder.add(size?.width ?? -1)
                builder.add(size?.height ?? -1)
            }
        }
        return found ? builder.finish() : nil
    }

    /// Calls `body` with the range of each `<img>` start tag of `html` (up to its `>`) and its attributes.
    private static func eachImage(in html: String, _ body: (Range<String.Index>, TagAttributes) -> Void) {
        for tag in TagAttributes.startTags(named: "img", in: html) { body(tag, TagAttributes(html[tag])) }
    }

    /// The attributes to add to an `<img>` with `attributes`.
    private func added(to attributes: TagAttributes, page: String, basePath: String) -> String {
        var added = ""
        if let source = attributes["src"], let output = Self.outputPath(of: source, page: page, basePath: basePath),
            let size = size(ofOutput: output) {
            // A side written as a number of pixels gets the other in proportion.
            let pixels = 1...ImageSize.largestSide
            let width = attributes["width"].flatMap { Int($0) }.flatMap { pixels.contains($0) ? $0 : nil }
            let height = attributes["height"].flatMap { Int($0) }.flatMap { pixels.contains($0) ? $0 : nil }
            switch (attributes["width"], attributes["height"]) {
            case (nil, nil): added += " width=\"\(size.width)\" height=\"\(size.height)\""
            case (_?, nil): if let width, let other = size.height(forWidth: width) { added += " height=\"\(other)\"" }
            case (nil, _?): if let height, let other = size.width(forHeight: height) { added += " width=\"\(other)\"" }
            default: break
            }
        }
        if attributes["loading"] == nil { added += " loading=\"lazy\"" }
        return added
    }

    /// The output path an `<img src>` of a page at `page` names, when it is one on this site:
    /// root-relative under `basePath`, or relative to the page's folder.
    static func outputPath(of source: String, page: String, basePath: String) -> String? {
        var address = HTMLEscape.decode(source)
        if let end = address.firstIndex(where: { $0 == "?" || $0 == "#" }) { address = String(address[..<end]) }
        guard !address.isEmpty, !address.hasPrefix("//"), !address.contains(":") || address.hasPrefix("./") else { return nil }
        address = address.removingPercentEncoding ?? address
        let folder: String
        if address.hasPrefix("/") {
            guard address.hasPrefix(basePath) else { return nil }
            address = String(address.dropFirst(basePath.count))
            folder = ""
        } else {
            folder = page.hasSuffix("/") ? page : String(page[...(page.lastIndex(of: "/") ?? page.startIndex)])
        }
        var parts: [Substring] = []
        for part in (folder + "/" + address).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
