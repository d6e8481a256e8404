import Foundation
import Markdown
import Text

/// The HTML of the shortcodes that print HTML: a figure, and videos and gists from other sites.
/// Every value from a post is escaped, and ids are checked, so a shortcode cannot open an
/// element or an address of its own: a figure's caption is Markdown without its raw HTML.
package enum Embeds {
    /// `{{< figure src="a.png" alt="…" caption="…" title="…" link="…" class="…" width height >}}`.
    /// The caption is Markdown, as Hugo reads it (`caption="A **big** cat"`), and the image's
    /// text without `alt` is the caption's words.
    static func figure(_ shortcode: Shortcode) -> String? {
        guard let source = shortcode.argument("src", at: 0), !source.isEmpty else { return nil }
        func attribute(_ name: String, _ value: String?) -> String {
            guard let value, !value.isEmpty else { return "" }
            return " \(name)=\"\(HTMLEscape.text(value))\""
        }
        let text = (shortcode.named["caption"]).map(MarkdownRenderer.inline) ?? ""
        let alt = shortcode.named["alt"] ?? PlainText.of(text)
        var image = "<img src=\"\(HTMLEscape.text(safeAddress(source)))\" alt=\"\(HTMLEscape.text(alt))\""
            + attribute("width", shortcode.named["width"].flatMap { isNumber($0) ? $0 : nil })
            + attribute("height", shortcode.named["height"].flatMap { isNumber($0) ? $0 : nil })
            + attribute("loading", shortcode.named["loading"].flatMap { $0 == "lazy" || $0 == "eager" ? $0 : nil }) + ">"
        if let link = shortcode.named["link"], !link.isEmpty {
            image = "<a href=\"\(HTMLEscape.text(safeAddress(link)))\"\(attribute("target", shortcode.named["target"]))\(attribute("rel", shortcode.named["rel"]))>\(image)</a>"
        }
        var caption = ""
        let title = shortcode.named["title"] ?? "", credit = shortcode.named["attr"] ?? ""
        if !title.isEmpty || !text.isEmpty || !credit.isEmpty {
            caption = "<figcaption>"
            if !title.isEmpty { caption += "<strong>\(HTMLEscape.text(title))</strong>" }
            if !text.isEmpty { caption += (title.isEmpty ? "" : " ") + text }
            if !credit.isEmpty {
                let name = HTMLEscape.text(credit)
                let linked = shortcode.named["attrlink"].map { "<a href=\"\(HTMLEscape.text(safeAddress($0)))\">\(name)</a>" } ?? name
                caption += (title.isEmpty && text.isEmpty ? "" : " ") + linked
            }
            caption += "</figcaption>"
        }
        // One line, so Markdown takes it as one HTML block and adds no paragraph inside.
        return "<figure\(attribute("class", shortcode.named["class"]))>\(image)\(caption)</figure>"
    }

    /// A YouTube or Vimeo player, or a GitHub gist's script.
    static func embed(_ shortcode: Shortcode) -> String? {
        switch shortcode.name {
        case "youtube":
            guard let id = shortcode.argument("id", at: 0), isID(id) else { return nil }
            let title = HTMLEscape.text(shortcode.named["title"] ?? "YouTube video")
            return "<div class=\"video\"><iframe src=\"https://www.youtube-nocookie.com/embed/\(id)\" title=\"\(title)\" loading=\"lazy\" "
                + "allow=\"accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture\" allowfullscreen></iframe></div>"
        case "vimeo":
            guard let id = shortcode.argument("id", at: 0), isID(id) else { return nil }
            let title = HTMLEscape.text(shortcode.named["title"] ?? "Vimeo video")
            return "<div class=\"video\"><iframe src=\"https://player.vimeo.com/video/\(id)?dnt=1\" title=\"\(title)\" loading=\"lazy\" "
                + "allow=\"fullscreen; picture-in-picture\" allowfullscreen></iframe></div>"
        case "gist":
            guard let user = shortcode.argument("user", at: 0), let id = shortcode.argument("id", at: 1), isID(user), isID(id) else { return nil }
            var address = "https://gist.github.com/\(user)/\(id).js"
            if let file = shortcode.argument("file", at: 2) {
                guard let encoded = file.addingPercentEncoding(withAllowedCharacters: .alphanumerics) else { return nil }
                address += "?file=" + encoded
            }
            return "<script src=\"\(HTMLEscape.text(address))\"></script>"
        default:
            return nil
        }
    }

    /// The shortcode as it was written, more or less, for printing one Galley does not run.
    static func source(of shortcode: Shortcode) -> String {
        guard shortcode.source.isEmpty else { return shortcode.source }
        var parts = [shortcode.name] + shortcode.positional.map(quote)
        parts += shortcode.named.sorted { $0.key < $1.key }.map { "\($0.key)=\(quote($0.value))" }
        let (open, close) = shortcode.markdown ? ("{{%", "%}}") : ("{{<", ">}}")
        return "\(open) \(parts.joined(separator: " ")) \(close)"
    }

    private static func quote(_ value: String) -> String {
        value.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "=" }) || value.isEmpty ? "\"\(value.replacingOccurrences(of: "\"", with: "\\\""))\"" : value
    }

    private static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 200 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    private static func isNumber(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }

    /// An address for `src` or `href`: a `javascript:` or other script address is dropped.
    private static func safeAddress(_ address: String) -> String {
        let written = address.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        let scheme = written.lowercased().filter { !$0.isWhitespace && !$0.isNewline }
        if address.dropFirst(written.count).hasPrefix(":"), !["http", "https", "mailto"].contains(scheme) { return "#" }
        return address
    }
}
