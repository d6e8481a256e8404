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
        // Read as bytes: highlighted code holds a `<span>` every few words, and reading each
        // tag's name as characters, lowercased, cost more than rendering the Markdown.
        let utf8 = html.utf8
        var found: [Range<String.Index>] = []
        var index = utf8.startIndex
        while let open = utf8[index...].firstIndex(of: UInt8(ascii: "<")) {
            let after = utf8.index(after: open)
            let rest = html[after...]
            if rest.utf8.starts(with: "!--".utf8) {
                guard let close = rest.range(of: "-->") else { break }
                index = close.upperBound
                continue
            }
            var nameEnd = after
            while nameEnd < utf8.endIndex, Self.isASCIILetterOrDigit(utf8[nameEnd]) { nameEnd = utf8.index(after: nameEnd) }
            // A name that goes on past its ASCII letters (`<pré>`) is another element.
            let wholeName = nameEnd == utf8.endIndex || utf8[nameEnd] < 0x80
            let tagName = utf8[after..<nameEnd]
            if wholeName, let skipped = Self.rawText.first(where: { Self.equalIgnoringCase(tagName, $0) }) {
                guard let close = rest.range(of: "</" + skipped, options: .caseInsensitive) else { break }
                index = close.upperBound
                continue
            }
            if wholeName, Self.equalIgnoringCase(tagName, name), let end = endOfTag(in: html[...], from: nameEnd) {
                found.append(nameEnd..<end)
                index = end
                continue
            }
            index = after
        }
        return found
    }

    /// The elements whose insides are text, not tags.
    private static let rawText = ["script", "style"]

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Whether `bytes` spell `lowercase` (ASCII), in any case.
    private static func equalIgnoringCase(_ bytes: Substring.UTF8View, _ lowercase: String) -> Bool {
        bytes.count == lowercase.utf8.count && zip(bytes, lowercase.utf8).allSatisfy { $0 | 0x20 == $1 }
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
