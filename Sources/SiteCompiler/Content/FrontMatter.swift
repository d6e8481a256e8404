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
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func isFence(_ line: Substring, closing: Bool) -> Bool {
            let word = line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
            return String(word) == "---" || (closing && String(word) == "...")
        }
        guard let first = lines.first, isFence(first, closing: false) else {
            return FrontMatter(fields: .null(line: 1), body: text, bodyLine: 1)
        }
        guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0], closing: true) }) else {
            throw Diagnostic(path: path, line: 1, message: "front matter opened with '---' is never closed by another '---' line")
        }
        let yaml = lines[1..<close].joined(separator: "\n")
        let fields = try YAMLValue.parse(yaml, path: path, lineOffset: 1)
        switch fields {
        case .mapping, .null: break
        default: throw Diagnostic(path: path, line: 2, message: "front matter must be `key: value` lines")
        }
        lines.removeFirst(close + 1)
        return FrontMatter(fields: fields, body: lines.joined(separator: "\n"), bodyLine: close + 2)
    }
}
