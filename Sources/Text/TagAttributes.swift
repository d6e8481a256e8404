/// The attributes of one HTML or SVG start tag, read as browsers read them: names without case,
/// values in double quotes, single quotes or none.
///
/// Only what sizing images needs: no entity is decoded, and a name given twice keeps its first value.
package struct TagAttributes {
    /// The attributes in the order written, names lowercased.
    package private(set) var pairs: [(name: String, value: String)] = []

    /// The attributes of `tag`, the text between the tag's name and its closing `>`.
    package init(_ tag: Substring) {
        var rest = tag[...]
        func dropSpace() { rest = rest.drop { $0.isWhitespace || $0 == "/" } }
        dropSpace()
        while !rest.isEmpty {
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            rest = rest.dropFirst(name.count)
            rest = rest.drop(while: \.isWhitespace)
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop(while: \.isWhitespace)
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    rest = rest.dropFirst(body.count + 1)
                    if rest.first == quote { rest = rest.dropFirst() }
                } else {
                    let body = rest.prefix { !$0.isWhitespace && $0 != ">" }
                    value = String(body)
                    rest = rest.dropFirst(body.count)
                }
            }
            if name.isEmpty {
                rest = rest.dropFirst()
            } else {
                let lowered = name.lowercased()
                if self[lowered] == nil { pairs.append((lowered, value)) }
            }
            dropSpace()
        }
    }

    /// The value of the attribute `name` (lowercase); nil when the tag has none.
    package subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The start tags named `name` (lowercase) in `html`, each as the range of its attributes:
    /// from just after its name to its closing `>`. Comments and the insides of `script` and
    /// `style` elements are skipped: text there that looks like a tag is not one, and a change
    /// to it would change a script.
    package static func startTags(named name: String, in html: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var index = html.startIndex
        while let open = html.utf8[index...].firstIndex(of: UInt8(ascii: "<")) {
            let after = html.utf8.index(after: open)
            let rest = html[after...]
            if rest.hasPrefix("!--") {
                guard let close = rest.range(of: "-->") else { break }
                index = close.upperBound
                continue
            }
            let tagName = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
            if tagName == "script" || tagName == "style" {
                guard let close = rest.range(of: "</" + tagName, options: .caseInsensitive) else { break }
                index = close.upperBound
                continue
            }
            if tagName == name {
                let start = html.utf8.index(after, offsetBy: name.utf8.count)
                if let end = endOfTag(in: html[...], from: start) {
                    found.append(start..<end)
                    index = end
                    continue
                }
            }
            index = after
        }
        return found
    }

    /// The end of the start tag that begins at `start` in `html` (the index of its `>`), skipping
    /// any `>` inside a quoted value; nil when the tag is not closed.
    package static func endOfTag(in html: Substring, from start: Substring.Index) -> Substring.Index? {
        var quote: Character?
        var index = start
        while index < html.endIndex {
            let character = html[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
            index = html.index(after: index)
        }
        return nil
    }
}
