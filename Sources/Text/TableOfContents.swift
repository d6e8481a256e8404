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
    package static func entries(in html: String) -> [Entry] {
        guard UTF8Search.contains(" id=", in: html) else { return [] }
        var found: [Entry] = []
        var rest = html[...]
        while let open = rest.range(of: "<h") {
            rest = rest[open.upperBound...]
            guard let digit = rest.first, digit == "2" || digit == "3", let level = digit.wholeNumberValue else { continue }
            let afterName = rest.dropFirst()
            guard let next = afterName.first, next.isWhitespace,
                let end = TagAttributes.endOfTag(in: afterName, from: afterName.startIndex),
                let id = TagAttributes(afterName[..<end])["id"], !id.isEmpty,
                let close = afterName[end...].range(of: "</h\(level)>")
            else { continue }
            let inner = afterName[afterName.index(after: end)..<close.lowerBound]
            let text = PlainText.of(String(inner)).trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { found.append(Entry(level: level, id: id, text: text)) }
            rest = afterName[close.upperBound...]
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
