/// The YAML block between `---` lines at the top of a post or page, and the Markdown after it.
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
        func isFence(_ start: Int, _ end: Int, closing: Bool) -> Bool {
            var stop = end
            while stop > start, bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 || bytes[stop - 1] == 0x0D { stop -= 1 }
            guard stop - start == 3 else { return false }
            let dash = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
            return (bytes[start] == dash && bytes[start + 1] == dash && bytes[start + 2] == dash)
                || (closing && bytes[start] == dot && bytes[start + 1] == dot && bytes[start + 2] == dot)
        }
        let firstEnd = lineEnd(0)
        guard isFence(0, firstEnd, closing: false) else {
            return FrontMatter(fields: .null(line: 1), body: text, bodyLine: 1)
        }
        var start = firstEnd + 1
        var line = 2
        while start <= bytes.count {
            let end = lineEnd(start)
            if isFence(start, end, closing: true) {
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
}
