import Foundation

/// Small, careful operations on HTML text: escaping, plain-text extraction and link rewriting.
public enum HTMLText {
    /// Escapes text for use in element content and in quoted attributes.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The text of an HTML fragment with tags, comments and scripts removed and entities decoded,
    /// whitespace folded to single spaces.
    public static func plainText(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            let tail = rest[open...]
            let next = tail.dropFirst().first
            guard let next, next.isLetter || next == "/" || next == "!" else {
                text += "<"  // a bare '<' in text, not a tag
                rest = tail.dropFirst()
                continue
            }
            if let hidden = ["<script", "<style"].first(where: { tail.hasPrefix($0) }),
                let close = tail.range(of: "</" + hidden.dropFirst() + ">")
            {
                rest = tail[close.upperBound...]
            } else if tail.hasPrefix("<!--"), let close = tail.range(of: "-->") {
                rest = tail[close.upperBound...]
            } else if let close = tail.firstIndex(of: ">") {
                let name = tail.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if !inlineElements.contains(name) { text += " " }
                rest = tail[tail.index(after: close)...]
            } else {
                text += "<"
                rest = tail.dropFirst()
            }
        }
        text += rest
        return decodeEntities(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Elements that sit inside a line of text, so removing their tags must not split words.
    private static let inlineElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "#39": "'"]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";") {
                let name = String(after[..<semicolon])
                var decoded: String?
                if let value = named[name] {
                    decoded = value
                } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16) {
                    decoded = Unicode.Scalar(code).map { String(Character($0)) }
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) {
                    decoded = Unicode.Scalar(code).map { String(Character($0)) }
                }
                if let decoded {
                    result += decoded
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            result += "&"
            rest = after
        }
        result += rest
        return result
    }

    /// At most `limit` characters of `text`, cut at a word boundary and ended with an ellipsis.
    public static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end].trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    /// Rewrites every `href` and `src` (and `srcset` entries) in `html` so that they still point at
    /// the right place when the HTML is shown somewhere else: a root-relative `/x` becomes
    /// `root + x`, a relative `x` or `#x` resolves against `base`. Absolute URLs are kept.
    static func rebaseLinks(_ html: String, root: String, base: String) -> String {
        var result = ""
        result.reserveCapacity(html.utf8.count + 64)
        var rest = html[...]
        let attributes = [" href=\"", " src=\"", " poster=\""]
        while let match = attributes.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            result += rest[..<match.upperBound]
            rest = rest[match.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            result += resolve(String(rest[..<close]), root: root, base: base)
            rest = rest[close...]
        }
        result += rest
        return result
    }

    static func resolve(_ link: String, root: String, base: String) -> String {
        if link.isEmpty { return base }
        if link.hasPrefix("//") { return link }
        if link.hasPrefix("/") { return root + link.dropFirst() }
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains("/"), !link[..<colon].contains("#") {
            return link  // has a scheme: https:, mailto:, data:
        }
        return base + link
    }

    /// Removes footnote references, whose targets are not on a page that shows only an excerpt.
    static func removeFootnoteReferences(_ html: String) -> String {
        guard html.contains("footnote-ref") else { return html }
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: "<sup class=\"footnote-ref\">") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "</sup>") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[end.upperBound...]
        }
        result += rest
        return result
    }

    /// Escapes text for XML content and attributes, dropping characters XML 1.0 cannot carry.
    public static func xmlEscape(_ text: String) -> String {
        let cleaned = text.unicodeScalars.allSatisfy(isXMLCharacter) ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(isXMLCharacter)))
        return escape(cleaned).replacingOccurrences(of: "&#39;", with: "&apos;")
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
