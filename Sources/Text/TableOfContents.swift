import Foundation

/// The table of contents a post asks for with `toc: true`: its second- and third-level headings,
/// each a link to the heading, as nested ordered lists (`page.toc`).
///
/// Only headings with an `id` (the Markdown renderer gives one to every heading) can be linked
/// to. A heading's text is taken as plain text: a link inside it would be a link in a link.
package enum TableOfContents {
    /// One heading.
    package struct Entry: Equatable {
        package var level: Int
        package var id: String
        package var text: String
    }

    /// The `<h2 id>` and `<h3 id>` headings of `html`, in order.
    ///
    /// Searched in the UTF-8 bytes from where the last search stopped: Foundation's
    /// `range(of:)` on a substring copies the rest of the text each time, which made a post of
    /// many headings take seconds.
    package static func entries(in html: String) -> [Entry] {
        guard UTF8Search.contains(" id=", in: html) else { return [] }
        var found: [Entry] = []
        let bytes = html.utf8
        var position = bytes.startIndex
        // A level none of whose headings is closed after some place: later ones are not either.
        var unclosed: Set<UInt8> = []
        while let open = bytes[position...].firstRange(of: "<h".utf8) {
            position = open.upperBound
            guard position < bytes.endIndex, case let digit = bytes[position], digit == UInt8(ascii: "2") || digit == UInt8(ascii: "3"),
                !unclosed.contains(digit) else { continue }
            let afterName = html[bytes.index(after: position)...]
            guard let next = afterName.first, next.isWhitespace else { continue }
            // A tag that never ends leaves none after it to be read as a heading either.
            guard let end = TagAttributes.endOfTag(in: afterName, from: afterName.startIndex) else { break }
            // Read on after the tag: what its attributes hold is no tag.
            let textStart = bytes.index(after: end)
            position = textStart
            guard let id = TagAttributes(afterName[..<end])["id"], !id.isEmpty else { continue }
            let closing = Array("</h".utf8) + [digit, UInt8(ascii: ">")]
            guard let close = bytes[textStart...].firstRange(of: closing) else {
                unclosed.insert(digit)
                continue
            }
            let text = PlainText.of(String(html[textStart..<close.lowerBound])).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { found.append(Entry(level: Int(digit - UInt8(ascii: "0")), id: id, text: text)) }
            position = close.upperBound
        }
        return found
    }

    /// The list of `html`'s headings; nil when it has none.
    package static func html(for html: String) -> String? {
        let entries = entries(in: html)
        guard let top = entries.map(\.level).min() else { return nil }
        var output = "<ol>\n"
        var open = false, nested = false
        for entry in entries {
            let item = "<li><a href=\"#\(entry.id)\">\(HTMLEscape.text(entry.text))</a>"
            if entry.level == top || !open {
                if nested { output += "</li>\n</ol>\n" }
                if open { output += "</li>\n" }
                output += item
                open = true
                nested = false
            } else {
                output += nested ? "</li>\n" : "\n<ol>\n"
                output += item
                nested = true
            }
        }
        if nested { output += "</li>\n</ol>\n" }
        output += "</li>\n</ol>"
        return output
    }
}
