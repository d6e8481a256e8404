/// The attributes of one HTML or SVG start tag, read as browsers read them: names without case,
/// values in double quotes, single quotes or none.
///
/// Only what sizing images needs: no entity is decoded, and a name given twice keeps its first value.
struct TagAttributes {
    /// The attributes in the order written, names lowercased.
    private(set) var pairs: [(name: String, value: String)] = []

    /// The attributes of `tag`, the text between the tag's name and its closing `>`.
    init(_ tag: Substring) {
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
    subscript(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The end of the start tag that begins at `start` in `html` (the index of its `>`), skipping
    /// any `>` inside a quoted value; nil when the tag is not closed.
    static func endOfTag(in html: Substring, from start: Substring.Index) -> Substring.Index? {
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
