/// A post's HTML with each heading's text made a link to the heading itself, for
/// `page.anchored_content`: `<h2 id="why"><a class="anchor" href="#why">Why?</a></h2>`.
///
/// The heading's own text is the link, so a screen reader says it once, as a heading that is a
/// link; the theme shows a `#` beside it on hover and focus. Only headings as the Markdown
/// renderer writes them (`<h2 id="…">`) are linked, and not one that holds a link already: a
/// link inside a link is not HTML. Feeds and excerpts keep `page.content`, without the links.
package enum HeadingAnchors {
    /// The class of the links, for the theme's stylesheet.
    package static let linkClass = "anchor"

    package static func linked(_ html: String) -> String {
        guard UTF8Search.contains(" id=\"", in: html) else { return html }
        // Each linked heading's id and text, by byte offsets: the scan runs over the bytes, and
        // the result is made of the text's own pieces, which need no checking as new bytes would
        // (checking a post's whole HTML again took most of this function's time).
        var headings: [(id: Range<Int>, text: Range<Int>)] = []
        var html = html
        html.withUTF8 { bytes in
            var index = 0
            // From one `<h` to the next, found many bytes at a time: a long post has a few
            // headings among thousands of tags.
            while let open = UTF8Search.offset(of: headingOpening, in: bytes, from: index), open + 9 < bytes.count {
                index = open
                guard let level = heading(bytes[index + 2]), bytes[(index + 3)..<(index + 8)].elementsEqual(idOpening) else {
                    index += 1
                    continue
                }
                let idStart = index + 8
                guard let idEnd = UTF8Search.offset(of: quote, in: bytes, from: idStart), idEnd > idStart,
                    idEnd + 1 < bytes.count, bytes[idEnd + 1] == UInt8(ascii: ">")
                else {
                    index += 1
                    continue
                }
                let closing = Array("</h\(level)>".utf8)
                let textStart = idEnd + 2
                guard let textEnd = UTF8Search.offset(of: closing, in: bytes, from: textStart), textEnd > textStart,
                    !holdsLink(UnsafeBufferPointer(rebasing: bytes[textStart..<textEnd]))
                else {
                    index = textStart
                    continue
                }
                headings.append((idStart..<idEnd, textStart..<textEnd))
                index = textEnd + closing.count
            }
        }
        guard !headings.isEmpty else { return html }
        // Every piece starts and ends beside an ASCII byte (`"`, `>`, `<`).
        var output = ""
        output.reserveCapacity(html.utf8.count + headings.count * 64)
        var copied = 0
        for (id, text) in headings {
            output += UTF8Search.slice(of: html, from: copied, to: text.lowerBound)
            output += "<a class=\"\(linkClass)\" href=\"#"
            output += UTF8Search.slice(of: html, from: id.lowerBound, to: id.upperBound)
            output += "\">"
            output += UTF8Search.slice(of: html, from: text.lowerBound, to: text.upperBound)
            output += "</a>"
            copied = text.upperBound
        }
        output += UTF8Search.slice(of: html, from: copied, to: html.utf8.count)
        return output
    }

    private static let headingOpening = Array("<h".utf8), quote = Array("\"".utf8)

    /// Whether a heading's text holds a link already (`<a` in either case).
    private static func holdsLink(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Search.offset(of: Array("<a".utf8), in: text) != nil || UTF8Search.offset(of: Array("<A".utf8), in: text) != nil
    }

    /// `html` with the `id` of each heading taken off: an excerpt shown among others on a list
    /// page, where two posts' "Introduction" would otherwise give the page one id twice.
    package static func withoutIDs(_ html: String) -> String {
        guard UTF8Search.contains(" id=\"", in: html) else { return html }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var index = 0
        while index + 8 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"), heading(bytes[index + 2]) != nil,
                bytes[(index + 3)..<(index + 8)].elementsEqual(idOpening),
                let idEnd = bytes[(index + 8)...].firstIndex(of: UInt8(ascii: "\""))
            else {
                index += 1
                continue
            }
            output += bytes[copied..<(index + 3)]
            copied = idEnd + 1
            index = copied
        }
        guard copied > 0 else { return html }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    private static let idOpening = Array(" id=\"".utf8)

    private static func heading(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "6") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
