/// Code blocks that the keyboard can reach: a `<pre>` wider than the column scrolls, and a reader
/// without a mouse can scroll it only once it can take focus. Each block becomes
/// `<pre tabindex="0" role="group" aria-label="Code">`, the label in the site's language, so that
/// a screen reader says what the focus landed on.
enum CodeBlockFocus {
    /// `html` with every `<pre>` start tag made focusable and labelled with `label`, keeping any
    /// of those attributes a block has already.
    static func focusable(_ html: String, label: String) -> String {
        guard UTF8Search.contains("<pre", in: html) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let open = rest.range(of: "<pre") {
            output += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            // `<pre` and nothing more: not `<preview>`.
            guard let next = rest.first, next == ">" || next.isWhitespace || next == "/",
                let end = TagAttributes.endOfTag(in: rest, from: rest.startIndex)
            else { continue }
            let attributes = TagAttributes(rest[..<end])
            if attributes["tabindex"] == nil { output += " tabindex=\"0\"" }
            if attributes["role"] == nil { output += " role=\"group\"" }
            if attributes["aria-label"] == nil, attributes["aria-labelledby"] == nil {
                output += " aria-label=\"\(HTMLEscape.text(label))\""
            }
        }
        output += rest
        return output
    }
}
