import Diagnostics

/// The block at the top of a post or page, and the Markdown after it: YAML between `---` lines
/// (Jekyll, Hugo, Galley), TOML between `+++` lines (Hugo, Zola) or a JSON object (Hugo).
package struct FrontMatter: Sendable {
    /// The parsed block; `.null` when the file has none.
    package var fields: YAMLValue
    /// The Markdown after the block.
    package var body: String
    /// The file line the body starts on.
    package var bodyLine: Int

    /// Whether `bytes` (a file's, after any byte order mark) open with a block that
    /// ``split(_:path:)`` reads as front matter: a `---` or `+++` line, or `{`.
    package static func opens(_ bytes: [UInt8]) -> Bool {
        let firstEnd = lineEnd(bytes, from: 0)
        return bytes.first == UInt8(ascii: "{") || isFence(bytes, 0, firstEnd, of: UInt8(ascii: "-"))
            || isFence(bytes, 0, firstEnd, of: UInt8(ascii: "+"))
    }

    /// Splits `text` into front matter and body, parsing the front matter.
    package static func split(_ text: String, path: String) throws(Diagnostic) -> FrontMatter {
        // Line by line over the UTF-8 bytes: splitting into Characters costs more than the YAML.
        let bytes = Array(text.utf8)
        let firstEnd = lineEnd(bytes, from: 0)
        if isFence(bytes, 0, firstEnd, of: UInt8(ascii: "+")) {
            let block = try fenced(bytes, after: firstEnd, by: UInt8(ascii: "+"), path: path)
            let fields = try TOMLFrontMatter.parse(block.text, path: path, firstLine: 2)
            return FrontMatter(fields: fields, body: block.body, bodyLine: block.bodyLine)
        }
        if bytes.first == UInt8(ascii: "{") {
            let (fields, end, endLine) = try JSONFrontMatter.parse(bytes, path: path)
            // The limit YAML and TOML blocks have; a JSON object's end is known once it is read.
            guard end <= InputLimits.frontMatterBytes else {
                throw Diagnostic(path: path, line: 1, message:
                    "\(end / 1024) KB of JSON is more than Galley reads (\(InputLimits.frontMatterBytes / 1024) KB); put long text in the Markdown")
            }
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
        guard isFence(bytes, 0, firstEnd, of: UInt8(ascii: "-")) else {
            if let fence = FrontMatterFence.misspelt(opening: bytes[..<firstEnd]), FrontMatterFence.looksLikeKey(bytes, after: firstEnd) {
                throw Diagnostic(path: path, line: 1, column: 1, message:
                    "front matter not found: the first line is '\(fence)', and front matter opens with a line of three dashes '---'")
            }
            return FrontMatter(fields: .null(line: 1), body: text, bodyLine: 1)
        }
        let block = try fenced(bytes, after: firstEnd, by: UInt8(ascii: "-"), path: path)
        let fields = try YAMLValue.parse(block.text, path: path, lineOffset: 1)
        switch fields {
        case .mapping, .null: break
        default: throw Diagnostic(path: path, line: 2, message: "front matter must be `key: value` lines")
        }
        return FrontMatter(fields: fields, body: block.body, bodyLine: block.bodyLine)
    }

    /// The lines after the opening fence (which ends at `firstEnd`) up to the closing one, and
    /// the body after that. YAML may also close with `...`.
    private static func fenced(_ bytes: [UInt8], after firstEnd: Int, by mark: UInt8,
                               path: String) throws(Diagnostic) -> (text: String, body: String, bodyLine: Int) {
        var start = firstEnd + 1
        var line = 2
        while start <= bytes.count {
            let end = lineEnd(bytes, from: start)
            if isFence(bytes, start, end, of: mark, closing: true) {
                let text = start - 1 > firstEnd + 1 ? String(decoding: bytes[(firstEnd + 1)..<(start - 1)], as: UTF8.self) : ""
                let body = end < bytes.count ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
                return (text, body, line + 1)
            }
            start = end + 1
            line += 1
        }
        let fence = String(repeating: Character(Unicode.Scalar(mark)), count: 3)
        throw FrontMatterFence.notClosed(bytes, after: firstEnd, fence: fence, path: path)
    }

    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// Whether the line from `start` to `end` is three `mark`s (or, closing YAML, three dots),
    /// with nothing after them but spaces.
    private static func isFence(_ bytes: [UInt8], _ start: Int, _ end: Int, of mark: UInt8, closing: Bool = false) -> Bool {
        var stop = end
        while stop > start, bytes[stop - 1] == 0x20 || bytes[stop - 1] == 0x09 || bytes[stop - 1] == 0x0D { stop -= 1 }
        guard stop - start == 3 else { return false }
        let dot = UInt8(ascii: ".")
        return (bytes[start] == mark && bytes[start + 1] == mark && bytes[start + 2] == mark)
            || (closing && mark == UInt8(ascii: "-") && bytes[start] == dot && bytes[start + 1] == dot && bytes[start + 2] == dot)
    }
}
