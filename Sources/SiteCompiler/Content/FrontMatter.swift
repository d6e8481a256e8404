/// The block at the top of a post or page, and the Markdown after it: YAML between `---` lines
/// (Jekyll, Hugo, Galley), TOML between `+++` lines (Hugo, Zola) or a JSON object (Hugo).
struct FrontMatter: Sendable {
    /// The parsed block; `.null` when the file has none.
    var fields: YAMLValue
    /// The Markdown after the block.
    var body: String
    /// The file line the body starts on.
    var bodyLine: Int

    /// Splits `text` into front matter and body, parsing the front matter.
    static func split(_ text: String, path: String) throws(Diagnostic) -> FrontMatter {
        // Line by line over the UTF-8 bytes: splitting into Characters costs more than the YAML.
        let bytes = Array(text.utf8)
        func lineEnd(_ start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            return end
        }
        func isFence(_ start: Int, _ end: Int, of mark: UInt8, closing: Bool = false) -> Bool {
            var stop = end
            while stop > start, bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 || bytes[stop - 1] == 0x0D { stop -= 1 }
            guard stop - start == 3 else { return false }
            let dot = UInt8(ascii: ".")
            return (bytes[start] == mark && bytes[start + 1] == mark && bytes[start + 2] == mark)
                || (closing && mark == UInt8(ascii: "-") && bytes[start] == dot && bytes[start + 1] == dot && bytes[start + 2] == dot)
        }
        let firstEnd = lineEnd(0)
        if isFence(0, firstEnd, of: UInt8(ascii: "+")) {
            return try toml(bytes, from: firstEnd + 1, path: path)
        }
        if bytes.first == UInt8(ascii: "{") {
            let (fields, end, endLine) = try JSONFrontMatter.parse(bytes, path: path)
            // The Markdown starts on the line after the closing brace, or on its line when text follows it there.
            var bodyStart = end, bodyLine = endLine
            var after = end
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 || bytes[after] == 0x0D { after += 1 }
            if after == bytes.count || bytes[after] == 0x0A {
                bodyStart = min(bytes.count, after + 1)
                bodyLine += 1
            }
            return FrontMatter(fields: fields, body: String(decoding: bytes[bodyStart...], as: UTF8.self), bodyLine: bodyLine)
        }
        guard isFence(0, firstEnd, of: UInt8(ascii: "-")) else {
            return FrontMatter(fields: .null(line: 1), body: text, bodyLine: 1)
        }
        var start = firstEnd + 1
        var line = 2
        while start <= bytes.count {
            let end = lineEnd(start)
            if isFence(start, end, of: UInt8(ascii: "-"), closing: true) {
                let yaml = start - 1 > firstEnd + 1 ? String(decoding: bytes[(firstEnd + 1)..<(start - 1)], as: UTF8.self) : ""
                let fields = try YAMLValue.parse(yaml, path: path, lineOffset: 1)
                switch fields {
                case .mapping, .null: break
                default: throw Diagnostic(path: path, line: 2, message: "front matter must be `key: value` lines")
                }
                let body = end < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
                return FrontMatter(fields: fields, body: body, bodyLine: line + 1)
            }
            start = end + 1
            line += 1
        }
        throw Diagnostic(path: path, line: 1, message: "front matter opened with '---' is never closed by another '---' line")
    }

    /// TOML front matter from `start`, the line after the opening `+++`, to a closing `+++`.
    private static func toml(_ bytes: [UInt8], from start: Int, path: String) throws(Diagnostic) -> FrontMatter {
        var lineStart = start, line = 2
        while lineStart <= bytes.count {
            var end = lineStart
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var stop = end
            while stop > lineStart, bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 || bytes[stop - 1] == 0x0D { stop -= 1 }
            let plus = UInt8(ascii: "+")
            if stop - lineStart == 3, bytes[lineStart] == plus, bytes[lineStart + 1] == plus, bytes[lineStart + 2] == plus {
                let text = String(decoding: bytes[start..<max(start, lineStart - 1)], as: UTF8.self)
                let fields = try TOMLFrontMatter.parse(text, path: path, firstLine: 2)
                let body = end < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
                return FrontMatter(fields: fields, body: body, bodyLine: line + 1)
            }
            lineStart = end + 1
            line += 1
        }
        throw Diagnostic(path: path, line: 1, message: "front matter opened with '+++' is never closed by another '+++' line")
    }
}
