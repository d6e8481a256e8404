/// A Hugo-style shortcode as written in a post: `{{< figure src="a.png" caption="A cat" >}}`.
package struct Shortcode: Sendable, Equatable {
    var name: String
    /// Arguments given by position: `{{< youtube w7Ft2ymGmfc >}}`.
    var positional: [String]
    /// Arguments given by name: `src="a.png"`.
    var named: [String: String]
    /// Whether it was written `{{% … %}}`, whose inside is Markdown in Hugo.
    var markdown: Bool
    /// The text up to the closing `{{< /name >}}`, for shortcodes that have one.
    var inner: String?
    /// The closing tag as written, when there is one.
    var closing: String?
    /// The opening tag as written (`{{< plotly id="a b" >}}`), quotes and spaces as they were,
    /// for printing it back; empty when it was made rather than read.
    var source = ""

    /// The shortcodes whose text runs to a closing tag.
    static let paired: Set<String> = ["highlight"]
    /// Galley's own shortcodes that never have a closing tag; any other may (a theme's own).
    static let single: Set<String> = ["figure", "ref", "relref", "youtube", "vimeo", "gist"]

    /// Reads the inside of `{{< … >}}`; nil when it is not a name and arguments. Values are
    /// quoted with `"…"` (backslash escapes) or `` `…` `` (raw), or are single words.
    init?(_ inside: String, markdown: Bool) {
        let characters = Array(inside)
        var index = 0
        func skipSpaces() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        func value() -> String? {
            guard index < characters.count else { return nil }
            let quote = characters[index]
            if quote == "\"" || quote == "`" {
                var text = ""
                index += 1
                while index < characters.count, characters[index] != quote {
                    if quote == "\"", characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                    }
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { return nil }
                index += 1
                return text
            }
            let start = index
            while index < characters.count, !characters[index].isWhitespace, characters[index] != "=" { index += 1 }
            return index > start ? String(characters[start..<index]) : nil
        }
        skipSpaces()
        let nameStart = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || "_-/".contains(characters[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        name = String(characters[nameStart..<index])
        positional = []
        named = [:]
        self.markdown = markdown
        while true {
            skipSpaces()
            guard index < characters.count else { break }
            guard let first = value() else { return nil }
            if index < characters.count, characters[index] == "=" {
                index += 1
                guard let second = value() else { return nil }
                named[first] = second
            } else {
                positional.append(first)
            }
        }
    }

    /// The argument called `name`, or else the one at `position`.
    func argument(_ name: String, at position: Int? = nil) -> String? {
        if let value = named[name] { return value }
        guard let position, positional.indices.contains(position) else { return nil }
        return positional[position]
    }
}
