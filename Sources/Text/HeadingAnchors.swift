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
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var copied = 0
        var index = 0
        while index + 9 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "h"),
                let level = heading(bytes[index + 2]), Array(bytes[(index + 3)..<(index + 8)]) == Self.idOpening
            else {
                index += 1
                continue
            }
            let idStart = index + 8
            guard let idEnd = bytes[idStart...].firstIndex(of: UInt8(ascii: "\"")), idEnd > idStart,
                idEnd + 1 < bytes.count, bytes[idEnd + 1] == UInt8(ascii: ">")
            else {
                index += 1
                continue
            }
            let closing = Array("</h\(level)>".utf8)
            let textStart = idEnd + 2
            guard let textEnd = find(closing, in: bytes, from: textStart), textEnd > textStart,
                find(Array("<a".utf8), in: bytes[textStart..<textEnd]) == nil, find(Array("<A".utf8), in: bytes[textStart..<textEnd]) == nil
            else {
                index = textStart
                continue
            }
            output += bytes[copied..<textStart]
            output += Array("<a class=\"\(linkClass)\" href=\"#".utf8) + bytes[idStart..<idEnd] + Array("\">".utf8)
            output += bytes[textStart..<textEnd]
            output += Array("</a>".utf8)
            copied = textEnd
            index = textEnd + closing.count
        }
        guard copied > 0 else { return html }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
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

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        find(needle, in: bytes[start...])
    }

    private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
