/// Code blocks that the keyboard can reach: a `<pre>` wider than the column scrolls, and a reader
/// without a mouse can scroll it only once it can take focus. Each block becomes
/// `<pre tabindex="0" role="group" aria-label="Code">`, the label in the site's language, so that
/// a screen reader says what the focus landed on.
package enum CodeBlockFocus {
    /// `html` with every `<pre>` start tag made focusable and labelled with `label`, keeping any
    /// of those attributes a block has already.
    package static func focusable(_ html: String, label: String) -> String {
        guard UTF8Search.contains("<pre", in: html) || UTF8Search.contains("<PRE", in: html) else { return html }
        let tags = TagAttributes.startTags(named: "pre", in: html)
        guard !tags.isEmpty else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + tags.count * 64)
        var copied = html.startIndex
        for tag in tags {
            output += html[copied..<tag.lowerBound]
            copied = tag.lowerBound
            let attributes = TagAttributes(html[tag])
            if attributes["tabindex"] == nil { output += " tabindex=\"0\"" }
            if attributes["role"] == nil { output += " role=\"group\"" }
            if attributes["aria-label"] == nil, attributes["aria-labelledby"] == nil {
                output += " aria-label=\"\(HTMLEscape.text(label))\""
            }
        }
        output += html[copied...]
        return output
    }
}
